import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { NODE_ID } from '../cluster/node';
import {
  parsePayload,
  type AnyJobDefinition,
  type JobDefinition,
  type JobLogger,
  type JobQueue,
  type QueueStats,
  type SendOptions,
} from './types';

export interface PgBossQueueOptions {
  connectionString: string;
  concurrency?: number;
  pollIntervalSeconds?: number;
  /** How often pg-boss expires runs of crashed workers and moves failed jobs on. */
  maintenanceIntervalSeconds?: number;
  shutdownGraceMs?: number;
  logger?: JobLogger;
  /**
   * Where runs' leases are kept (job_leases): with it, a run whose worker died goes back to the
   * queue once its lease lapses instead of at the job's timeout.
   */
  db?: Database;
  /** A lease not renewed for this long is taken for a dead worker's (default 30 s). */
  leaseMs?: number;
}

/** Any key shared by every node: the lock around creating and updating queues. */
const QUEUE_SETUP_LOCK = 1420101;

const silent: JobLogger = { info() {}, warn() {}, error() {} };
const deadLetterOf = (name: string) => `${name}__failed`;

/** Lets pg-boss write its job rows through our transaction ($1, $2… become drizzle params). */
function executorFor(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[]) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * The scaled-mode queue on pg-boss. Retries, backoff and expiry of crashed runs are pg-boss's
 * own; a job whose last run fails lands on a dead-letter queue whose worker calls
 * `onFinalFailure`, so crashes on the last attempt settle too.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private readonly prepared = new Set<string>();
  private ready: Promise<void> | undefined;
  private working = false;
  private readonly log: JobLogger;
  private readonly leaseMs: number;
  /** This queue's name in job_leases: the node, and which of its queues. */
  readonly workerId = `${NODE_ID}/${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private leaseTimer: NodeJS.Timeout | undefined;
  private reaping = false;

  constructor(private readonly options: PgBossQueueOptions) {
    this.log = options.logger ?? silent;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: 4,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'pg-boss error'));
  }

  register(...definitions: AnyJobDefinition[]) {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  private connect() {
    this.ready ??= this.boss.start().then(() => undefined);
    return this.ready;
  }

  /**
   * Creates or updates the queues of these definitions, one node at a time: pg-boss makes a
   * partition table per queue, and two nodes attaching partitions at once deadlock.
   */
  private async prepareAll(definitions: AnyJobDefinition[]) {
    const missing = definitions.filter((d) => !this.prepared.has(d.name));
    if (missing.length === 0) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      for (const definition of missing) await this.prepare(definition);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => {});
      await client.end();
    }
  }

  private async prepare(definition: AnyJobDefinition) {
    if (this.prepared.has(definition.name)) return;
    const deadLetter = deadLetterOf(definition.name);
    await this.boss.createQueue(deadLetter, { name: deadLetter, retryLimit: 2, retryDelay: 5 });
    const settings = {
      name: definition.name,
      retryLimit: definition.retries,
      retryDelay: Math.max(1, Math.round(definition.backoff.delayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: Math.max(1, Math.ceil(definition.timeoutMs / 1000)),
      deadLetter,
    };
    await this.boss.createQueue(definition.name, settings);
    // createQueue keeps an existing queue's settings; bring them up to date.
    await this.boss.updateQueue(definition.name, settings);
    this.prepared.add(definition.name);
  }

  async send<P>(definition: JobDefinition<P>, payload: P, options: SendOptions = {}) {
    this.register(definition);
    const data = parsePayload(definition, payload);
    await this.connect();
    await this.prepareAll([definition]);
    const id = await this.boss.send(definition.name, data as object, {
      startAfter: options.delayMs ? Math.ceil(options.delayMs / 1000) : undefined,
      ...(options.tx ? { db: executorFor(options.tx) } : {}),
    });
    if (!id) throw new Error(`pg-boss did not accept a ${definition.name} job`);
    return id;
  }

  async start() {
    if (this.working) return;
    this.working = true;
    await this.connect();
    if (this.options.db) {
      this.leaseTimer = setInterval(() => void this.tendLeases(), this.leaseMs / 6);
      this.leaseTimer.unref();
    }
    const concurrency = Math.max(1, this.options.concurrency ?? 2);
    const pollingIntervalSeconds = this.options.pollIntervalSeconds ?? 2;
    await this.prepareAll([...this.definitions.values()]);
    for (const definition of this.definitions.values()) {
      for (let i = 0; i < concurrency; i++) {
        await this.boss.work(
          definition.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
          ([job]) => (job ? this.run(definition, job) : Promise.resolve()),
        );
      }
      await this.boss.work(
        deadLetterOf(definition.name),
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        ([job]) => (job ? this.settle(definition, job) : Promise.resolve()),
      );
    }
  }

  private async run(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    let payload: unknown;
    try {
      payload = parsePayload(definition, job.data);
    } catch (error) {
      // Retrying cannot fix a payload (only a code change produces one); complete and log it.
      this.log.error({ err: error, jobId: job.id, job: definition.name }, 'bad job payload');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error('The job timed out')),
      definition.timeoutMs,
    );
    this.running.set(job.id, controller);
    try {
      await this.takeLease(job.id, definition.name);
      await definition.handler(payload, {
        jobId: job.id,
        attempt: job.retryCount + 1,
        maxAttempts: job.retryLimit + 1,
        signal: controller.signal,
      });
    } catch (error) {
      this.log.warn({ err: error, jobId: job.id, job: definition.name }, 'job run failed');
      throw error;
    } finally {
      clearTimeout(timer);
      this.running.delete(job.id);
      await this.dropLease(job.id);
    }
  }

  private async takeLease(jobId: string, jobName: string) {
    await this.options.db?.execute(
      sql`insert into job_leases (job_id, job_name, worker_id) values (${jobId}, ${jobName}, ${this.workerId})
          on conflict (job_id) do update set worker_id = excluded.worker_id,
            started_at = now(), renewed_at = now()`,
    );
  }

  private async dropLease(jobId: string) {
    await this.options.db
      ?.execute(
        sql`delete from job_leases where job_id = ${jobId} and worker_id = ${this.workerId}`,
      )
      .catch((error: unknown) => this.log.warn({ err: error, jobId }, 'lease release failed'));
  }

  /**
   * Renews this worker's leases, then fails back to pg-boss the runs of workers whose leases
   * lapsed (killed, frozen, cut off): pg-boss retries them at once, as it would a failed run.
   */
  private async tendLeases() {
    const db = this.options.db;
    if (!db || this.reaping) return;
    this.reaping = true;
    try {
      if (this.running.size > 0) {
        await db.execute(
          sql`update job_leases set renewed_at = now() where worker_id = ${this.workerId}`,
        );
      }
      const lapsed = (await db.execute(
        sql`delete from job_leases
             where renewed_at < now() - make_interval(secs => ${this.leaseMs / 1000})
               and worker_id <> ${this.workerId}
         returning job_id, job_name, worker_id`,
      )) as unknown as { rows: { job_id: string; job_name: string; worker_id: string }[] };
      for (const lease of lapsed.rows) {
        this.log.warn(
          { jobId: lease.job_id, job: lease.job_name, worker: lease.worker_id },
          'the worker running this job stopped renewing its lease; the job goes back to the queue',
        );
        await this.boss.fail(lease.job_name, lease.job_id, {
          message: `The worker running the job (${lease.worker_id}) stopped`,
        });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'job lease upkeep failed');
    } finally {
      this.reaping = false;
    }
  }

  private async settle(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success || !definition.onFinalFailure) return;
    const output = job.output as { message?: unknown; value?: { message?: unknown } } | null;
    const message = output?.message ?? output?.value?.message;
    await definition.onFinalFailure(parsed.data, {
      jobId: job.id,
      message: typeof message === 'string' ? message : 'The job failed',
    });
  }

  async stop() {
    if (!this.ready) return;
    clearInterval(this.leaseTimer);
    const graceMs = this.options.shutdownGraceMs ?? 10_000;
    // Runs still going at the end of the grace are aborted: they fail, and pg-boss retries them
    // on another worker (an attempt is spent).
    const grace = setTimeout(() => {
      for (const controller of this.running.values()) {
        controller.abort(new Error('The worker stopped before the job finished'));
      }
    }, graceMs);
    grace.unref();
    await this.boss.stop({
      graceful: true,
      wait: true,
      // Beyond the grace: aborted runs end, and pg-boss records them for a retry.
      timeout: graceMs + 5_000,
    });
    clearTimeout(grace);
    this.ready = undefined;
    this.working = false;
  }

  async ping() {
    await this.connect();
    await this.boss.getDb().executeSql('select 1 from pgboss.version', []);
  }

  async stats(): Promise<QueueStats[]> {
    await this.connect();
    const rows = (await this.boss.getDb().executeSql(
      `select name,
              count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
              count(*) filter (where state = 'active')::int as running,
              coalesce(extract(epoch from now() - min(start_after)
                filter (where state in ('created', 'retry') and start_after <= now())), 0)::float as oldest
         from pgboss.job where state < 'completed' group by name`,
      [],
    )) as { rows: { name: string; waiting: number; running: number; oldest: number }[] };
    return rows.rows.map((row) => ({
      name: row.name,
      waiting: row.waiting,
      running: row.running,
      oldestWaitingSeconds: row.oldest,
    }));
  }

  /** Stops taking jobs like a killed process would: running jobs stay active until they expire. */
  async abandon() {
    clearInterval(this.leaseTimer);
    for (const name of this.definitions.keys()) await this.boss.offWork(name);
  }
}
