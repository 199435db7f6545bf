import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { blockedAddressReason } from './address-policy';

/*
 * The one way the server fetches a URL a person typed (monitored links, regulation sources, the
 * eCFR). Server-side request forgery is the risk: every hop's host is resolved once, the address
 * is checked against the private ranges (address-policy.ts) and the connection goes to that
 * checked address, so a name cannot resolve to a public address for the check and a private one
 * for the connection. Redirects are followed by hand so each hop is checked; time and bytes are
 * bounded.
 */

export type SafeFetchErrorCode =
  | 'invalid-url'
  | 'unsupported-protocol'
  | 'private-address'
  | 'dns'
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'network'
  | 'aborted';

/** A fetch that did not produce a response; `message` is written for the person who sees it. */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The fetch was refused before connecting: a bad URL or an address the policy forbids. */
export class FetchRefused extends SafeFetchError {
  override name = 'FetchRefused';
}

export interface SafeFetchOptions {
  /** Allow private, loopback and link-local addresses (config FETCH_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** Exact addresses allowed even when private (one internal mirror), checked on every hop. */
  trustedAddresses?: readonly string[];
  /** Whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** From sending a request to receiving its status line and headers (slow-loris servers). */
  headersTimeoutMs?: number;
  /** Decoded body bytes; past it the response is dropped (or cut when `truncate`). */
  maxBytes?: number;
  /** Keep the first `maxBytes` and mark the result truncated instead of failing. */
  truncate?: boolean;
  maxRedirects?: number;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface SafeFetchHop {
  url: string;
  status: number;
}

export interface SafeFetchResult {
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  /** Every hop, the last one the final answer. */
  redirects: SafeFetchHop[];
  /** From the first request to the end of the body. */
  responseMs: number;
  /** The final hop's server certificate (https only). */
  certificate?: { validTo: Date; subject?: string; issuer?: string };
}

export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 20_000,
  headersTimeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Centerline-LinkMonitor/1.0 (regulatory page check)';

export function parseFetchUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('invalid-url', `"${raw}" is not a valid URL`, raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(
      'unsupported-protocol',
      `Only http and https addresses can be checked, not ${url.protocol.replace(':', '')}`,
      raw,
    );
  }
  if (url.username || url.password) {
    throw new FetchRefused(
      'invalid-url',
      'Addresses with a user name or password are not fetched',
      raw,
    );
  }
  return url;
}

/** Resolves the host once and returns the address to connect to, or refuses. */
async function resolveHost(
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

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
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

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
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

interface HopAnswer {
  response: IncomingMessage;
  certificate?: SafeFetchResult['certificate'];
}

/** One request to one checked address; resolves when the headers arrive. */
function requestHop(
  url: URL,
  target: { address: string; family: 4 | 6 },
  options: Required<Pick<SafeFetchOptions, 'method' | 'headersTimeoutMs'>> & {
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
      let certificate: SafeFetchResult['certificate'];
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

async function readBody(
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

function asFetchError(
  error: unknown,
  url: URL,
  signals: { deadline: AbortSignal; caller?: AbortSignal },
  timeoutMs: number,
): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (signals.deadline.aborted && !signals.caller?.aborted) {
    return new SafeFetchError(
      'timeout',
      `${url.host} did not finish answering within ${Math.round(timeoutMs / 1000)} s`,
      url.href,
      { cause: error },
    );
  }
  if (signals.caller?.aborted) {
    return new SafeFetchError('aborted', 'The fetch was cancelled', url.href, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException)?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'refused the connection',
    ECONNRESET: 'closed the connection',
    ETIMEDOUT: 'did not answer in time',
    EHOSTUNREACH: 'cannot be reached',
    ENETUNREACH: 'cannot be reached',
    CERT_HAS_EXPIRED: 'has an expired TLS certificate',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'has a self-signed TLS certificate',
    ERR_TLS_CERT_ALTNAME_INVALID: 'has a TLS certificate for another name',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'has a TLS certificate that cannot be verified',
  };
  const what =
    (code && known[code]) ??
    `could not be reached (${code ?? (error as Error)?.message ?? 'unknown error'})`;
  return new SafeFetchError('network', `${url.host} ${what}`, url.href, { cause: error });
}

/**
 * Fetches a URL with the server's outbound policy. Resolves for any HTTP status (a 404 is an
 * answer); rejects with a SafeFetchError (FetchRefused for policy refusals) when there is none.
 */
export async function safeFetch(
  raw: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const headersTimeoutMs = Math.min(
    options.headersTimeoutMs ?? SAFE_FETCH_DEFAULTS.headersTimeoutMs,
    timeoutMs,
  );
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  let method = options.method ?? 'GET';
  const allowPrivate = options.allowPrivate ?? false;

  let url = parseFetchUrl(raw);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const started = performance.now();
  const redirects: SafeFetchHop[] = [];
  const seen = new Set<string>();

  for (;;) {
    seen.add(url.href);
    let answer: HopAnswer;
    try {
      // getaddrinfo cannot be cancelled; the fetch stops waiting for it at the deadline.
      const target = await untilAborted(
        resolveHost(url, allowPrivate, options.trustedAddresses ?? []),
        signal,
      );
      signal.throwIfAborted();
      answer = await requestHop(url, target, {
        method,
        headersTimeoutMs,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          ...options.headers,
        },
      });
    } catch (error) {
      throw asFetchError(error, url, { deadline, caller: options.signal }, timeoutMs);
    }
    const { response } = answer;
    const status = response.statusCode ?? 0;
    redirects.push({ url: url.href, status });
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      response.destroy();
      let next: URL;
      try {
        next = parseFetchUrl(new URL(location, url).href);
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        throw new FetchRefused(
          'invalid-url',
          `${url.host} redirects to an invalid address`,
          url.href,
        );
      }
      if (seen.has(next.href)) {
        throw new SafeFetchError(
          'redirect-loop',
          `The address redirects in a loop (back to ${next.href})`,
          raw,
        );
      }
      if (redirects.length > maxRedirects) {
        throw new SafeFetchError(
          'too-many-redirects',
          `The address redirected more than ${maxRedirects} times; stopped at ${next.href}`,
          raw,
        );
      }
      if (status === 303) method = 'GET';
      url = next;
      continue;
    }
    try {
      const { body, truncated } =
        method === 'HEAD'
          ? { body: Buffer.alloc(0), truncated: false }
          : await readBody(url, response, maxBytes, options.truncate ?? false);
      if (method === 'HEAD') response.destroy();
      return {
        finalUrl: url.href,
        status,
        headers: flattenHeaders(response.headers),
        body,
        truncated,
        redirects,
        responseMs: Math.round(performance.now() - started),
        certificate: answer.certificate,
      };
    } catch (error) {
      throw asFetchError(error, url, { deadline, caller: options.signal }, timeoutMs);
    }
  }
}
