import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isUnauthorized } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText })),
  );
}

describe('apiRequest errors', () => {
  it('reads "{status}: {body}" and keeps the server message for people', async () => {
    answer(401, JSON.stringify({ message: 'Unauthorized', code: 'unauthenticated' }));
    const error = await apiRequest('GET', '/api/auth/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '401: {"message":"Unauthorized","code":"unauthenticated"}',
    );
    expect((error as ApiError).userMessage).toBe('Unauthorized');
    expect(isUnauthorized(error)).toBe(true);
  });

  it('falls back to the status text when the body is empty', async () => {
    answer(502, '', 'Bad Gateway');
    const error = (await apiRequest('GET', '/api/documents').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.userMessage).toBe('502: Bad Gateway');
    expect(isUnauthorized(error)).toBe(false);
  });

  it('sends JSON with credentials and parses the reply', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ ok: true }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/auth/logout', {})).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{}' }),
    );
  });
});
