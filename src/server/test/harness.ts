import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LocalJobRunner } from '../jobs/local-runner';
import { startJobs } from '../jobs/registry';
import type { AppServices } from '../services';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when the run was given a server (TEST_DATABASE_URL). */
export const DRIVERS: Driver[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  baseUrl: string;
  config: Config;
}

const databases = new Map<Driver, Promise<DatabaseHandle>>();

/** One database per driver and worker: a new PGlite costs seconds, so tests share it and isolate by organization. */
function database(driver: Driver): Promise<DatabaseHandle> {
  let handle = databases.get(driver);
  if (!handle) {
    handle = (async () => {
      const opened =
        driver === 'pglite'
          ? await openDatabase({ kind: 'pglite' })
          : await openDatabase({ kind: 'postgres', url: inject('postgresUrl'), maxConnections: 4 });
      // PostgreSQL was migrated once by the global setup; each worker has its own PGlite.
      if (driver === 'pglite') await opened.migrate();
      return opened;
    })();
    databases.set(driver, handle);
  }
  return handle;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-test-')),
    CLIENT_DIR: join(tmpdir(), 'centerline-no-client'),
    // One key folder for every test server: servers sharing a database sign with the same keys.
    LEDGER_KEYS_DIR: join(tmpdir(), 'centerline-test-ledger-keys'),
    ...overrides,
  });
}

/** Listens on a free port of the loopback interface; the server's base URL. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function startTestServer(
  driver: Driver,
  overrides: Record<string, string> = {},
  /** Servers given one scope count rate limits together, as nodes of one installation do. */
  { rateLimitScope = randomUUID() }: { rateLimitScope?: string } = {},
): Promise<TestServer> {
  const { db, poolStats } = await database(driver);
  const config = testConfig(overrides);
  const app = await buildApp({ db, config, logger: false, rateLimitScope, poolStats });
  return { app, db, config, baseUrl: await listen(app) };
}

export interface JobTestServer extends TestServer {
  jobs: LocalJobRunner;
  /** Stops the job runner, then the server. */
  close(): Promise<void>;
}

/**
 * A test server whose job runner works (fast polling, short backoff) and claims only the jobs of
 * `namespace`. Servers of one namespace share their jobs, like the nodes of one installation;
 * test files use their own namespace so that, on a database shared by parallel test files, no
 * file's runner takes another file's jobs.
 */
export async function startJobServer(
  driver: Driver,
  options: {
    namespace: string;
    leaseMs?: number;
    env?: Record<string, string>;
    services?: Partial<AppServices>;
    /** Told of each request that reached its handler (after authentication and validation). */
    onHandled?: (method: string, url: string) => void;
  },
): Promise<JobTestServer> {
  const { db } = await database(driver);
  const config = testConfig(options.env);
  const jobs = new LocalJobRunner(db, {
    pollIntervalMs: 50,
    leaseMs: options.leaseMs ?? 2000,
    maxRetryDelayMs: 100,
    shutdownGraceMs: 2000,
    namespace: options.namespace,
  });
  const app = await buildApp({
    db,
    config,
    logger: false,
    services: { jobs, ...options.services },
    rateLimitScope: randomUUID(),
  });
  const onHandled = options.onHandled;
  if (onHandled) {
    app.addHook('preHandler', async (request) => onHandled(request.method, request.url));
  }
  const baseUrl = await listen(app);
  await startJobs(jobs, app.services.jobDefinitions);
  return {
    app,
    db,
    config,
    baseUrl,
    jobs,
    async close() {
      await jobs.stop();
      await app.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
type Json = any;

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps its cookies (paths aside), sends JSON, reads JSON. */
export class TestClient {
  private readonly jar = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  /** The Cookie header it sends (`a=1; b=2`), or null; setting it replaces every cookie. */
  get cookie(): string | null {
    return this.jar.size ? [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') : null;
  }
  set cookie(header: string | null) {
    this.jar.clear();
    for (const pair of header?.split(/;\s*/) ?? []) {
      const at = pair.indexOf('=');
      if (at > 0 && at < pair.length - 1) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async request<T = Json>(
    method: string,
    path: string,
    options: { json?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.rawBody !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody;
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    // Each cookie set is kept; one set empty (a cleared cookie) is dropped.
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0\b/i.test(setCookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (HTML page, redirect body): keep the text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Json>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Json>(path: string, json?: unknown) {
    return this.request<T>('POST', path, { json: json ?? {} });
  }
  patch<T = Json>(path: string, json: unknown) {
    return this.request<T>('PATCH', path, { json });
  }
  delete<T = Json>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

/** An empty PostgreSQL database beside the run's (not migrated), and how to drop it. */
export async function freshPostgresDatabase() {
  const { default: pg } = await import('pg');
  const runUrl = new URL(inject('postgresUrl'));
  const name = `${runUrl.pathname.slice(1)}_fresh_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: runUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: runUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A database of its own, for tests that need an empty installation (first-run setup).
 * Costs a few seconds; use sparingly.
 */
export async function startFreshServer(
  driver: Driver,
  overrides: Record<string, string> = {},
  options: { withJobs?: boolean } = {},
) {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (driver === 'pglite') {
    handle = await openDatabase({ kind: 'pglite' });
  } else {
    const fresh = await freshPostgresDatabase();
    handle = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 4 });
    drop = fresh.drop;
  }
  await handle.migrate();
  const config = testConfig(overrides);
  // Its own database, so its runner may take every job there is.
  const jobs = options.withJobs
    ? new LocalJobRunner(handle.db, {
        pollIntervalMs: 50,
        leaseMs: 2000,
        maxRetryDelayMs: 100,
        shutdownGraceMs: 2000,
      })
    : undefined;
  const app = await buildApp({
    db: handle.db,
    config,
    logger: false,
    ...(jobs ? { services: { jobs } } : {}),
  });
  const server: TestServer = { app, db: handle.db, config, baseUrl: await listen(app) };
  if (jobs) await startJobs(jobs, app.services.jobDefinitions);
  return {
    server,
    handle,
    async close() {
      await jobs?.stop();
      await app.close();
      await handle.close();
      await drop?.();
    },
  };
}
