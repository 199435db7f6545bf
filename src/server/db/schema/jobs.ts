import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The persisted queue of the embedded job runner (PGlite). A job is `queued` until a runner
 * claims it (`running`, with a lease it renews while it works); an expired lease means the runner
 * died, and the next runner claims the job again. pg-boss keeps its own tables in scaled mode.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('queued'),
    /** Runs started so far; a run cut short by a crash counts too. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.name, t.runAt)
      .where(sql`status = 'queued'`),
    index('jobs_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`status = 'running'`),
  ],
);

/**
 * pg-boss runs held by a live worker (scaled mode). pg-boss 10 has no heartbeat: a run of a
 * worker killed with -9 would stay active until its timeout (up to an hour). Each worker renews
 * its leases every few seconds; a lease left unrenewed is failed back to pg-boss by any other
 * worker, which retries the run at once.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid('job_id').primaryKey(),
    jobName: text('job_name').notNull(),
    workerId: text('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_leases_worker_idx').on(t.workerId),
    index('job_leases_renewed_idx').on(t.renewedAt),
  ],
);

/**
 * Rate-limit windows shared by every node (@fastify/rate-limit's store): the count of hits of
 * one key (route and address) in the window that ends at `expires_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expiry_idx').on(t.expiresAt)],
);

/**
 * Periodic work that must run once per period across every node (the ledger's head signing, the
 * link-check and eCFR schedules): the node that moves `last_run_at` forward runs the period.
 */
export const schedulerTicks = pgTable('scheduler_ticks', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  holder: text('holder').notNull(),
});
