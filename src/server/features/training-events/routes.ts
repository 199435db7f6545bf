import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { proofBundle } from '@shared/api/ledger';
import {
  assignment,
  assignmentList,
  assignmentParams,
  assignmentRequest,
  createTrainingEventRequest,
  TOTAL_COUNT_HEADER,
  trainingEvent,
  trainingEventIdParams,
  trainingEventPage,
  trainingEventQuery,
  trainingEventVersionList,
  updateTrainingEventRequest,
} from '@shared/api/training-events';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { assignTrainingEvent, listAssignments, unassignTrainingEvent } from './assignments';
import { trainingEventImportRoutes } from './import-routes';
import {
  createTrainingEvent,
  getTrainingEvent,
  listTrainingEvents,
  updateTrainingEvent,
} from './service';
import { buildProofBundle, listVersions } from './versions';

export async function trainingEventRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['training-events'];
  const read = authorize('readAssignedRecords');
  const write = authorize('manageDocuments');
  const admin = authorize('manageOrganization');
  const errors = errorResponses(401, 403, 404, 409, 422);
  const params = trainingEventIdParams;

  app.get(
    '/api/training-events',
    {
      schema: {
        tags,
        description:
          "The spec's array of training events, newest first. Filter and page with the query; the total is in X-Total-Count.",
        querystring: trainingEventQuery,
        response: { 200: trainingEventPage, ...errors },
      },
      onRequest: read,
    },
    async (request, reply) => {
      const { events, total, page, pageSize } = await listTrainingEvents(
        db,
        actorOf(request),
        request.query,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      reply.header('x-page', String(page));
      reply.header('x-page-size', String(pageSize));
      return events;
    },
  );

  app.post(
    '/api/training-events',
    {
      schema: {
        tags,
        body: createTrainingEventRequest,
        response: { 201: trainingEvent, ...errors },
      },
      onRequest: write,
    },
    async (request, reply) =>
      reply.status(201).send(await createTrainingEvent(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/training-events/:id',
    { schema: { tags, params, response: { 200: trainingEvent, ...errors } }, onRequest: read },
    (request) => getTrainingEvent(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/training-events/:id',
    {
      schema: {
        tags,
        params,
        body: updateTrainingEventRequest,
        response: { 200: trainingEvent, ...errors },
      },
      onRequest: write,
    },
    (request) => updateTrainingEvent(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/training-events/:id/versions',
    {
      schema: { tags, params, response: { 200: trainingEventVersionList, ...errors } },
      onRequest: read,
    },
    (request) => listVersions(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/training-events/:id/proof',
    {
      schema: { tags, params, response: { 200: proofBundle, ...errors } },
      onRequest: authorize('exportReports'),
    },
    async (request, reply) => {
      const bundle = await buildProofBundle(
        db,
        ctx.ledgerSigning,
        actorOf(request),
        request.params.id,
      );
      return reply
        .header(
          'content-disposition',
          `attachment; filename="training-event-${bundle.record.id}-v${bundle.record.version}-proof.json"`,
        )
        .send(bundle);
    },
  );

  app.get(
    '/api/training-events/:id/assignments',
    { schema: { tags, params, response: { 200: assignmentList, ...errors } }, onRequest: admin },
    (request) => listAssignments(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/training-events/:id/assignments',
    {
      schema: { tags, params, body: assignmentRequest, response: { 201: assignment, ...errors } },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await assignTrainingEvent(db, actorOf(request), request.params.id, request.body.userId),
        ),
  );

  app.delete(
    '/api/training-events/:id/assignments/:userId',
    {
      schema: { tags, params: assignmentParams, response: { 204: z.null(), ...errors } },
      onRequest: admin,
    },
    async (request, reply) => {
      await unassignTrainingEvent(db, actorOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  await trainingEventImportRoutes(root, ctx);
}
