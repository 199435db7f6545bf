import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@shared/api/errors';
import { IMPORT_MAX_BYTES } from '@shared/api/training-events';
import { AppError, invalid } from '../http/errors';

/** An import's multipart form as received: the file's bytes and hash, and its text fields. */
export interface ImportForm {
  fileName: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the same file is imported once. */
  fileHash: string;
  /** The non-empty text fields by name (the last of a name wins). */
  fields: Record<string, string>;
}

const tooLarge = () =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  );

/**
 * Reads an import's multipart/form-data (the route's scope registers @fastify/multipart): one
 * file in the field `file`, at most IMPORT_MAX_BYTES, and a few text fields. A body of another
 * type is 415, a file too large 413, a missing file or a form out of shape 422.
 */
export async function receiveImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ERROR_CODES.unsupportedMediaType,
      'Send the file as multipart/form-data',
    );
  }
  let file: { fileName: string; bytes: Buffer } | null = null;
  // No prototype: a field named "__proto__" is a field like any other.
  const fields = Object.create(null) as Record<string, string>;
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
        fields[part.fieldname] = part.value;
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
    ...file,
    fileHash: createHash('sha256').update(file.bytes).digest('hex'),
    fields,
  };
}
