import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import client from 'prom-client';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../db/client';
import { latestMigrationTime } from '../db/migrations-info';
import type { JobQueue } from '../jobs/types';
import { processRegistry } from '../observability/metrics';

export interface OperationsOptions {
  db: Database;
  jobs: JobQueue;
  /** Settles when the database is migrated and startup work is done (not ready before). */
  startup?: Promise<unknown>;
  /** True once the process is shutting down: readiness fails so the balancer moves on. */
  draining: () => boolean;
  metricsToken?: string;
  /** The PostgreSQL pool's connections (absent on the embedded database). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

type Check = 'ok' | string;
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** The root cause's words (a driver's "connect ECONNREFUSED", not the ORM's "Failed query"). */
function reason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * What a load balancer and an orchestrator ask a node: `/api/health/live` (the process answers;
 * restart it if not), `/api/health/ready` (send it traffic: the database answers, every migration
 * of this version is applied, the job queue's tables can be read, and it is not shutting down),
 * and `/metrics` for Prometheus. `/api/health` stays as it was (answers as soon as the process
 * listens).
 */
export async function registerOperations(app: FastifyInstance, options: OperationsOptions) {
  const { db, jobs, draining } = options;
  let started = !options.startup;
  options.startup?.then(
    () => (started = true),
    () => {},
  );

  const checks = async (): Promise<Record<'database' | 'migrations' | 'queue', Check>> => {
    const [database, migrations, queue] = await Promise.allSettled([
      within(db.execute(sql`select 1`), CHECK_TIMEOUT_MS),
      within(
        db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`),
        CHECK_TIMEOUT_MS,
      ),
      // A probe every few seconds per node: one cheap read, never the backlog's scan.
      within(jobs.ping(), CHECK_TIMEOUT_MS),
    ]);
    const applied =
      migrations.status === 'fulfilled'
        ? Number(
            (migrations.value as unknown as { rows: { applied: string | null }[] }).rows[0]
              ?.applied,
          )
        : NaN;
    return {
      database: database.status === 'fulfilled' ? 'ok' : reason(database.reason),
      migrations:
        migrations.status === 'rejected'
          ? reason(migrations.reason)
          : applied >= latestMigrationTime()
            ? 'ok'
            : 'this version has migrations the database has not applied',
      queue: queue.status === 'fulfilled' ? 'ok' : reason(queue.reason),
    };
  };

  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ status: 'live' }));
  app.get('/api/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (draining()) return reply.code(503).send({ status: 'draining' });
    const result = await checks();
    const ready = started && Object.values(result).every((c) => c === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : started ? 'not ready' : 'starting', checks: result });
  });

  const registry = new client.Registry();
  const queueGauge = (name: string, help: string, pick: (s: QueueRow) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await jobs.stats().catch(() => []))
          this.set({ queue: row.name }, pick(row));
      },
    });
  type QueueRow = Awaited<ReturnType<JobQueue['stats']>>[number];
  queueGauge('centerline_job_queue_waiting', 'Job runs due and not yet taken.', (s) => s.waiting);
  queueGauge('centerline_job_queue_running', 'Job runs being worked.', (s) => s.running);
  queueGauge(
    'centerline_job_queue_oldest_waiting_seconds',
    'Seconds the longest-waiting due run has waited.',
    (s) => s.oldestWaitingSeconds,
  );
  new client.Gauge({
    name: 'centerline_ledger_leaves',
    help: 'Leaves in every organization ledger together.',
    registers: [registry],
    async collect() {
      const result = (await db
        .execute(sql`select coalesce(sum(tree_size), 0)::bigint::text as n from ledger_states`)
        .catch(() => null)) as unknown as { rows: { n: string }[] } | null;
      if (result) this.set(Number(result.rows[0]?.n ?? 0));
    },
  });
  const poolStats = options.poolStats;
  if (poolStats) {
    new client.Gauge({
      name: 'centerline_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  const requests = new client.Histogram({
    name: 'centerline_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return; // unmatched paths would make a label per address tried
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = options.metricsToken ? Buffer.from(`Bearer ${options.metricsToken}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) {
      return reply
        .code(404)
        .send({ code: ERROR_CODES.notFound, message: 'Metrics are off: set METRICS_TOKEN.' });
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: ERROR_CODES.unauthenticated, message: 'Unauthorized' });
    }
    const merged = client.Registry.merge([processRegistry, registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

/**
 * A worker's whole HTTP surface: health and metrics, on its own port, nothing else (no routes,
 * no sessions, no static files).
 */
export async function buildOperationsApp(
  options: Omit<OperationsOptions, 'draining'> & { loggerInstance: FastifyBaseLogger },
) {
  const app = Fastify({ loggerInstance: options.loggerInstance, requestIdHeader: 'x-request-id' });
  let draining = false;
  app.decorate('drain', () => void (draining = true));
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  await registerOperations(app, { ...options, draining: () => draining });
  return app;
}
