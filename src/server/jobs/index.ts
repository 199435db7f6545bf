import type { Config } from '../config';
import type { Database } from '../db/client';
import { LocalJobRunner } from './local-runner';
import { PgBossQueue } from './pg-boss-queue';
import type { JobLogger, JobQueue } from './types';

export * from './types';
export { LocalJobRunner } from './local-runner';
export { PgBossQueue } from './pg-boss-queue';

/** pg-boss when the nodes share PostgreSQL (DATABASE_URL); the persisted embedded runner otherwise. */
export function createJobQueue(config: Config, db: Database, logger: JobLogger): JobQueue {
  if (config.DATABASE_URL) {
    return new PgBossQueue({
      connectionString: config.DATABASE_URL,
      concurrency: config.JOB_CONCURRENCY,
      logger,
      db,
      leaseMs: config.JOB_LEASE_SECONDS * 1000,
    });
  }
  return new LocalJobRunner(db, { concurrency: config.JOB_CONCURRENCY, logger });
}
