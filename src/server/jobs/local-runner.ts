import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobTable, type JobRow } from './job-table';
import {
  backoffDelay,
  errorMessage,
  JobPayloadError,
  parsePayload,
  type AnyJobDefinition,
  type JobDefinition,
  type JobLogger,
  type JobQueue,
  type QueueStats,
  type SendOptions,
} from './types';

export interface LocalRunnerOptions {
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  pollIntervalMs?: number;
  /** A claim lasts this long unless renewed; a crashed runner's jobs are reclaimed after it. */
  leaseMs?: number;
  /** How long `stop` waits for running jobs before handing them back to the queue. */
  shutdownGraceMs?: number;
  logger?: JobLogger;
  /** Caps every retry delay (tests shorten production backoffs with it). */
  maxRetryDelayMs?: number;
  /**
   * Keeps this runner's jobs apart from other runners' on the same database: it stores and
   * claims only jobs under this prefix (test suites sharing one PostgreSQL use it).
   */
  namespace?: string;
}

class QueueStopped extends Error {
  constructor() {
    super('The job queue stopped before the job finished');
  }
}
class LeaseLost extends Error {
  constructor() {
    super('Another runner took over the job after its lease expired');
  }
}
class RunTimedOut extends Error {
  constructor(ms: number) {
    super(`The job took longer than ${Math.round(ms / 1000)} s`);
  }
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };
const finishedAfterDays = 14;

/**
 * The embedded queue: jobs persist in the `jobs` table, so a restart resumes them. Claims use
 * `FOR UPDATE SKIP LOCKED`, so several runners (or processes on PostgreSQL) never take the same
 * job; a runner renews its lease while it works, and a job whose lease ran out is claimed again.
 */
export class LocalJobRunner implements JobQueue {
  readonly kind = 'embedded';
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly shutdownGraceMs: number;
  private readonly log: JobLogger;
  private readonly maxRetryDelayMs: number;
  private readonly prefix: string;
  private readonly table: ReturnType<typeof jobTable>;
  private timer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private started = false;
  private pumping = false;
  private pumpAgain = false;

  constructor(
    private readonly db: Database,
    options: LocalRunnerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.shutdownGraceMs = options.shutdownGraceMs ?? 10_000;
    this.log = options.logger ?? silent;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? Number.POSITIVE_INFINITY;
    this.prefix = options.namespace ? `${options.namespace}/` : '';
    this.table = jobTable(db, this.workerId);
  }

  register(...definitions: AnyJobDefinition[]) {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  async send<P>(definition: JobDefinition<P>, payload: P, options: SendOptions = {}) {
    this.register(definition);
    const data = parsePayload(definition, payload);
    const id = await this.table.insert(options.tx ?? this.db, {
      name: this.prefix + definition.name,
      payload: data,
      maxAttempts: definition.retries + 1,
      delayMs: options.delayMs ?? 0,
    });
    // Inside a transaction the row is invisible until commit; the next poll finds it.
    if (!options.tx) this.pump();
    return id;
  }

  async start() {
    if (this.started) return;
    this.started = true;
    await this.purgeFinished();
    this.timer = setInterval(() => this.pump(), this.pollIntervalMs);
    this.timer.unref();
    this.purgeTimer = setInterval(() => void this.purgeFinished(), 3600_000);
    this.purgeTimer.unref();
    this.pump();
  }

  /** Finished jobs are kept a while for inspection, then dropped so the table stays small. */
  private async purgeFinished() {
    try {
      await this.table.purgeFinished(finishedAfterDays);
    } catch (error) {
      this.log.warn({ err: error }, 'purging finished jobs failed');
    }
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.timer);
    clearInterval(this.purgeTimer);
    const running = [...this.active.values()];
    const grace = new Promise((resolve) => setTimeout(resolve, this.shutdownGraceMs).unref());
    await Promise.race([Promise.all(running.map((r) => r.done)), grace]);
    for (const run of this.active.values()) run.controller.abort(new QueueStopped());
    await Promise.all([...this.active.values()].map((r) => r.done));
  }

