import type { linkInput, linkPatch } from '@shared/api/links';
import { type LinkAlert, type LinkCheckRun, type LinkStatus } from '@shared/api/links';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/types';
import { recordAudit } from '../activity/service';
import { enqueueLinkChecks, type LinkCheckJob } from './job';
import { linksOf, type LinkAlertRow, type LinkRow, type LinkRunRow } from './repository';
import { STARTER_LINKS } from './starter-links';

export { linkCheckJob, startLinkCheckSchedule, LINK_CHECK_JOB } from './job';

export interface LinkServices {
  db: Database;
  jobs: JobQueue;
  checkJob: LinkCheckJob;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentLink(link: LinkRow, openAlerts: number): LinkStatus {
  return {
    id: link.id,
    name: link.name,
    url: link.url,
    expectedKeyword: link.expectedKeyword,
    ignorePattern: link.ignorePattern,
    intervalMinutes: link.intervalMinutes,
    status: link.status,
    lastChecked: iso(link.lastCheckedAt),
    responseCode: link.responseCode,
    newUrl: link.newUrl,
    errorMessage: link.errorMessage,
    responseMs: link.responseMs,
    certificateExpiresAt: iso(link.certificateExpiresAt),
    openAlerts,
  };
}

function presentRun(run: LinkRunRow): LinkCheckRun {
  return {
    id: run.id,
    status: run.status,
    total: run.total,
    done: run.done,
    message: run.message,
    createdAt: run.createdAt.toISOString(),
    finishedAt: iso(run.finishedAt),
  };
}

function presentAlert(alert: LinkAlertRow, linkName: string, resolvedBy: string | null): LinkAlert {
  return {
    id: alert.id,
    linkId: alert.linkId,
    linkName,
    url: alert.url,
    alertType: alert.alertType,
    severity: alert.severity,
    message: alert.message,
    detectedAt: alert.detectedAt.toISOString(),
    resolved: alert.resolvedAt !== null,
    resolvedAt: iso(alert.resolvedAt),
    resolvedBy,
    suggestedAction: alert.suggestedAction,
    newUrl: alert.newUrl,
    diff: alert.diff,
  };
}

/**
 * The organization's links with their status and the four totals; the starter set of official
 * pages on first use.
 */
export async function listLinks(db: Database, actor: Actor) {
  const repo = linksOf(db, actor.organizationId);
  // Once per organization, in one transaction with its claim: deleted starter links stay deleted.
  if ((await repo.count()) === 0) {
    await db.transaction(async (tx) => {
      const scoped = linksOf(tx, actor.organizationId);
      if (await scoped.claimStarterSet()) {
        await scoped.insert(STARTER_LINKS.map((l) => ({ ...l, createdBy: null })));
      }
    });
  }
  const [rows, totals, latestRun] = await Promise.all([
    repo.list(),
    repo.totals(),
    repo.latestRun(),
  ]);
  return {
    links: rows.map((r) => presentLink(r.link, r.openAlerts)),
    totals,
    latestRun: latestRun ? presentRun(latestRun) : null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

const duplicate = (url: string) => conflict(`${url} is already monitored`);

export async function addLink(db: Database, actor: Actor, input: z.output<typeof linkInput>) {
  const repo = linksOf(db, actor.organizationId);
  const [row] = await repo.insert([{ ...input, createdBy: actor.userId }]);
  // The insert skips a duplicate (organization, URL) instead of failing.
  if (!row) throw duplicate(input.url);
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'link.added',
    details: { linkId: row.id, name: row.name, url: row.url },
  });
  return presentLink(row, 0);
}

export async function editLink(
  db: Database,
  actor: Actor,
  id: string,
  patch: z.output<typeof linkPatch>,
) {
  const repo = linksOf(db, actor.organizationId);
  const current = await repo.get(id);
  if (!current) throw notFound('Link');
  const changes: Partial<LinkRow> = { ...patch };
  // A new address or ignore pattern makes a new baseline, not a "content changed" alert.
  if (
    (patch.url !== undefined && patch.url !== current.url) ||
    (patch.ignorePattern !== undefined && patch.ignorePattern !== current.ignorePattern)
  ) {
    changes.contentHash = null;
    changes.contentText = null;
  }
  if (patch.url !== undefined && patch.url !== current.url) {
    Object.assign(changes, {
      status: 'pending',
      newUrl: null,
      responseCode: null,
      errorMessage: null,
    });
  }
  let row: LinkRow | null;
  try {
    row = await repo.update(id, changes);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(patch.url ?? current.url);
    throw error;
  }
  if (!row) throw notFound('Link');
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'link.edited',
    details: { linkId: id, changed: Object.keys(patch) },
  });
  const open = (await repo.list()).find((r) => r.link.id === id)?.openAlerts ?? 0;
  return presentLink(row, open);
}

export async function removeLink(db: Database, actor: Actor, id: string) {
  const repo = linksOf(db, actor.organizationId);
  const link = await repo.get(id);
  if (!link || !(await repo.remove(id))) throw notFound('Link');
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'link.deleted',
    details: { linkId: id, name: link.name, url: link.url },
  });
}

export async function linkHistory(db: Database, actor: Actor, id: string, limit = 30) {
  const repo = linksOf(db, actor.organizationId);
  if (!(await repo.get(id))) throw notFound('Link');
  const checks = await repo.history(id, limit);
  return {
    checks: checks.map((c) => ({
      id: c.id,
      checkedAt: c.checkedAt.toISOString(),
      status: c.status,
      responseCode: c.responseCode,
      redirects: c.redirects,
      responseMs: c.responseMs,
      certificateExpiresAt: iso(c.certificateExpiresAt),
      errorMessage: c.errorMessage,
    })),
  };
}

/** Starts a run of checks (background job) and answers with it, to poll. */
export async function checkLinks(services: LinkServices, actor: Actor, ids?: string[]) {
  const repo = linksOf(services.db, actor.organizationId);
  let linkIds: string[];
  if (ids) {
    const found = await repo.byIds([...new Set(ids)]);
    if (found.length !== new Set(ids).size) throw notFound('Link');
    linkIds = found.map((l) => l.id);
  } else {
    linkIds = await repo.ids();
  }
  const run = await enqueueLinkChecks(
    services.db,
    services.jobs,
    services.checkJob,
    actor.organizationId,
    linkIds,
    actor.userId,
  );
  return presentRun(run);
}

export async function getCheckRun(db: Database, actor: Actor, runId: string) {
  const run = await linksOf(db, actor.organizationId).run(runId);
  if (!run) throw notFound('Check run');
  return presentRun(run);
}

export async function listLinkAlerts(db: Database, actor: Actor, status: 'open' | 'resolved') {
  const rows = await linksOf(db, actor.organizationId).alerts(status, 200);
  return { alerts: rows.map((r) => presentAlert(r.alert, r.linkName, r.resolvedByEmail)) };
}

export async function resolveLinkAlert(db: Database, actor: Actor, id: string) {
  const repo = linksOf(db, actor.organizationId);
  const resolved = await repo.resolveAlert(id, actor.userId);
  if (!resolved) {
    const existing = await repo.alert(id);
    if (!existing) throw notFound('Alert');
    throw conflict('This alert is already resolved');
  }
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'link.alert_resolved',
    details: {
      alertId: id,
      linkId: resolved.linkId,
      alertType: resolved.alertType,
      url: resolved.url,
    },
  });
  const link = await repo.get(resolved.linkId);
  return presentAlert(resolved, link?.name ?? resolved.url, actor.email);
}
