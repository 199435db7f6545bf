import { rm } from 'node:fs/promises';
import { makeTempDir } from '../../storage/temp-dirs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addFieldRequest,
  documentDetail,
  documentIdParams,
  documentList,
  documentPageList,
  extractedDataList,
  fileQuery,
  reviewDocumentRequest,
  uploadForm,
  uploadResponse,
  validateFieldRequest,
  validateFieldResponse,
} from '@shared/api/documents';
import { actorOf, authorize } from '../../http/auth-plugin';
import { contentDisposition } from '../../http/content-disposition';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import {
  assertDocumentRoom,
  deleteDocument,
  documentPageImage,
  getDocument,
  listDocuments,
  listExtractedData,
  listPages,
  openDocumentFile,
  reprocessDocument,
  uploadDocuments,
  type DocumentServices,
} from './service';
import { receiveUpload } from './upload/receive';
import { addExtractedField, markDocumentReviewed, validateExtractedField } from './validation';

const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

const pageImageParams = documentIdParams.extend({
  page: z.coerce.number().int().min(1).max(100_000),
});

export async function documentRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, blobs, jobs, jobDefinitions } = ctx;
  // The job itself is registered by the process that runs jobs (src/server/jobs/registry.ts).
  const services: DocumentServices = {
    db,
    blobs,
    jobs,
    processing: jobDefinitions.documentProcessing,
  };

  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const read = authorize('readAllRecords');
  const write = authorize('manageDocuments');
  const errors = errorResponses(401, 403, 404, 409, 413, 415, 422);

  // Multipart parsing only where uploads are accepted.
  await root.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/documents/upload',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponse, 201: uploadResponse, ...errors },
        },
        config: { documentedBody: uploadForm },
        onRequest: write,
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // Refuse before reading megabytes the plan cannot take.
        await assertDocumentRoom(db, actor);
        const dir = await makeTempDir('upload');
        try {
          const { files, metadata } = await receiveUpload(request, dir);
          const { documents, duplicate } = await uploadDocuments(services, actor, files, metadata);
          // 200 for a capture that arrived before (its id names it): nothing new was stored.
          return reply.status(duplicate ? 200 : 201).send({ ...documents[0]!, documents });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  });

  app.get(
    '/api/documents',
    { schema: { tags, response: { 200: documentList, ...errors } }, onRequest: read },
    (request) => listDocuments(db, actorOf(request)),
  );

  app.get(
    '/api/documents/:id',
    {
      schema: { tags, params: documentIdParams, response: { 200: documentDetail, ...errors } },
      onRequest: read,
    },
    (request) => getDocument(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/documents/:id/extracted-data',
    {
      schema: { tags, params: documentIdParams, response: { 200: extractedDataList, ...errors } },
      onRequest: read,
    },
    (request) => listExtractedData(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/documents/:id/pages',
    {
      schema: { tags, params: documentIdParams, response: { 200: documentPageList, ...errors } },
      onRequest: read,
    },
    (request) => listPages(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/documents/:id/file',
    {
      schema: { tags, params: documentIdParams, querystring: fileQuery },
      onRequest: read,
    },
    async (request, reply) => {
      const { document, stream } = await openDocumentFile(
        services,
        actorOf(request),
        request.params.id,
      );
      const inline = request.query.disposition === 'inline' && INLINE_TYPES.has(document.mimeType);
      return reply
        .header('content-type', document.mimeType)
        .header('content-length', document.sizeBytes)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', document.originalName),
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/documents/:id/pages/:page/image',
    {
      schema: {
        tags,
        summary: 'A page of a PDF or image as its field boxes see it (PNG), to check fields on',
        description:
          'Drawn at most 1600 pixels on its long side, in the proportions of the page’s box ' +
          'space: a field box maps onto it as box.x0 / boxWidth, box.y0 / boxHeight… with the ' +
          'boxWidth and boxHeight of GET /api/documents/:id/pages. Spreadsheets and Word ' +
          'documents have no page image (404).',
        params: pageImageParams,
        produces: ['image/png'],
      },
      onRequest: read,
    },
    async (request, reply) => {
      const { etag, png } = await documentPageImage(
        services,
        actorOf(request),
        request.params.id,
        request.params.page,
        request.headers['if-none-match'],
      );
      // Asked again each time (a page read again is drawn again), answered 304 when unchanged.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (!png) return reply.status(304).send();
      return reply
        .header('content-type', 'image/png')
        .header('content-length', png.length)
        .send(png);
    },
  );

  app.post(
    '/api/documents/:id/extracted-data',
    {
      schema: {
        tags,
        summary: 'Enter a value for an expected field the reader did not find',
        params: documentIdParams,
        body: addFieldRequest,
        response: { 201: validateFieldResponse, ...errors },
      },
      onRequest: write,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addExtractedField(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/documents/:id/review',
    {
      schema: {
        tags,
        summary: 'Mark a document that needs review as reviewed, with a note',
        params: documentIdParams,
        body: reviewDocumentRequest,
        response: { 200: documentDetail, ...errors },
      },
      onRequest: write,
    },
    (request) => markDocumentReviewed(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/documents/:id/reprocess',
    {
      schema: { tags, params: documentIdParams, response: { 200: documentDetail, ...errors } },
      onRequest: write,
    },
    (request) => reprocessDocument(services, actorOf(request), request.params.id),
  );

  app.delete(
    '/api/documents/:id',
    {
      schema: { tags, params: documentIdParams, response: { 204: z.null(), ...errors } },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      await deleteDocument(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/extracted-data/:id/validate',
    {
      schema: {
        tags,
        params: documentIdParams,
        body: validateFieldRequest,
        response: { 200: validateFieldResponse, ...errors },
      },
      onRequest: write,
    },
    (request) => validateExtractedField(db, actorOf(request), request.params.id, request.body),
  );
}
