import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addQualificationRequest,
  createInstructorRequest,
  evidenceParams,
  qualificationProposal,
  instructorFileDetail,
  instructorIdParams,
  instructorList,
  instructorListQuery,
  updateInstructorRequest,
} from '@shared/api/instructors';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { proposeFromDocument } from './evidence';
import { instructorFileRoutes } from './file-routes';
import { instructorImportRoutes } from './import-routes';
import {
  addQualification,
  createInstructor,
  deleteInstructor,
  getInstructor,
  listInstructors,
  updateInstructor,
} from './service';

export async function instructorRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['instructors'];
  const read = authorize('readAllRecords');
  const write = authorize('manageDocuments');
  const errors = errorResponses(401, 403, 404, 409, 422);
  const params = instructorIdParams;

  await instructorImportRoutes(root, ctx);
  await instructorFileRoutes(root, ctx);

  app.get(
    '/api/instructors',
    {
      schema: {
        tags,
        description:
          'Instructor and evaluator files (142.73(b)) with their clocks and the status counts.',
        querystring: instructorListQuery,
        response: { 200: instructorList, ...errors },
      },
      onRequest: read,
    },
    (request) => listInstructors(db, actorOf(request), request.query),
  );

  app.post(
    '/api/instructors',
    {
      schema: {
        tags,
        body: createInstructorRequest,
        response: { 201: instructorFileDetail, ...errors },
      },
      onRequest: write,
    },
    async (request, reply) =>
      reply.status(201).send(await createInstructor(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/instructors/:id',
    {
      schema: { tags, params, response: { 200: instructorFileDetail, ...errors } },
      onRequest: read,
    },
    (request) => getInstructor(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/instructors/:id',
    {
      schema: {
        tags,
        params,
        body: updateInstructorRequest,
        response: { 200: instructorFileDetail, ...errors },
      },
      onRequest: write,
    },
    (request) => updateInstructor(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/instructors/:id/qualifications',
    {
      schema: {
        tags,
        params,
        body: addQualificationRequest,
        response: { 201: instructorFileDetail, ...errors },
      },
      onRequest: write,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addQualification(db, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/instructors/:id/evidence/:documentId',
    {
      schema: {
        tags,
        description:
          'What a validated document evidences for this file (kind, date, course), read from its validated fields, with what does not fit.',
        params: evidenceParams,
        response: { 200: qualificationProposal, ...errors },
      },
      onRequest: write,
    },
    (request) =>
      proposeFromDocument(db, actorOf(request), request.params.id, request.params.documentId),
  );

  app.delete(
    '/api/instructors/:id',
    {
      schema: {
        tags,
        description:
          'Refused (409) while 142.73(c)(2) requires the file: employment plus one year.',
        params,
        response: { 204: z.null(), ...errors },
      },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      await deleteInstructor(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
