import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorBody, type ErrorBody } from '@shared/api/errors';

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

  /** The server's human message when it sent one. */
  get userMessage(): string {
    return this.body?.message ?? this.message;
  }
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
