import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * The embedded runner's SQL over the `jobs` table. Times come from the database clock, so
 * runners on several machines agree on leases. Every write after a claim is conditional on the
 * claim still being ours: a runner that lost its lease cannot overwrite its successor.
 */
export function jobTable(db: Database, workerId: string) {
  const mine = (id: string) =>
    and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
  const released = { lockedBy: null, leaseExpiresAt: null } as const;

  return {
    async insert(
      tx: DbOrTx,
      job: { name: string; payload: unknown; maxAttempts: number; delayMs: number },
    ) {
      const [row] = await tx
        .insert(jobs)
        .values({
          name: job.name,
          payload: job.payload,
          maxAttempts: job.maxAttempts,
          runAt: inMs(job.delayMs),
        })
        .returning({ id: jobs.id });
      if (!row) throw new Error('job insert returned nothing');
      return row.id;
    },

    /** Due and running jobs per name under a prefix, for `stats()`. */
    async backlog(prefix: string) {
      const result = (await db.execute(
        sql`select name,
                   count(*) filter (where status = 'queued' and run_at <= now())::int as waiting,
                   count(*) filter (where status = 'running')::int as running,
                   coalesce(extract(epoch from now() - min(run_at)
                     filter (where status = 'queued' and run_at <= now())), 0)::float as oldest
              from jobs
             where status in ('queued', 'running') and starts_with(name, ${prefix})
             group by name`,
      )) as unknown as {
        rows: { name: string; waiting: number; running: number; oldest: number }[];
      };
      return result.rows.map((row) => ({
        name: row.name,
        waiting: Number(row.waiting),
        running: Number(row.running),
        oldestWaitingSeconds: Number(row.oldest),
      }));
    },

    /** Takes the next due job, or one whose runner let its lease lapse (a crash). */
    async claim(names: string[], leaseMs: number): Promise<JobRow | undefined> {
      if (names.length === 0) return undefined;
      const next = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.name, names),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
              and(eq(jobs.status, 'running'), lt(jobs.leaseExpiresAt, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: workerId,
          leaseExpiresAt: inMs(leaseMs),
        })
        .where(inArray(jobs.id, next))
        .returning();
      return row;
    },

    /** False when the claim is no longer ours. */
    async renew(id: string, leaseMs: number) {
      const rows = await db
        .update(jobs)
        .set({ leaseExpiresAt: inMs(leaseMs) })
        .where(mine(id))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    complete: (id: string) =>
      db
        .update(jobs)
        .set({ status: 'completed', finishedAt: sql`now()`, ...released })
        .where(mine(id)),

    /** Hands the job back without counting the run (the queue stopped, not the job). */
    release: (id: string) =>
      db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: sql`now()`,
          ...released,
        })
        .where(mine(id)),

    retryLater: (id: string, delayMs: number, message: string) =>
      db
        .update(jobs)
        .set({ status: 'queued', runAt: inMs(delayMs), lastError: message, ...released })
        .where(mine(id)),

    /** True when this call failed the job (so its final-failure hook runs exactly once). */
    async fail(id: string, message: string) {
      const rows = await db
        .update(jobs)
        .set({ status: 'failed', finishedAt: sql`now()`, lastError: message, ...released })
        .where(mine(id))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    purgeFinished: (olderThanDays: number) =>
      db
        .delete(jobs)
        .where(
          and(
            inArray(jobs.status, ['completed', 'failed']),
            lt(jobs.finishedAt, sql`now() - ${olderThanDays} * interval '1 day'`),
          ),
        ),
  };
}
