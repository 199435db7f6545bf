import { and, desc, eq, isNotNull, isNull, max } from 'drizzle-orm';
import {
  PART_142_SOURCE,
  type ComplianceLevel,
  type ComplianceReport,
  type PendingChange,
  type RegulationEntry,
  type RequiredAction,
  type SourceStatus,
} from '@shared/api/regulatory';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  checklistResponses,
  regulationChanges,
  regulationSectionVersions,
  regulatoryAlerts,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { watchedEntries } from './sources';
import { reviewAction } from './change-alerts';
import { finishedRuns } from './runs';

/*
 * The compliance report of one organization, computed from stored data (rules in levelOf):
 * - non-compliant: a change in effect touches checklist items the organization answered and has
 *   not re-reviewed since (the answer was last saved before the change's effective date, or before
 *   it was detected when that came first);
 * - warning: such a change is pending review but not yet in effect;
 * - compliant: no change is pending review — and only after a first successful fetch, while the
 *   source is reachable; otherwise `unknown`, with the reason.
 */

export const PART_142_ENTRY = {
  id: 'us-14cfr-142',
  country: 'United States',
  regulation: '14 CFR Part 142 — Training Centers',
};

const DAY = 24 * 3600_000;

interface Pending {
  change: typeof regulationChanges.$inferSelect;
  /** Answered items not re-reviewed since the change. */
  stale: string[];
  inEffect: boolean;
  /** The organization's checklist-update alert for the change is not acknowledged yet. */
  alertOpen: boolean;
}

async function pendingChangesOf(db: Database, organizationId: string, today: string) {
  const changes = await db
    .select()
    .from(regulationChanges)
    .where(
      and(eq(regulationChanges.source, PART_142_SOURCE), eq(regulationChanges.historical, false)),
    )
    .orderBy(desc(regulationChanges.effectiveDate));
  if (changes.length === 0) return [];
  const answers = await db
    .select({
      item: checklistResponses.itemNumber,
      status: checklistResponses.status,
      updatedAt: checklistResponses.updatedAt,
    })
    .from(checklistResponses)
    .where(eq(checklistResponses.organizationId, organizationId));
  const answered = new Map(answers.filter((a) => a.status !== 'pending').map((a) => [a.item, a]));
  const openAlerts = await db
    .select({ changeId: regulatoryAlerts.changeId })
    .from(regulatoryAlerts)
    .where(
      and(
        eq(regulatoryAlerts.organizationId, organizationId),
        isNotNull(regulatoryAlerts.changeId),
        isNull(regulatoryAlerts.acknowledgedAt),
      ),
    );
  const open = new Set(openAlerts.map((a) => a.changeId));
  const pending: Pending[] = [];
  for (const change of changes) {
    const cutoff = Math.min(Date.parse(change.effectiveDate), change.detectedAt.getTime());
    const stale = change.checklistItems.filter((item) => {
      const answer = answered.get(item);
      return answer !== undefined && answer.updatedAt.getTime() < cutoff;
    });
    const alertOpen = open.has(change.id);
    if (stale.length || alertOpen) {
      pending.push({ change, stale, inEffect: change.effectiveDate <= today, alertOpen });
    }
  }
  return pending;
}

function sourceStatusOf(runs: Awaited<ReturnType<typeof finishedRuns>>): SourceStatus {
  const { lastFinished, lastSucceeded } = runs;
  const lastReachedAt = lastSucceeded?.finishedAt?.toISOString() ?? null;
  const lastAttemptAt = lastFinished?.finishedAt?.toISOString() ?? null;
  if (!lastSucceeded) {
    return {
      state: 'never-fetched',
      message: lastFinished
        ? `The eCFR has not been fetched successfully yet. Last attempt: ${lastFinished.message ?? 'failed'}`
        : 'The eCFR has not been fetched yet: press Refresh to store the baseline text of Part 142.',
      lastAttemptAt,
      lastReachedAt,
    };
  }
  if (lastFinished?.status === 'failed') {
    return {
      state: 'unreachable',
      message: `The last fetch of the eCFR failed (${lastFinished.message ?? 'no reason given'}); the source was last reached ${lastReachedAt}.`,
      lastAttemptAt,
      lastReachedAt,
    };
  }
  return {
    state: 'ok',
    message: `The eCFR was last reached ${lastReachedAt}.`,
    lastAttemptAt,
    lastReachedAt,
  };
}

