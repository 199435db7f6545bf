import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentIdParams } from '@shared/api/documents';
import { ERROR_CODES } from '@shared/api/errors';
import {
  columnMapping,
  IMPORT_MAX_BYTES,
  importForm,
  importPreview,
  importResult,
  type ColumnMapping,
} from '@shared/api/training-events';
import { AppError, errorResponses, invalid } from '../../http/errors';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import { readDocumentSheet } from '../documents/service';
import { importTableOf, readImportFile } from './import-file';
import { commitImport, previewImport, type ImportUpload } from './import-service';

const tooLarge = () =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  );

function parseMapping(text: string): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('mapping: not valid JSON');
  }
  const parsed = columnMapping.safeParse(json);
  if (!parsed.success) {
    throw invalid(`mapping: ${parsed.error.issues[0]?.message ?? 'not a column mapping'}`);
  }
  return parsed.data;
}

/** The multipart form: the file in field `file`, and optionally `mapping` (JSON: field -> column). */
async function receiveImport(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ERROR_CODES.unsupportedMediaType,
      'Send the file as multipart/form-data',
    );
  }
  let file: { fileName: string; bytes: Buffer } | null = null;
  let mapping: ColumnMapping | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(`Send the file in the form field "file", not "${part.fieldname}"`);
        }
        file = { fileName: part.filename || 'import', bytes: await part.toBuffer() };
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value) {
        mapping = parseMapping(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw invalid('Send one file per import');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid('Too many form fields');
    throw error;
  }
  if (!file) throw invalid('Choose a CSV or XLSX file to import (form field "file")');
  return {
    fileName: file.fileName,
    fileHash: createHash('sha256').update(file.bytes).digest('hex'),
    table: await readImportFile(file.bytes),
    mapping,
  };
}

const documentImportBody = z.object({ mapping: columnMapping.optional() }).default({});

/**
 * A spreadsheet document read as an import, each row a candidate training record: the first sheet
 * as the processing job stored it (read from the file when it has not been processed yet). The
 * file's hash is the document's blob hash, the SHA-256 of the same bytes.
 */
async function documentImport(
  ctx: Pick<RouteContext, 'db' | 'blobs'>,
  request: FastifyRequest,
  id: string,
  mapping: ColumnMapping | undefined,
): Promise<ImportUpload> {
  const { document, sheet } = await readDocumentSheet(ctx, actorOf(request), id);
  if (!sheet) {
    throw invalid(
      `${document.originalName} is not a spreadsheet; only CSV and XLSX documents hold training records to import`,
    );
  }
  return {
    fileName: document.originalName,
    fileHash: document.blobHash,
    table: importTableOf(sheet.format, sheet.table),
    mapping,
    sourceDocumentId: document.id,
  };
}

/** CSV/XLSX import, in a scope of its own so multipart parsing exists only on these two routes. */
export async function trainingEventImportRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  await root.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['training-events'];
    const errors = errorResponses(401, 403, 409, 413, 415, 422);
    const consumes = ['multipart/form-data'];
    const config = { documentedBody: importForm };

    app.post(
      '/api/training-events/import/preview',
      {
        schema: { tags, consumes, response: { 200: importPreview, ...errors } },
        config,
        onRequest: authorize('manageDocuments'),
      },
      async (request) => previewImport(db, actorOf(request), await receiveImport(request)),
    );

    app.post(
      '/api/training-events/import/commit',
      {
        schema: { tags, consumes, response: { 201: importResult, ...errors } },
        config,
        onRequest: authorize('manageDocuments'),
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await commitImport(db, actorOf(request), await receiveImport(request))),
    );
  });

  // The same preview and all-or-nothing commit for a spreadsheet already uploaded as a document.
  const app = root.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['training-events'],
    params: documentIdParams,
    body: documentImportBody,
  };
  const errors = errorResponses(401, 403, 404, 409, 413, 422);
  app.post(
    '/api/documents/:id/records/preview',
    {
      schema: { ...schema, response: { 200: importPreview, ...errors } },
      onRequest: authorize('manageDocuments'),
    },
    async (request) =>
      previewImport(
        db,
        actorOf(request),
        await documentImport(ctx, request, request.params.id, request.body.mapping),
      ),
  );
  app.post(
    '/api/documents/:id/records/commit',
    {
      schema: { ...schema, response: { 201: importResult, ...errors } },
      onRequest: authorize('manageDocuments'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await commitImport(
            db,
            actorOf(request),
            await documentImport(ctx, request, request.params.id, request.body.mapping),
          ),
        ),
  );
}
