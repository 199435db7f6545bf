import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checklistCatalogues,
  checklistResponses,
  organizations,
  regulatoryAlerts,
  type regulationChanges,
} from '../../db/schema';

/*
 * Alerts raised by events: a stored (non-historical) change of the regulation that touches
 * checklist items an organization has answered, and a new checklist catalogue version. One alert
 * per organization and event (the dedupe key), however often the event is seen.
 */

type ChangeRow = typeof regulationChanges.$inferSelect;

const DAY = 24 * 3600_000;
/** The time given to re-review when the change already took effect. */
export const REVIEW_DAYS = 30;

export const citationOf = (section: string, paragraph: string) => `14 CFR ${section}${paragraph}`;

export function reviewAction(item: string, section: string, paragraphs: string[]): string {
  return `Re-review checklist item ${item} against the amended ${paragraphs.map((p) => `${section}${p}`).join(', ') || section}`;
}

/** Answered items per organization among `items` (status other than pending). */
export async function answeredBy(db: DbOrTx, items: string[]) {
  if (items.length === 0) return new Map<string, { item: string; status: string }[]>();
  const rows = await db
    .select({
      organizationId: checklistResponses.organizationId,
      item: checklistResponses.itemNumber,
      status: checklistResponses.status,
    })
    .from(checklistResponses)
    .where(
      and(inArray(checklistResponses.itemNumber, items), ne(checklistResponses.status, 'pending')),
    );
  const byOrg = new Map<string, { item: string; status: string }[]>();
  for (const r of rows) byOrg.set(r.organizationId, [...(byOrg.get(r.organizationId) ?? []), r]);
  return byOrg;
}

export async function raiseChangeAlerts(db: DbOrTx, change: ChangeRow, today: string) {
  const answered = await answeredBy(db, change.checklistItems);
  const ids = change.paragraphs.map((p) => p.id).filter(Boolean);
  const described = change.paragraphs
    .map((p) => `${change.section}${p.id || ' (undesignated text)'} ${p.kind}`)
    .join('; ');
  const reviewBy = new Date(
    Math.max(Date.parse(change.effectiveDate), Date.parse(today) + REVIEW_DAYS * DAY),
  )
    .toISOString()
    .slice(0, 10);
  for (const [organizationId, items] of answered) {
    const numbers = [...new Set(items.map((i) => i.item))].sort();
    // An item answered "compliant" was judged against the text that has now changed.
    const claimed = items.some((i) => i.status === 'compliant');
    await db
      .insert(regulatoryAlerts)
      .values({
        organizationId,
        type: 'checklist-update',
        severity: claimed ? 'critical' : 'warning',
        title: `14 CFR ${change.section} amended: re-review ${numbers.length} answered checklist item${numbers.length === 1 ? '' : 's'}`,
        description: `The version of ${change.section} in effect from ${change.effectiveDate} changes ${described}. Your organization answered ${numbers.join(', ')}, which cite the changed text; re-review them against the amended text.`,
        source: 'regulation-change',
        regulation:
          ids.length === 1 ? citationOf(change.section, ids[0]!) : `14 CFR ${change.section}`,
        checklistItems: numbers,
        actionItems: numbers.map((n) => reviewAction(n, change.section, ids)),
        changeId: change.id,
        dueDate: reviewBy,
        dedupeKey: `change:${change.id}`,
      })
      .onConflictDoNothing();
  }
}

/**
 * When the current catalogue version replaced an older one, each organization that existed
 * before it was loaded gets one alert. The first catalogue an installation loads is no update.
 */
export async function raiseCatalogueAlerts(db: DbOrTx): Promise<number> {
  const catalogues = await db
    .select()
    .from(checklistCatalogues)
    .orderBy(sql`${checklistCatalogues.version} desc`);
  const [current, previous] = catalogues;
  if (!current || !previous) return 0;
  const orgs = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(lt(organizations.createdAt, current.loadedAt));
  let raised = 0;
  for (const org of orgs) {
    const rows = await db
      .insert(regulatoryAlerts)
      .values({
        organizationId: org.id,
        type: 'checklist-update',
        severity: 'info',
        title: `Checklist catalogue updated to ${current.label}`,
        description: `The inspection checklist moved from version ${previous.version} to version ${current.version} (${current.itemCount} items). Answers are kept for every item number the new version still has; review the items whose wording changed.`,
        source: 'catalogue',
        regulation: '14 CFR Part 142',
        actionItems: ['Review the checklist items of the new catalogue version'],
        dedupeKey: `catalogue:v${current.version}`,
      })
      .onConflictDoNothing()
      .returning({ id: regulatoryAlerts.id });
    raised += rows.length;
  }
  return raised;
}
