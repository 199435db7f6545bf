import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Database } from '../db/client';
import { DRIVERS, startTestServer } from '../test/harness';
import {
  defineJob,
  JobPayloadError,
  LocalJobRunner,
  PgBossQueue,
  type JobContext,
  type JobDefinition,
  type JobQueue,
} from './index';

interface Adapter {
  name: string;
  /** The shortest retry delay the adapter honours (pg-boss counts whole seconds). */
  minDelayMs: number;
  open(db: Database): JobQueue;
  /** Stops taking work like a killed process: running jobs keep their claim until it lapses. */
  crash(queue: JobQueue): Promise<void>;
}

const embedded: Adapter = {
  name: 'embedded runner',
  minDelayMs: 0,
  open: (db) => new LocalJobRunner(db, { pollIntervalMs: 50, leaseMs: 600, shutdownGraceMs: 2000 }),
  crash: async (queue) => (queue as LocalJobRunner).abandon(),
};

const pgBoss: Adapter = {
  name: 'pg-boss',
  minDelayMs: 1000,
  open: (db) =>
    new PgBossQueue({
      connectionString: inject('postgresUrl'),
      db,
      leaseMs: 1500,
      pollIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      shutdownGraceMs: 2000,
    }),
  crash: (queue) => (queue as PgBossQueue).abandon(),
};

const cases = DRIVERS.flatMap((driver) =>
  (driver === 'postgres' ? [embedded, pgBoss] : [embedded]).map((adapter) => ({
    driver,
    adapter,
    label: `${adapter.name} on ${driver}`,
  })),
);

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const payload = z.object({ value: z.string() });
type Payload = z.infer<typeof payload>;

function testJob(overrides: Partial<JobDefinition<Payload>> = {}) {
  const runs: { payload: Payload; context: JobContext; at: number }[] = [];
  const failures: { payload: Payload; message: string }[] = [];
  const definition = defineJob<Payload>({
    name: `test.${randomUUID().slice(0, 8)}`,
    payload,
    retries: 2,
    backoff: { delayMs: 200 },
    timeoutMs: 1000,
    async handler(data, context) {
      runs.push({ payload: data, context, at: Date.now() });
    },
    async onFinalFailure(data, failure) {
      failures.push({ payload: data, message: failure.message });
    },
    ...overrides,
  });
  return { definition, runs, failures };
}

describe.each(cases)('job queue contract: $label', ({ driver, adapter }) => {
  let db: Database;
  const open: JobQueue[] = [];
  const queue = () => {
    const q = adapter.open(db);
    open.push(q);
    return q;
  };
  /** Starts a runner, sends the job, kills the runner once the job runs, starts a second one. */
  async function crashMidRun(definition: JobDefinition<Payload>, runs: unknown[], value: string) {
    const first = queue();
    first.register(definition);
    await first.start();
    await first.send(definition, { value });
    await waitFor(() => runs[0]);
    await adapter.crash(first);
    const second = queue();
    second.register(definition);
    await second.start();
  }
  beforeAll(async () => {
    const server = await startTestServer(driver);
    await server.app.close();
    db = server.db;
  });
  afterAll(async () => {
    await Promise.all(open.map((q) => q.stop()));
  });

  it('runs a sent job with its payload, and refuses a payload that fails its schema', async () => {
    const { definition, runs } = testJob();
    const q = queue();
    q.register(definition);
    await q.start();
    await expect(q.send(definition, { value: 42 } as unknown as Payload)).rejects.toBeInstanceOf(
      JobPayloadError,
    );
    const id = await q.send(definition, { value: 'hello' });
    const run = await waitFor(() => runs[0]);
    expect(run.payload).toEqual({ value: 'hello' });
    expect(run.context).toMatchObject({ jobId: id, attempt: 1, maxAttempts: 3 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toHaveLength(1);
  });

  it('retries a failed run after its backoff, and stops once a run succeeds', async () => {
    const job = testJob({
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        if (context.attempt === 1) throw new Error('flaky');
      },
    });
    const q = queue();
    q.register(job.definition);
    await q.start();
    await q.send(job.definition, { value: 'retry me' });
    await waitFor(() => job.runs[1]);
    const [first, second] = job.runs;
    expect(second!.context.attempt).toBe(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(Math.max(adapter.minDelayMs, 200) - 50);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(job.runs).toHaveLength(2);
    expect(job.failures).toHaveLength(0);
  });

  it('calls onFinalFailure once, with the last error, after the last retry fails', async () => {
    const job = testJob({
      retries: 1,
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        throw new Error(`broken on attempt ${context.attempt}`);
      },
    });
    const q = queue();
    q.register(job.definition);
    await q.start();
    await q.send(job.definition, { value: 'doomed' });
    const failure = await waitFor(() => job.failures[0]);
    expect(failure).toEqual({ payload: { value: 'doomed' }, message: 'broken on attempt 2' });
    expect(job.runs.map((r) => r.context.attempt)).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(job.failures).toHaveLength(1);
  });

  it('enqueues inside a transaction: a rollback leaves no job, a commit runs it', async () => {
    const { definition, runs } = testJob();
    const q = queue();
    q.register(definition);
    await q.start();
    await db
      .transaction(async (tx) => {
        await q.send(definition, { value: 'rolled back' }, { tx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await q.send(definition, { value: 'committed' }, { tx });
    });
    await waitFor(() => runs[0]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs.map((r) => r.payload.value)).toEqual(['committed']);
  });

  it('resumes a job whose runner died mid-run on the next runner', async () => {
    let release: () => void = () => undefined;
    const job = testJob({
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        if (context.attempt === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await crashMidRun(job.definition, job.runs, 'survive');
    const resumed = await waitFor(() => job.runs[1]);
    expect(resumed.context.attempt).toBe(2);
    expect(resumed.payload).toEqual({ value: 'survive' });
    release();
    expect(job.failures).toHaveLength(0);
  });

  it('fails a job whose last allowed run died with its runner, calling onFinalFailure', async () => {
    let release: () => void = () => undefined;
    const job = testJob({
      retries: 0,
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await crashMidRun(job.definition, job.runs, 'lost');
    const failure = await waitFor(() => job.failures[0]);
    expect(failure.payload).toEqual({ value: 'lost' });
    expect(job.runs).toHaveLength(1);
    release();
  });

  it('gives a long job of a dead runner to the next runner once its lease lapses, long before its timeout', async () => {
    let release: () => void = () => undefined;
    const job = testJob({
      timeoutMs: 3600_000,
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        if (context.attempt === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await crashMidRun(job.definition, job.runs, 'an hour allowed');
    const started = job.runs[0]!;
    const resumed = await waitFor(() => job.runs[1], 15_000);
    expect(resumed.context.attempt).toBe(2);
    expect(resumed.at - started.at).toBeLessThan(15_000);
    release();
  });

  it('stop waits for a running job to finish', async () => {
    let finished = false;
    const job = testJob({
      async handler(data, context) {
        job.runs.push({ payload: data, context, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
      },
    });
    const q = queue();
    q.register(job.definition);
    await q.start();
    await q.send(job.definition, { value: 'finish me' });
    await waitFor(() => job.runs[0]);
    await q.stop();
    expect(finished).toBe(true);
  });
});
