/**
 * Load of `npm run bench:api`: sign in like a browser, warm a route up with requests one at a
 * time, then autocannon at a fixed number of connections for a fixed time. Autocannon drops its
 * connections at the end but the server finishes what it had queued, so before the next route
 * the benchmark waits until the server is idle again.
 */
import autocannon from 'autocannon';
import { cpuSeconds } from './processes';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
  /** Seconds one request may take before autocannon counts it as a timeout. */
  timeoutSeconds: number;
}

export interface RouteFigures {
  route: string;
  path: string;
  /** Status and size of the first warm-up answer: what one request returns. */
  status: number;
  bytes: number;
  /** Median time of the warm-up requests, sent one at a time. */
  aloneMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Seconds the server (and its database server) stayed busy after the load ended. */
  backlogSeconds: number;
}

const SKIPPED = {
  status: 0,
  bytes: 0,
  aloneMs: NaN,
  requestsPerSecond: 0,
  p50Ms: NaN,
  p99Ms: NaN,
  requests: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  backlogSeconds: 0,
};

/** Signs in through POST /api/auth/login as the browser does; the session cookie. */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => !pair.endsWith('='));
  if (!cookie) throw new Error('sign-in answered without a session cookie');
  return cookie;
}

async function timedGet(url: string, cookie: string | null) {
  const started = performance.now();
  const res = await fetch(url, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(120_000),
  });
  const body = await res.arrayBuffer();
  return { status: res.status, bytes: body.byteLength, ms: performance.now() - started, res };
}

/**
 * Waits until the server has finished what the load left queued: its process uses under 5% of a
 * core over half a second and `busyElsewhere` (a database server's active queries) says no. A
 * probe request cannot tell: the embedded database interleaves queries, so a quick one answers
 * between the queries of requests still running. The seconds waited.
 */
export async function waitUntilIdle(
  pid: number | undefined,
  busyElsewhere: () => Promise<boolean>,
) {
  const started = performance.now();
  const deadline = started + 600_000;
  let before = cpuSeconds(pid);
  while (before !== null && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuSeconds(pid);
    if (now === null || (now - before < 0.025 && !(await busyElsewhere()))) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/** One route: a sequential warm-up, then the measured load. */
export async function loadRoute(
  baseUrl: string,
  route: { name: string; path: string },
  cookie: string | null,
  settings: LoadSettings,
  waitForIdle: () => Promise<number>,
): Promise<RouteFigures> {
  const url = baseUrl + route.path;
  const warmUntil = performance.now() + settings.warmUpSeconds * 1000;
  let first: { status: number; bytes: number; ms: number };
  try {
    first = await timedGet(url, cookie);
  } catch (err) {
    // One request alone did not finish in two minutes: a load would measure nothing.
    console.warn(`  ${route.name}: no answer to one request (${String(err)}); load skipped`);
    const backlogSeconds = await waitForIdle();
    return { ...SKIPPED, route: route.name, path: route.path, backlogSeconds };
  }
  const times = [first.ms];
  while (performance.now() < warmUntil) times.push((await timedGet(url, cookie)).ms);
  times.sort((a, b) => a - b);

  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.durationSeconds,
    timeout: settings.timeoutSeconds,
    headers: cookie ? { cookie } : {},
  });
  const backlogSeconds = await waitForIdle();
  return {
    route: route.name,
    path: route.path,
    status: first.status,
    bytes: first.bytes,
    aloneMs: Number(times[Math.floor(times.length / 2)]!.toFixed(1)),
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    backlogSeconds,
  };
}

/** The total count the list route reports for a query (X-Total-Count). */
export async function totalOf(baseUrl: string, path: string, cookie: string) {
  const { res, status } = await timedGet(baseUrl + path, cookie);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return Number(res.headers.get('x-total-count') ?? NaN);
}

export interface BesideFigures {
  /** The heavy route, loaded as in `loadRoute`. */
  heavyRequestsPerSecond: number;
  /** `/api/health` (no session, no database) at a few connections meanwhile. */
  healthRequestsPerSecond: number;
  healthP50Ms: number;
  healthP99Ms: number;
}

/**
 * Does one busy route hold up everyone else? A heavy route under the usual load and, at the same
 * time, `/api/health` at 5 connections: a request that needs nothing from the database waits
 * only if the server's event loop is busy with the database's work.
 */
export async function healthBeside(
  baseUrl: string,
  heavyPath: string,
  cookie: string,
  settings: LoadSettings,
  waitForIdle: () => Promise<number>,
): Promise<BesideFigures> {
  const [heavy, health] = await Promise.all([
    autocannon({
      url: baseUrl + heavyPath,
      connections: settings.connections,
      duration: settings.durationSeconds,
      timeout: settings.timeoutSeconds,
      headers: { cookie },
    }),
    autocannon({
      url: `${baseUrl}/api/health`,
      connections: 5,
      duration: settings.durationSeconds,
      timeout: settings.timeoutSeconds,
    }),
  ]);
  await waitForIdle();
  return {
    heavyRequestsPerSecond: heavy.requests.total / heavy.duration,
    healthRequestsPerSecond: health.requests.total / health.duration,
    healthP50Ms: health.latency.p50,
    healthP99Ms: health.latency.p99,
  };
}