  async ping() {
    await this.db.execute(sql`select 1 from jobs limit 1`);
  }

  async stats(): Promise<QueueStats[]> {
    const rows = await this.table.backlog(this.prefix);
    return rows.map((row) => ({ ...row, name: row.name.slice(this.prefix.length) }));
  }

  /** Stops like a killed process: no more claims, heartbeats or writes; leases are left to expire. */
  abandon() {
    this.started = false;
    clearInterval(this.timer);
    clearInterval(this.purgeTimer);
    for (const run of this.active.values()) run.controller.abort(new LeaseLost());
  }

  private pump() {
    if (!this.started) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    void (async () => {
      try {
        do {
          this.pumpAgain = false;
          while (this.started && this.active.size < this.concurrency) {
            const names = [...this.definitions.keys()].map((name) => this.prefix + name);
            const row = await this.table.claim(names, this.leaseMs);
            if (!row) break;
            this.launch(row);
          }
        } while (this.pumpAgain && this.started);
      } catch (error) {
        this.log.error({ err: error }, 'job claim failed');
      } finally {
        this.pumping = false;
      }
    })();
  }

  private launch(row: JobRow) {
    const controller = new AbortController();
    const done = this.execute(row, controller)
      .catch((error: unknown) =>
        this.log.error({ err: error, jobId: row.id }, 'job bookkeeping failed'),
      )
      .finally(() => {
        this.active.delete(row.id);
        this.pump();
      });
    this.active.set(row.id, { controller, done });
  }

  private async execute(row: JobRow, controller: AbortController) {
    const definition = this.definitions.get(row.name.slice(this.prefix.length))!;
    const { signal } = controller;
    const heartbeat = setInterval(() => void this.renew(row.id, controller), this.leaseMs / 3);
    const timeout = setTimeout(
      () => controller.abort(new RunTimedOut(definition.timeoutMs)),
      definition.timeoutMs,
    );
    try {
      if (row.attempts > row.maxAttempts) {
        // The previous run was cut short (crash, kill) and it was the last one allowed.
        await this.failFinally(row, definition, 'The job was interrupted on its last attempt');
        return;
      }
      const payload = parsePayload(definition, row.payload);
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      await Promise.race([
        definition.handler(payload, {
          jobId: row.id,
          attempt: row.attempts,
          maxAttempts: row.maxAttempts,
          signal,
        }),
        aborted,
      ]);
      await this.table.complete(row.id);
    } catch (error) {
      await this.settleFailure(row, definition, error);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  private async settleFailure(row: JobRow, definition: AnyJobDefinition, error: unknown) {
    if (error instanceof LeaseLost) return;
    if (error instanceof QueueStopped) {
      await this.table.release(row.id);
      return;
    }
    const message = errorMessage(error);
    if (row.attempts >= row.maxAttempts || error instanceof JobPayloadError) {
      this.log.error({ err: error, jobId: row.id, job: row.name }, 'job failed for good');
      await this.failFinally(row, definition, message);
      return;
    }
    const delayMs = Math.min(backoffDelay(definition, row.attempts), this.maxRetryDelayMs);
    this.log.warn({ err: error, jobId: row.id, job: row.name, delayMs }, 'job failed; will retry');
    await this.table.retryLater(row.id, delayMs, message);
  }

  private async failFinally(row: JobRow, definition: AnyJobDefinition, message: string) {
    if (!(await this.table.fail(row.id, message)) || !definition.onFinalFailure) return;
    const parsed = definition.payload.safeParse(row.payload);
    if (!parsed.success) return;
    try {
      await definition.onFinalFailure(parsed.data, { jobId: row.id, message });
    } catch (error) {
      this.log.error({ err: error, jobId: row.id }, 'onFinalFailure failed');
    }
  }

  private async renew(id: string, controller: AbortController) {
    try {
      if (!(await this.table.renew(id, this.leaseMs))) controller.abort(new LeaseLost());
    } catch (error) {
      this.log.warn({ err: error, jobId: id }, 'lease renewal failed');
    }
  }
}
