import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';

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
    ...overrides,
  });
}

export async function startTestServer(
  driver: Driver,
  overrides: Record<string, string> = {},
): Promise<TestServer> {
  const { db } = await database(driver);
  const config = testConfig(overrides);
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return { app, db, config, baseUrl: `http://127.0.0.1:${address.port}` };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
type Json = any;

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps its cookie, sends JSON, reads JSON. */
export class TestClient {
  cookie: string | null = null;
  constructor(private readonly baseUrl: string) {}

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
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : null;
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
}

/**
 * A database of its own, for tests that need an empty installation (first-run setup).
 * Costs a few seconds; use sparingly.
 */
export async function startFreshServer(driver: Driver, overrides: Record<string, string> = {}) {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (driver === 'pglite') {
    handle = await openDatabase({ kind: 'pglite' });
  } else {
    const { default: pg } = await import('pg');
    const runUrl = new URL(inject('postgresUrl'));
    const name = `${runUrl.pathname.slice(1)}_fresh_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: runUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(runUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
    drop = async () => {
      const c = new pg.Client({ connectionString: runUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  await handle.migrate();
  const config = testConfig(overrides);
  const app = await buildApp({ db: handle.db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const server: TestServer = {
    app,
    db: handle.db,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
  };
  return {
    server,
    handle,
    async close() {
      await app.close();
      await handle.close();
      await drop?.();
    },
  };
}
