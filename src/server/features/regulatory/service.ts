import type { FetchRun } from '@shared/api/regulatory';
import { claimTick } from '../../cluster/ticks';
import { NODE_ID } from '../../cluster/node';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { Actor } from '../../http/actor';
import type { JobDefinition, JobQueue } from '../../jobs/types';
import { announceNewAlerts } from './alert-notices';
import { raiseCatalogueAlerts } from './change-alerts';
import { computeDeadlineAlerts } from './deadlines';
import type { FetchPayload } from './job';
import { activeRun, createRun, latestRun, toFetchRun } from './runs';

/*
 * The regulatory watch's entry points for routes, the scheduler and startup. Reading and
 * computing live beside it (report.ts, changes.ts, alerts.ts); the fetch itself is a job.
 */

export { acknowledgeAlert, alertsForExport, listAlerts, unacknowledgedCount } from './alerts';
export { changeDetail, listChanges } from './changes';
export { complianceReport } from './report';
export { regulatoryFetchJob, REGULATORY_FETCH_JOB } from './job';

export interface FetchServices {
  db: Database;
  jobs: JobQueue;
  job: JobDefinition<FetchPayload>;
}

/** Queues a fetch of Part 142, or returns the one already queued or running. */
export async function startFetch(services: FetchServices, actor: Actor | null): Promise<FetchRun> {
  const { db, jobs, job } = services;
  const running = await activeRun(db);
  if (running) return toFetchRun(running);
  const run = await db.transaction(async (tx) => {
    const row = await createRun(tx, actor?.userId ?? null);
    await jobs.send(job, { runId: row.id }, { tx });
    return row;
  });
  return toFetchRun(run);
}

export async function latestFetchRun(db: Database): Promise<FetchRun | null> {
  const row = await latestRun(db);
  return row ? toFetchRun(row) : null;
}

/** Deadline alerts of every organization (the daily sweep). */
export async function computeAllDeadlineAlerts(db: Database): Promise<void> {
  const orgs = await db.select({ id: organizations.id }).from(organizations);
  for (const org of orgs) await computeDeadlineAlerts(db, org.id);
  await announceNewAlerts(db);
}

/** At startup: an alert for each organization when a new checklist catalogue version arrived. */
export async function raiseCatalogueUpdateAlerts(db: Database): Promise<number> {
  const raised = await raiseCatalogueAlerts(db);
  await announceNewAlerts(db);
  return raised;
}

const HOUR = 3600_000;

/**
 * The schedule: every hour, a fetch when the last one is older than REGULATORY_FETCH_HOURS
 * (0: only on Refresh), and once a day the deadline alerts of every organization. Nothing runs
 * at once: the first check waits a minute so a start is never held up, and the timers are unref'd.
 */
export function startRegulatoryTimers(
  services: FetchServices & { config: Config },
  onError: (err: unknown) => void,
  firstDelayMs = 60_000,
): () => void {
  const { db, config } = services;
  // Each hour's look and each day's sweep are claimed by one node of the cluster.
  const tick = async () => {
    if (
      config.REGULATORY_FETCH_HOURS > 0 &&
      (await claimTick(db, 'regulatory-fetch', 0.9 * HOUR, NODE_ID))
    ) {
      const last = await latestRun(db);
      if (!last || Date.now() - last.createdAt.getTime() >= config.REGULATORY_FETCH_HOURS * HOUR) {
        await startFetch(services, null);
      }
    }
    if (await claimTick(db, 'regulatory-deadline-sweep', 23.5 * HOUR, NODE_ID)) {
      await computeAllDeadlineAlerts(db);
    }
  };
  const run = () => void tick().catch(onError);
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, HOUR);
    interval.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
