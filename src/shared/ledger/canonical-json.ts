/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte string per JSON value, so a hash or a
 * signature over a record can be recomputed by anyone. Pure, for Node and the browser.
 *
 * What ECMAScript already does the RFC way is used as is (§3.2.2): `JSON.stringify` of a string
 * (minimal escapes, lowercase \u00xx) and `String(number)` (the shortest round-trip form, -0 as
 * 0). Object keys are sorted by UTF-16 code units (§3.2.3), which is what the default
 * `Array.prototype.sort` compares. Values JSON cannot hold are refused rather than dropped, so a
 * caller bug never silently changes what gets hashed.
 */

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends TypeError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(`${message} at ${path || '(root)'}`);
    this.name = 'CanonicalJsonError';
  }
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Any surrogate at all: a plain character class, much cheaper to test; most text has none.
const SURROGATE = /[\uD800-\uDFFF]/;

function serializeString(s: string, path: string): string {
  // §3.2.2.2 and I-JSON (RFC 7493 §2.1): strings must be valid Unicode.
  if (SURROGATE.test(s) && LONE_SURROGATE.test(s)) {
    throw new CanonicalJsonError('lone surrogate in string', path);
  }
  return JSON.stringify(s);
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function serialize(value: unknown, path: string, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) {
        throw new CanonicalJsonError(`${value} is not a JSON number`, path);
      }
      // ECMAScript Number::toString is the serialisation §3.2.2.3 prescribes (and gives "0" for -0).
      out.push(String(value));
      return;
    case 'string':
      out.push(serializeString(value, path));
      return;
    case 'object':
      break;
    default:
      throw new CanonicalJsonError(`a ${typeof value} is not a JSON value`, path);
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      serialize(item, `${path}[${i}]`, out);
    });
    out.push(']');
    return;
  }
  if (!isPlainObject(value)) {
    throw new CanonicalJsonError('only plain objects, arrays and primitives are JSON', path);
  }
  const keys = Object.keys(value).sort();
  out.push('{');
  keys.forEach((key, i) => {
    if (i > 0) out.push(',');
    const childPath = `${path}.${key}`;
    out.push(serializeString(key, childPath), ':');
    serialize(value[key], childPath, out);
  });
  out.push('}');
}

/** The canonical JSON text of `value`; throws CanonicalJsonError for anything JSON cannot hold. */
export function canonicalize(value: unknown): string {
  const out: string[] = [];
  serialize(value, '', out);
  return out.join('');
}

const encoder = new TextEncoder();

/** The canonical form as the UTF-8 bytes that get hashed and signed (§3.2.4). */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalize(value));
}

/** True when `text` is exactly the canonical form of the JSON it holds. */
export function isCanonicalJson(text: string): boolean {
  try {
    return canonicalize(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}
