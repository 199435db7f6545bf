import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@shared/api/errors';
import { captureMetadata, type CaptureMetadata } from '@shared/api/documents';
import {
  ACCEPTED_EXTENSIONS,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
} from '@shared/constants/uploads';
import { AppError, invalid } from '../../../http/errors';
import { writeHashed } from '../../../storage/blob-store';
import { sanitizeFileName } from './file-name';
import { sniffUpload, type SniffedType } from './sniff';

/** An upload written to a temporary file, hashed, sized and identified from its bytes. */
export interface ReceivedFile {
  path: string;
  originalName: string;
  sha256: string;
  size: number;
  type: SniffedType;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  metadata: CaptureMetadata | null;
}

const FILE_FIELDS = new Set(['file', 'document']);

export const tooLarge = () =>
  new AppError(413, ERROR_CODES.payloadTooLarge, `File is larger than ${MAX_UPLOAD_BYTES} bytes`);
export const wrongType = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedMediaType,
    `File type must be one of ${ACCEPTED_EXTENSIONS.join(', ')}`,
  );
const tooSmall = () => invalid(`File is smaller than ${MIN_UPLOAD_BYTES} bytes`);

/** Turns @fastify/multipart's limit errors into the spec's messages. */
function translate(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalid('Too many files');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(
        415,
        ERROR_CODES.unsupportedMediaType,
        'Send the file as multipart/form-data',
      );
    default:
      return error;
  }
}

/** Streams one file part to `dir` while hashing and counting it; nothing is held in memory whole. */
async function writePart(stream: NodeJS.ReadableStream, dir: string) {
  const path = join(dir, randomUUID());
  return { path, ...(await writeHashed(stream, path)) };
}

/**
 * Reads a multipart upload: every file in field `file` or `document` goes to a temporary file
 * in `dir` (the caller removes `dir`), and an optional `metadata` field holds capture metadata.
 * Sizes and types are checked here, so a request that returns has only acceptable files.
 */
export async function receiveUpload(request: FastifyRequest, dir: string): Promise<ReceivedUpload> {
  const files: ReceivedFile[] = [];
  let metadataText: string | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: MAX_FILES_PER_UPLOAD + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'metadata') metadataText = String(part.value);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const written = await writePart(part.file, dir);
      if (part.file.truncated) throw tooLarge();
      const originalName = sanitizeFileName(part.filename ?? '');
      if (written.size < MIN_UPLOAD_BYTES) throw tooSmall();
      const type = await sniffUpload(written.path, originalName);
      if (!type) throw wrongType();
      files.push({ ...written, originalName, type });
    }
  } catch (error) {
    throw translate(error);
  }
  if (files.length === 0) throw invalid('Choose a file to upload in the "file" field');
  const metadata = parseMetadata(metadataText);
  checkCapture(files, metadata);
  return { files, metadata };
}

/**
 * A field capture is one file whose bytes are the ones hashed when it was taken: a file that
 * changed on the way (or another file) is refused, and nothing is stored.
 */
function checkCapture(files: ReceivedFile[], metadata: CaptureMetadata | null) {
  if (!metadata?.sha256) return;
  if (files.length !== 1) {
    throw invalid('A field capture is one file: send each capture in its own upload', [
      { path: 'metadata.sha256', message: 'One capture hash names one file' },
    ]);
  }
  const arrived = files[0]!.sha256;
  if (arrived !== metadata.sha256) {
    const message = `The file that arrived is not the one captured: its SHA-256 is ${arrived}, the capture's is ${metadata.sha256}`;
    throw invalid(message, [{ path: 'metadata.sha256', message }]);
  }
}

function parseMetadata(text: string | undefined): CaptureMetadata | null {
  if (text === undefined || text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('metadata: must be JSON');
  }
  const parsed = captureMetadata.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: ['metadata', ...i.path].join('.'),
      message: i.message,
    }));
    throw invalid(issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  }
  return parsed.data;
}
