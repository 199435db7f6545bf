import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/api/errors';
import {
  INSTRUCTOR_IMPORT_MODES,
  instructorColumnMapping,
  instructorImportForm,
  instructorImportPreview,
  instructorImportResult,
  type InstructorColumnMapping,
  type InstructorImportMode,
} from '@shared/api/instructors';
import { IMPORT_MAX_BYTES } from '@shared/api/training-events';
import { actorOf, authorize } from '../../http/auth-plugin';
import { AppError, errorResponses, invalid } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { readImportFile } from '../../import/import-file';
import { importTableOf } from '../training-events/service';
import {
  commitInstructorImport,
  previewInstructorImport,
  type InstructorImportUpload,
} from './import-service';

const tooLarge = () =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  );

function parseMapping(text: string): InstructorColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('mapping: not valid JSON');
  }
  const parsed = instructorColumnMapping.safeParse(json);
  if (!parsed.success) {
    throw invalid(`mapping: ${parsed.error.issues[0]?.message ?? 'not a column mapping'}`);
  }
  return parsed.data;
}

function parseMode(text: string): InstructorImportMode {
  const mode = INSTRUCTOR_IMPORT_MODES.find((m) => m === text.trim());
  if (!mode) throw invalid(`mode: "${text}" is neither "preview" nor "commit"`);
  return mode;
}

/** The first sheet, as the training-records import reads it; a header alone imports no one. */
async function readTable(bytes: Buffer) {
  const { format, table } = await readImportFile(bytes);
  if (table.rows.length === 0) throw invalid('The file has a header row but no instructors.');
  return importTableOf(format, table);
}

/** The multipart form: the file in `file`; optionally `mapping` (JSON field -> column) and `mode`. */
async function receiveImport(
  request: FastifyRequest,
): Promise<{ mode: InstructorImportMode; upload: InstructorImportUpload }> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ERROR_CODES.unsupportedMediaType,
      'Send the file as multipart/form-data',
    );
  }
  let file: { fileName: string; bytes: Buffer } | null = null;
  let mapping: InstructorColumnMapping | undefined;
  let mode: InstructorImportMode = 'preview';
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
      } else if (typeof part.value === 'string' && part.value) {
        if (part.fieldname === 'mapping') mapping = parseMapping(part.value);
        else if (part.fieldname === 'mode') mode = parseMode(part.value);
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
    mode,
    upload: {
      fileName: file.fileName,
      fileHash: createHash('sha256').update(file.bytes).digest('hex'),
      table: await readTable(file.bytes),
      mapping,
    },
  };
}

/** `POST /api/instructors/import`: preview, then all-or-nothing commit of a CSV/XLSX file. */
export async function instructorImportRoutes(root: FastifyInstance, { db }: RouteContext) {
  // A scope of its own: multipart parsing exists only on this route.
  await root.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/instructors/import',
      {
        schema: {
          tags: ['instructors'],
          description:
            'A roster of instructors and evaluators (CSV or XLSX). `mode=preview` checks every row and writes nothing; `mode=commit` writes every file (with its 142.47(b) designation when the row names a course) or none.',
          consumes: ['multipart/form-data'],
          response: {
            200: instructorImportPreview,
            201: instructorImportResult,
            ...errorResponses(401, 403, 409, 413, 415, 422),
          },
        },
        config: { documentedBody: instructorImportForm },
        onRequest: authorize('manageDocuments'),
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { mode, upload } = await receiveImport(request);
        if (mode === 'commit') {
          return reply.status(201).send(await commitInstructorImport(db, actor, upload));
        }
        return reply.status(200).send(await previewInstructorImport(db, actor, upload));
      },
    );
  });
}
