import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorBody, type ErrorBody } from '@shared/api/errors';
import { i18n, t } from '../i18n/app';
import { readerMessage } from '../i18n/messages';

/** An API failure. `message` follows the observed contract: "{status}: {body text or status text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * What the reader is told: the server's own message in English (it is written in English and
   * says the most); in another language the `errors:<code>` text of the catalogue when it has
   * one, else the server's message.
   */
  get userMessage(): string {
    const english = this.body?.message ?? this.message;
    if (i18n.language === 'en') return english;
    const known = readerMessage(english);
    if (known !== english) return known;
    const code = this.body?.code ?? codeOfStatus(this.status);
    if (code && i18n.exists(`errors:${code}`)) return t(`errors:${code}`);
    if (!this.body) return t('errors:http_status', { status: this.status });
    return english;
  }
}

/** The code an answer without an error body (a proxy's page, an empty reply) stands for. */
function codeOfStatus(status: number): string | null {
  if (status >= 500) return 'server_unavailable';
  const codes: Record<number, string> = {
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'validation_failed',
    429: 'rate_limited',
  };
  return codes[status] ?? null;
}

/** A request that never reached the server: offline, a dropped connection, a blocked request. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed|connection/i.test(error.message);
}

/**
 * The reader-facing message of any failure a screen shows: an API error as `userMessage` says
 * it, a request that never reached the server as `errors:network`, any other error its message.
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage;
  if (isNetworkFailure(error)) return t('errors:network');
  return error instanceof Error ? error.message : String(error);
}

/** Fails a non-OK response as "{status}: {body}", keeping the server's message for people. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: ErrorBody | null = null;
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // Not JSON; the text itself is the message.
  }
  throw new ApiError(res.status, body, `${res.status}: ${text}`);
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  schema?: z.ZodType<T>,
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  const json: unknown = res.status === 204 ? null : await res.json();
  return schema ? schema.parse(json) : (json as T);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError
    ? error.status === 401
    : /^401: .*Unauthorized/.test(String((error as Error)?.message));
}

/** Default query: GET the path in the key (joined with '/'), credentials always sent. */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await fetch(queryKey.join('/'), { credentials: 'include' });
  await throwIfNotOk(res);
  return res.json();
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
