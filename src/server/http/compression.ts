import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Below this, compressing costs more than the bytes it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text types: JSON, CSV, HTML, XML and other text (never event streams, which must flush as they
 * go). Other types fall back to mime-db's `compressible`, which is false for what is compressed
 * already (images, PDF, the zip containers of XLSX and DOCX) and for opaque octet streams.
 */
const TEXT_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/**
 * Compresses responses the client accepts compressed (brotli, else gzip). Built client assets
 * carry their precompressed copies instead (see client-assets.ts); a response that already has a
 * Content-Encoding is left as it is. Request bodies are not decompressed: the API takes plain
 * JSON and multipart uploads, as before.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: TEXT_TYPES,
  });
}
