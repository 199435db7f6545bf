import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueSummary,
  checklistConflict,
  checklistHistory,
  checklistItem,
  checklistResponse,
  evidenceParams,
  itemNumberParams,
  linkEvidenceRequest,
  updateChecklistItemRequest,
} from '@shared/api/checklist';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { ensureCurrentCatalogue, summarizeCatalogue } from './catalogue-store';
import { checklistTransferRoutes } from './transfer-routes';
import {
  ChecklistConflictError,
  getChecklist,
  getItemHistory,
  linkEvidence,
  unlinkEvidence,
  updateChecklistItem,
} from './service';

/** A 1 MB comment should meet the 20,000-character rule (422), not the generic body limit. */
const PATCH_BODY_LIMIT = 4 * 1024 * 1024;

export async function checklistRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  // The catalogue is versioned data: it is in the database before the first request is served.
  ctx.atStartup(() => ensureCurrentCatalogue(db));

  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['checklist'];
  const errors = errorResponses(401, 403, 404, 422);
  const editors = authorize('editChecklist');

  app.get(
    '/api/checklist/catalogue-summary',
    { schema: { tags, response: { 200: catalogueSummary } } },
    () => summarizeCatalogue(db, CURRENT_CATALOGUE.version),
  );

  app.get(
    '/api/checklist',
    { schema: { tags, response: { 200: checklistResponse, ...errors } }, onRequest: authorize() },
    (request) => getChecklist(db, actorOf(request)),
  );

  app.patch(
    '/api/checklist/:itemNumber',
    {
      bodyLimit: PATCH_BODY_LIMIT,
      schema: {
        tags,
        params: itemNumberParams,
        body: updateChecklistItemRequest,
        response: { 200: checklistItem, 409: checklistConflict, ...errors },
      },
      onRequest: editors,
    },
    async (request, reply) => {
      try {
        return await updateChecklistItem(
          db,
          actorOf(request),
          request.params.itemNumber,
          request.body,
        );
      } catch (error) {
        if (!(error instanceof ChecklistConflictError)) throw error;
        return reply
          .status(409)
          .send({ message: error.message, code: error.code, current: error.current });
      }
    },
  );

  app.get(
    '/api/checklist/:itemNumber/history',
    {
      schema: { tags, params: itemNumberParams, response: { 200: checklistHistory, ...errors } },
      onRequest: authorize(),
    },
    (request) => getItemHistory(db, actorOf(request), request.params.itemNumber),
  );

  app.post(
    '/api/checklist/:itemNumber/evidence',
    {
      schema: {
        tags,
        params: itemNumberParams,
        body: linkEvidenceRequest,
        response: { 200: checklistItem, ...errors },
      },
      onRequest: editors,
    },
    (request) =>
      linkEvidence(db, actorOf(request), request.params.itemNumber, request.body.documentId),
  );

  app.delete(
    '/api/checklist/:itemNumber/evidence/:documentId',
    {
      schema: { tags, params: evidenceParams, response: { 200: checklistItem, ...errors } },
      onRequest: editors,
    },
    (request) =>
      unlinkEvidence(db, actorOf(request), request.params.itemNumber, request.params.documentId),
  );

  await app.register(async (scope) => checklistTransferRoutes(scope, ctx));
}
