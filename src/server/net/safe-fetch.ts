import { FetchRefused, SafeFetchError } from './fetch-errors';
import {
  flattenHeaders,
  readBody,
  requestHop,
  resolveHost,
  untilAborted,
  type HopAnswer,
  type HopCertificate,
} from './fetch-hop';

/*
 * The one way the server fetches a URL a person typed (monitored links, regulation sources, the
 * eCFR). Server-side request forgery is the risk: every hop's host is resolved once, the address
 * is checked against the private ranges (address-policy.ts) and the connection goes to that
 * checked address, so a name cannot resolve to a public address for the check and a private one
 * for the connection. Redirects are followed by hand so each hop is checked; time and bytes are
 * bounded.
 */

export { FetchRefused, SafeFetchError, type SafeFetchErrorCode } from './fetch-errors';

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
  certificate?: HopCertificate;
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
