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
