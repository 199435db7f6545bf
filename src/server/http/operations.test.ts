import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { LocalJobRunner } from '../jobs/local-runner';
import { createOrganization, signedIn } from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';
import { buildOperationsApp } from './operations';

const TOKEN = 'a metrics token of some length';

describe.each(DRIVERS)('health, readiness and metrics (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.app.close());

  it('is live and ready once the database, its migrations and the queue answer', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/health/live')).body).toEqual({ status: 'live' });
    const ready = await client.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
    });
  });

  it('gives Prometheus request, queue and ledger figures, only with its token', async () => {
    const { email } = await createOrganization(server.db);
    const user = await signedIn(server, email);
    await user.get('/api/documents');
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.get('/metrics')).status).toBe(401);
    const wrong = await anonymous.request('GET', '/metrics', {
      headers: { authorization: 'Bearer not the token at all!' },
    });
    expect(wrong.status).toBe(401);
    const res = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /centerline_http_request_duration_seconds_count\{method="GET",route="\/api\/documents",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/^centerline_ledger_leaves \d+$/m);
    expect(text).toContain('# TYPE centerline_job_queue_waiting gauge');
    expect(text).toContain('centerline_ocr_page_duration_seconds_count');
    expect(text).toContain('centerline_process_resident_memory_bytes');
    if (driver === 'postgres')
      expect(text).toMatch(/centerline_db_pool_connections\{state="total"\} \d+/);
  });

  it('answers "draining" to readiness once shutdown began, while still serving', async () => {
    const other = await startTestServer(driver);
    try {
      const client = new TestClient(other.baseUrl);
      expect((await client.get('/metrics')).status).toBe(404);
      other.app.drain();
      const ready = await client.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'draining' });
      expect((await client.get('/api/health/live')).status).toBe(200);
      expect((await client.get('/api/setup/status')).status).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe('a worker node', () => {
  it('serves health and metrics only, and is not ready while its database is away', async () => {
    // Nothing listens on port 9: every query fails at once.
    const handle = await openDatabase({
      kind: 'postgres',
      url: 'postgres://nobody@127.0.0.1:9/none',
    });
    const jobs = new LocalJobRunner(handle.db);
    const app = await buildOperationsApp({
      db: handle.db,
      jobs,
      metricsToken: TOKEN,
      loggerInstance: pino({ level: 'silent' }),
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.status).toBe('not ready');
      expect(body.checks.database).toMatch(/ECONNREFUSED/);
      expect(body.checks.queue).not.toBe('ok');
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      const metrics = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('centerline_process_cpu_seconds_total');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