function levelOf(
  pending: Pending[],
  source: SourceStatus,
): { level: ComplianceLevel; reason: string } {
  const inEffect = pending.filter((p) => p.inEffect && p.stale.length > 0);
  if (inEffect.length) {
    const items = [...new Set(inEffect.flatMap((p) => p.stale))].sort();
    return {
      level: 'non-compliant',
      reason: `Non-compliant: ${inEffect.length} amendment${inEffect.length === 1 ? '' : 's'} in effect touch${inEffect.length === 1 ? 'es' : ''} answered checklist items not re-reviewed since (${items.join(', ')}).`,
    };
  }
  if (pending.length) {
    return {
      level: 'warning',
      reason: `Warning: ${pending.length} amendment${pending.length === 1 ? '' : 's'} pending review (answered items to re-review before the amendment takes effect, or a re-review not yet confirmed by acknowledging its alert).`,
    };
  }
  if (source.state === 'never-fetched') {
    return { level: 'unknown', reason: `Insufficient data: ${source.message}` };
  }
  if (source.state === 'unreachable') {
    return {
      level: 'unknown',
      reason: `Unknown: no change is pending review in the stored text, but ${source.message}`,
    };
  }
  return {
    level: 'compliant',
    reason:
      'Compliant: no stored amendment touches an answered checklist item that awaits re-review.',
  };
}

function describe(change: Pending['change']): string {
  const parts = change.paragraphs.map((p) => `${change.section}${p.id} ${p.kind}`);
  return `Amendment of ${change.section} in effect from ${change.effectiveDate}: ${parts.join(', ')}.`;
}

export async function complianceReport(
  db: Database,
  config: Config,
  actor: Actor,
  country?: string,
  now = new Date(),
): Promise<ComplianceReport> {
  const today = now.toISOString().slice(0, 10);
  const runs = await finishedRuns(db);
  const source = sourceStatusOf(runs);
  const pending = await pendingChangesOf(db, actor.organizationId, today);
  const { level, reason } = levelOf(pending, source);
  const [{ current } = { current: null }] = await db
    .select({ current: max(regulationSectionVersions.versionDate) })
    .from(regulationSectionVersions)
    .where(
      and(
        eq(regulationSectionVersions.source, PART_142_SOURCE),
        isNotNull(regulationSectionVersions.textHash),
      ),
    );

  const pendingChanges: PendingChange[] = pending.map(({ change, inEffect, stale }) => ({
    id: change.id,
    priority: stale.length === 0 ? 'low' : inEffect ? 'high' : 'medium',
    description: describe(change),
    section: change.section,
    paragraphs: change.paragraphs.map((p) => p.id),
    checklistItems: change.checklistItems,
    effectiveDate: change.effectiveDate,
  }));
  const requiredActions: RequiredAction[] = pending.flatMap(
    ({ change, stale }): RequiredAction[] =>
      stale.length === 0
        ? [
            {
              text: `Confirm the re-review of the amended ${change.section} by acknowledging its alert`,
              checklistItem: null,
              href: '/regulatory-alerts',
            },
          ]
        : stale.map((item) => ({
            text: reviewAction(
              item,
              change.section,
              change.paragraphs.map((p) => p.id).filter(Boolean),
            ),
            checklistItem: item,
            href: `/compliance-checklist?item=${item}`,
          })),
  );
  const lastAttempt = runs.lastFinished?.finishedAt ?? null;
  const part142: RegulationEntry = {
    ...PART_142_ENTRY,
    currentVersion: current,
    complianceLevel: level,
    levelReason: reason,
    lastChecked: runs.lastSucceeded?.finishedAt?.toISOString() ?? null,
    nextReviewDate:
      config.REGULATORY_FETCH_HOURS > 0
        ? new Date(
            (lastAttempt ?? now).getTime() + config.REGULATORY_FETCH_HOURS * 3600_000,
          ).toISOString()
        : null,
    pendingChanges,
    requiredActions,
    actionDeadline:
      pending
        .map((p) => p.change.effectiveDate)
        .sort()
        .at(0) ?? null,
  };

  // Regulations the organization watches through the link monitor: no versioned text to compare.
  const others = await watchedEntries(db, actor.organizationId);
  const all = [part142, ...others];
  const countries = [...new Set(all.map((r) => r.country))].sort();
  const regulations = country && country !== 'all' ? all.filter((r) => r.country === country) : all;

  const recommendations: string[] = [];
  if (source.state !== 'ok') recommendations.push(source.message);
  const toReview = new Set(requiredActions.map((a) => a.checklistItem).filter(Boolean)).size;
  if (toReview > 0) {
    const sections = [...new Set(pending.map((p) => p.change.section))].join(', ');
    recommendations.push(
      `Re-review ${toReview} checklist item${toReview === 1 ? '' : 's'} touched by amendments to ${sections}.`,
    );
  } else if (requiredActions.length) {
    recommendations.push(
      'Every touched item has been re-reviewed: acknowledge the amendment alerts to confirm it.',
    );
  }
  const stale = runs.lastSucceeded?.finishedAt
    ? now.getTime() - runs.lastSucceeded.finishedAt.getTime() > 7 * DAY
    : false;
  if (stale) recommendations.push('The stored text is more than a week old: press Refresh.');

  return {
    // Only regulations with compared text decide the banner; a watched page cannot be compliant.
    overallStatus: level,
    lastUpdated: runs.lastSucceeded?.finishedAt?.toISOString() ?? null,
    lastReached: source.lastReachedAt,
    sourceStatus: source,
    recommendations,
    regulations,
    countries,
  };
}
