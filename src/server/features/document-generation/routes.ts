import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveResponse,
  downloadQuery,
  generatedDocumentParams,
  generationRun,
  latestAuditResponse,
  runIdParams,
  smartAuditRequest,
  smartAuditResponse,
} from '@shared/api/document-generation';
import { chatModelFromConfig } from '../../ai/chat-model';
import { actorOf, authorize } from '../../http/auth-plugin';
import { contentDisposition } from '../../http/content-disposition';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { runSmartAudit } from './run';
import { approveGenerated, downloadGenerated, getLatestAudit, getRun } from './service';

export async function documentGenerationRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, blobs, config } = ctx;
  const model = chatModelFromConfig(config);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['document-generation'];
  const errors = errorResponses(401, 403, 404, 409, 422);
  const readers = authorize('runAudit');

  // The body's organizationId is accepted for the observed contract ('default-org') and not
  // used: the audit always runs on the caller's own organization.
  app.post(
    '/api/audit/analyze-with-generation',
    {
      schema: {
        tags,
        body: smartAuditRequest,
        response: { 200: smartAuditResponse, ...errors },
      },
      onRequest: authorize('generateDocuments'),
    },
    (request) => runSmartAudit({ db, blobs, model }, actorOf(request), request.body),
  );

  app.get(
    '/api/document-generation/runs/:id',
    {
      schema: { tags, params: runIdParams, response: { 200: generationRun, ...errors } },
      onRequest: readers,
    },
    (request) => getRun(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/document-generation/latest',
    { schema: { tags, response: { 200: latestAuditResponse, ...errors } }, onRequest: readers },
    async (request) => ({ result: await getLatestAudit(db, actorOf(request)) }),
  );

  app.get(
    '/api/generated-documents/:id/download',
    {
      schema: { tags, params: generatedDocumentParams, querystring: downloadQuery },
      onRequest: readers,
    },
    async (request, reply) => {
      const file = await downloadGenerated(
        { db, blobs },
        actorOf(request),
        request.params.id,
        request.query.format,
      );
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.post(
    '/api/generated-documents/:id/approve',
    {
      schema: {
        tags,
        params: generatedDocumentParams,
        response: { 200: approveResponse, ...errors },
      },
      onRequest: authorize('approveGeneratedDocuments'),
    },
    (request) => approveGenerated(db, actorOf(request), request.params.id),
  );
}
