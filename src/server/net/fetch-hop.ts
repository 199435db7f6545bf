import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import { blockedAddressReason } from './address-policy';
import { FetchRefused, SafeFetchError } from './fetch-errors';

/*
 * One hop of a safe fetch (net/safe-fetch.ts follows redirects over these): the host resolved
 * once and checked against the address policy, the request sent to exactly that address, the
 * body read decompressed up to a byte limit.
 */

/** The server certificate of an https hop. */
export interface HopCertificate {
  validTo: Date;
  subject?: string;
  issuer?: string;
}

/** Resolves the host once and returns the address to connect to, or refuses. */
export async function resolveHost(
  url: URL,
  allowPrivate: boolean,
  trusted: readonly string[],
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let candidates: { address: string; family: number }[];
  if (literal) {
    candidates = [{ address: host, family: literal }];
  } else {
    try {
      candidates = await dnsLookup(host, { all: true, verbatim: true });
    } catch (cause) {
      throw new SafeFetchError('dns', `The host ${host} could not be found`, url.href, { cause });
    }
  }
  if (candidates.length === 0) {
    throw new SafeFetchError('dns', `The host ${host} has no address`, url.href);
  }
  if (allowPrivate) {
    const first = candidates[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }
  const allowed = candidates.find(
    (c) => trusted.includes(c.address) || blockedAddressReason(c.address) === null,
  );
  if (!allowed) {
    const reason = blockedAddressReason(candidates[0]!.address);
    throw new FetchRefused(
      'private-address',
      `Refused to fetch ${url.host}: it resolves to ${reason} (${candidates[0]!.address}), which the server does not reach`,
      url.href,
    );
  }
  return { address: allowed.address, family: allowed.family === 6 ? 6 : 4 };
}

export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
}

export interface HopAnswer {
  response: IncomingMessage;
  certificate?: HopCertificate;
}

/** One request to one checked address; resolves when the headers arrive. */
export function requestHop(
  url: URL,
  target: { address: string; family: 4 | 6 },
  options: { method: 'GET' | 'HEAD'; headersTimeoutMs: number } & {
    headers: Record<string, string>;
    signal: AbortSignal;
  },
): Promise<HopAnswer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<HopAnswer>((resolve, reject) => {
    const request = client.request(url, {
      method: options.method,
      headers: options.headers,
      // A fresh socket per hop: the certificate read below belongs to this host.
      agent: false,
      lookup: pinnedLookup(target.address, target.family),
      signal: options.signal,
    });
    const headersTimer = setTimeout(() => {
      request.destroy(
        new SafeFetchError(
          'timeout',
          `${url.host} did not answer within ${Math.round(options.headersTimeoutMs / 1000)} s`,
          url.href,
        ),
      );
    }, options.headersTimeoutMs);
    request.on('response', (response) => {
      clearTimeout(headersTimer);
      let certificate: HopCertificate | undefined;
      const socket = response.socket as TLSSocket | null;
      if (url.protocol === 'https:' && socket && typeof socket.getPeerCertificate === 'function') {
        const peer = socket.getPeerCertificate();
        if (peer?.valid_to) {
          certificate = {
            validTo: new Date(peer.valid_to),
            subject: typeof peer.subject?.CN === 'string' ? peer.subject.CN : undefined,
            issuer: typeof peer.issuer?.O === 'string' ? peer.issuer.O : undefined,
          };
        }
      }
      resolve({ response, certificate });
    });
    request.on('error', (error) => {
      clearTimeout(headersTimer);
      reject(error);
    });
    request.end();
  });
}

export async function readBody(
  url: URL,
  response: IncomingMessage,
  maxBytes: number,
  truncate: boolean,
): Promise<{ body: Buffer; truncated: boolean }> {
  const tooLarge = () =>
    new SafeFetchError(
      'too-large',
      `The page at ${url.host} is larger than ${formatBytes(maxBytes)}; it was not read further`,
      url.href,
    );
  const declared = Number(response.headers['content-length']);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        if (!truncate) throw tooLarge();
        chunks.push(chunk.subarray(0, maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    // Stop reading: the rest of a huge or endless body is never downloaded.
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
