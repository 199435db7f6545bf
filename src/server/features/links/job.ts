import { z } from 'zod';
import { everyPeriodOnOneNode } from '../../cluster/ticks';
import { NODE_ID } from '../../cluster/node';
import type { Database } from '../../db/client';
import { defineJob, errorMessage, type JobLogger, type JobQueue } from '../../jobs/types';
import { checkLink } from './checker';
import { HostLimiter, hostOf } from './host-limiter';
import { dueLinks, linksOf } from './repository';

export const LINK_CHECK_JOB = 'links.check';

export const linkCheckPayload = z.object({
  runId: z.uuid(),
  organizationId: z.uuid(),
});
export type LinkCheckPayload = z.infer<typeof linkCheckPayload>;

export interface LinkCheckDeps {
  db: Database;
  allowPrivate: boolean;
  perHost: number;
  log?: JobLogger;
  timeoutMs?: number;
}

/**
 * Checks the links of one run. Links on different hosts are checked at the same time; one host
 * gets at most `perHost` checks at a time (shared by every run in this process). A link whose
 * check throws (the database, not the site: sites' failures are results) fails the run.
 */
export function linkCheckJob(deps: LinkCheckDeps) {
  const limiter = new HostLimiter(deps.perHost);
  return defineJob<LinkCheckPayload>({
    name: LINK_CHECK_JOB,
    payload: linkCheckPayload,
    retries: 1,
    backoff: { delayMs: 30_000 },
    timeoutMs: 30 * 60_000,
    async handler({ runId, organizationId }, { signal }) {
      const repo = linksOf(deps.db, organizationId);
      const run = await repo.run(runId);
      if (!run || run.status === 'succeeded') return;
      await repo.updateRun(runId, { status: 'running', done: 0, message: 'Checking links' });
      const links = await repo.byIds(run.linkIds);
      let broken = 0;
      await Promise.all(
        links.map((link) =>
          limiter.run(hostOf(link.url), async () => {
            signal.throwIfAborted();
            const status = await checkLink(deps.db, link, {
              allowPrivate: deps.allowPrivate,
              timeoutMs: deps.timeoutMs,
              signal,
            });
            if (status === 'broken') broken += 1;
            await repo.countDone(runId);
          }),
        ),
      );
      const checked = links.length;
      await repo.updateRun(runId, {
        status: 'succeeded',
        done: checked,
        total: checked,
        finishedAt: new Date(),
        message: `Checked ${checked} link${checked === 1 ? '' : 's'}${broken ? `; ${broken} broken` : ''}`,
      });
      deps.log?.info({ runId, organizationId, checked, broken }, 'links checked');
    },
    async onFinalFailure({ runId, organizationId }, failure) {
      await linksOf(deps.db, organizationId).updateRun(runId, {
        status: 'failed',
        finishedAt: new Date(),
        message: `The check stopped: ${failure.message}`,
      });
    },
  });
}

export type LinkCheckJob = ReturnType<typeof linkCheckJob>;

/** Starts a run of checks of these links (all of the organization's when none are given). */
export async function enqueueLinkChecks(
  db: Database,
  jobs: JobQueue,
  job: LinkCheckJob,
  organizationId: string,
  linkIds: string[],
  requestedBy: string | null,
) {
  const repo = linksOf(db, organizationId);
  const run = await repo.createRun(linkIds, requestedBy);
  await jobs.send(job, { runId: run.id, organizationId });
  return run;
}

/**
 * The schedule: every `everyMs`, a run for each organization with links whose interval has
 * passed. Returns a function that stops it.
 */
export function startLinkCheckSchedule(
  db: Database,
  jobs: JobQueue,
  job: LinkCheckJob,
  onError: (err: unknown) => void,
  everyMs = 60_000,
): () => void {
  // One node a minute looks for due links, so no link is queued twice by two nodes.
  return everyPeriodOnOneNode(
    db,
    'link-check-schedule',
    everyMs,
    NODE_ID,
    async () => {
      const due = await dueLinks(db, 1000);
      const byOrganization = new Map<string, string[]>();
      for (const { id, organizationId } of due) {
        byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), id]);
      }
      for (const [organizationId, ids] of byOrganization) {
        await enqueueLinkChecks(db, jobs, job, organizationId, ids, null);
      }
    },
    (err) =>
      onError(new Error(`scheduling link checks failed: ${errorMessage(err)}`, { cause: err })),
  );
}
