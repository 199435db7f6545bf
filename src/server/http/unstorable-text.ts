import type { FastifyInstance } from 'fastify';
import { invalid } from './errors';

/**
 * Text PostgreSQL cannot keep: a NUL character (its text type ends at one) and a UTF-16 surrogate
 * without its pair (JSON allows `"\ud800"`, UTF-8 cannot encode it). Either used to reach the
 * database and come back as a 500; now the request is refused before any handler runs, with the
 * field named, so nothing is half-written.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function unstorableReason(text: string): string | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000'
    ? 'Contains a NUL character (\\u0000), which cannot be stored: remove it'
    : 'Contains a broken character (an unpaired UTF-16 surrogate), which cannot be stored: retype it';
}

/** Arrays and plain objects only: a multipart file's buffer or stream is not JSON text. */
function isJsonContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The first string in a parsed JSON value that cannot be stored, with its dotted path. */
export function findUnstorable(
  value: unknown,
  path = '',
  depth = 0,
): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = unstorableReason(value);
    return message ? { path, message } : null;
  }
  if (depth > 64 || !isJsonContainer(value)) return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : String(key);
    const keyProblem = typeof key === 'string' ? unstorableReason(key) : null;
    if (keyProblem) return { path: childPath, message: keyProblem };
    const found = findUnstorable(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses (422) a JSON body or query string holding text that cannot be stored. */
export function registerUnstorableTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = findUnstorable(request.query) ?? findUnstorable(request.body);
    if (found) throw invalid(`${found.path}: ${found.message}`, [found]);
  });
}
