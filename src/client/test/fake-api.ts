/**
 * A fake of the API at the network boundary: `fetch` is replaced, each request is matched to a
 * route such as 'GET /api/training-events/:id', recorded, and answered. A request no route
 * matches gets a 404 and is listed in `unexpected`, so a test can prove nothing else was asked.
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed, a FormData or File as sent, or undefined. */
  body: unknown;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  params: Record<string, string>;
}

type Handler = (call: ApiCall) => unknown;
/** A function answers each call (a Response, or a body sent as 200 JSON); anything else is the body. */
export type ApiRoutes = Record<string, Handler | object | null>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An error as the server's one error handler shapes it. */
export function apiError(
  status: number,
  message: string,
  code: string,
  issues?: { path: string; message: string }[],
) {
  return json({ message, code, ...(issues ? { issues } : {}) }, status);
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[i]!);
    else if (part !== got[i]) return null;
  }
  return params;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function fakeApi(initial: ApiRoutes) {
  const routes: ApiRoutes = { ...initial };
  const calls: ApiCall[] = [];
  const unexpected: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://centerline.test');
    const method = (init.method ?? 'GET').toUpperCase();
    for (const [key, reply] of Object.entries(routes)) {
      const [routeMethod, pattern] = key.split(' ') as [string, string];
      const params = routeMethod === method ? match(pattern, url.pathname) : null;
      if (!params) continue;
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parseBody(init.body),
        headers: Object.fromEntries(new Headers(init.headers)),
        params,
      };
      calls.push(call);
      const answer = typeof reply === 'function' ? await reply(call) : reply;
      return answer instanceof Response ? answer : json(answer);
    }
    unexpected.push(`${method} ${url.pathname}${url.search}`);
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    unexpected,
    /** The calls one route answered, in order. */
    callsTo: (route: string) => {
      const [method, pattern] = route.split(' ') as [string, string];
      return calls.filter((c) => c.method === method && match(pattern, c.path));
    },
    /** How a route answers now (to wrap it in a test that changes it for a while). */
    handlerOf: (route: string) => {
      const reply = routes[route];
      return (call: ApiCall) => (typeof reply === 'function' ? reply(call) : reply);
    },
    /** Changes how a route answers from now on. */
    on: (route: string, reply: Handler | object | null) => {
      routes[route] = reply;
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;
