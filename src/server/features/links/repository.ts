import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  linkAlerts,
  linkCheckRuns,
  linkChecks,
  linkMonitorState,
  monitoredLinks,
  users,
} from '../../db/schema';

export type LinkRow = typeof monitoredLinks.$inferSelect;
export type LinkAlertRow = typeof linkAlerts.$inferSelect;
export type LinkCheckRow = typeof linkChecks.$inferSelect;
export type LinkRunRow = typeof linkCheckRuns.$inferSelect;
export type NewLinkAlert = Omit<typeof linkAlerts.$inferInsert, 'id' | 'organizationId'>;

/** Data access of the link monitor, always within one organization. */
export function linksOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(monitoredLinks.organizationId, organizationId);
  const openAlerts = sql<number>`(
    select count(*)::int from ${linkAlerts}
    where ${linkAlerts.linkId} = ${monitoredLinks.id} and ${linkAlerts.resolvedAt} is null
  )`;

  return {
    async list() {
      return db
        .select({ link: monitoredLinks, openAlerts })
        .from(monitoredLinks)
        .where(inOrg)
        .orderBy(asc(monitoredLinks.createdAt), asc(monitoredLinks.name));
    },

    async count(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(monitoredLinks)
        .where(inOrg);
      return row?.n ?? 0;
    },

    /**
     * The four cards, counted by the database. Active: answering as before with no open alert;
     * Issues: broken, changed, or with an open alert (a missing keyword, an expiring certificate);
     * Redirects: the last check ended at another address.
     */
    async totals() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`count(*) filter (where ${monitoredLinks.status} = 'active' and ${openAlerts} = 0)::int`,
          issues: sql<number>`count(*) filter (where ${monitoredLinks.status} in ('broken', 'changed') or ${openAlerts} > 0)::int`,
          // Ended at another address at the last check, whichever status that check gave.
          redirects: sql<number>`count(*) filter (where ${monitoredLinks.status} = 'redirected' or ${monitoredLinks.newUrl} is not null)::int`,
        })
        .from(monitoredLinks)
        .where(inOrg);
      return row ?? { total: 0, active: 0, issues: 0, redirects: 0 };
    },

    /** Claims the one-time starter set; true for the one caller that should add it. */
    async claimStarterSet(): Promise<boolean> {
      const rows = await db
        .insert(linkMonitorState)
        .values({ organizationId })
        .onConflictDoNothing()
        .returning({ id: linkMonitorState.organizationId });
      return rows.length > 0;
    },

    async get(id: string) {
      const [row] = await db
        .select()
        .from(monitoredLinks)
        .where(and(inOrg, eq(monitoredLinks.id, id)));
      return row ?? null;
    },

    async byIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(monitoredLinks)
        .where(and(inOrg, inArray(monitoredLinks.id, ids)));
    },

    async ids(): Promise<string[]> {
      const rows = await db.select({ id: monitoredLinks.id }).from(monitoredLinks).where(inOrg);
      return rows.map((r) => r.id);
    },

    async insert(
      values: Omit<typeof monitoredLinks.$inferInsert, 'organizationId'>[],
    ): Promise<LinkRow[]> {
      if (values.length === 0) return [];
      return db
        .insert(monitoredLinks)
        .values(values.map((v) => ({ ...v, organizationId })))
        .onConflictDoNothing()
        .returning();
    },

    async update(id: string, values: Partial<typeof monitoredLinks.$inferInsert>) {
      const [row] = await db
        .update(monitoredLinks)
        .set(values)
        .where(and(inOrg, eq(monitoredLinks.id, id)))
        .returning();
      return row ?? null;
    },

    async remove(id: string) {
      const rows = await db
        .delete(monitoredLinks)
        .where(and(inOrg, eq(monitoredLinks.id, id)))
        .returning({ id: monitoredLinks.id });
      return rows.length > 0;
    },

    async history(linkId: string, limit: number) {
      return db
        .select()
        .from(linkChecks)
        .where(and(eq(linkChecks.organizationId, organizationId), eq(linkChecks.linkId, linkId)))
        .orderBy(desc(linkChecks.checkedAt))
        .limit(limit);
    },

    async insertCheck(values: Omit<typeof linkChecks.$inferInsert, 'organizationId'>) {
      await db.insert(linkChecks).values({ ...values, organizationId });
    },

    async alerts(status: 'open' | 'resolved', limit: number) {
      return db
        .select({ alert: linkAlerts, linkName: monitoredLinks.name, resolvedByEmail: users.email })
        .from(linkAlerts)
        .innerJoin(monitoredLinks, eq(monitoredLinks.id, linkAlerts.linkId))
        .leftJoin(users, eq(users.id, linkAlerts.resolvedBy))
        .where(
          and(
            eq(linkAlerts.organizationId, organizationId),
            status === 'open' ? isNull(linkAlerts.resolvedAt) : isNotNull(linkAlerts.resolvedAt),
          ),
        )
        .orderBy(
          status === 'open' ? desc(linkAlerts.detectedAt) : desc(linkAlerts.resolvedAt),
          desc(linkAlerts.id),
        )
        .limit(limit);
    },

    /**
     * Raises an alert, or refreshes the open one of the same link and type (one open alert per
     * link and type: a link that stays broken does not pile up alerts).
     */
    async raiseAlert(values: NewLinkAlert) {
      const inserted = await db
        .insert(linkAlerts)
        .values({ ...values, organizationId })
        .onConflictDoNothing()
        .returning({ id: linkAlerts.id });
      if (inserted.length > 0) return;
      await db
        .update(linkAlerts)
        .set({
          url: values.url,
          severity: values.severity,
          message: values.message,
          suggestedAction: values.suggestedAction,
          newUrl: values.newUrl,
          diff: values.diff,
        })
        .where(
          and(
            eq(linkAlerts.organizationId, organizationId),
            eq(linkAlerts.linkId, values.linkId),
            eq(linkAlerts.alertType, values.alertType),
            isNull(linkAlerts.resolvedAt),
          ),
        );
    },

    async resolveAlert(id: string, userId: string) {
      const [row] = await db
        .update(linkAlerts)
        .set({ resolvedAt: new Date(), resolvedBy: userId })
        .where(
          and(
            eq(linkAlerts.organizationId, organizationId),
            eq(linkAlerts.id, id),
            isNull(linkAlerts.resolvedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async alert(id: string) {
      const [row] = await db
        .select()
        .from(linkAlerts)
        .where(and(eq(linkAlerts.organizationId, organizationId), eq(linkAlerts.id, id)));
      return row ?? null;
    },

    async createRun(linkIds: string[], requestedBy: string | null) {
      const [row] = await db
        .insert(linkCheckRuns)
        .values({
          organizationId,
          linkIds,
          total: linkIds.length,
          status: 'queued',
          requestedBy,
        })
        .returning();
      return row!;
    },

    async run(id: string) {
      const [row] = await db
        .select()
        .from(linkCheckRuns)
        .where(and(eq(linkCheckRuns.organizationId, organizationId), eq(linkCheckRuns.id, id)));
      return row ?? null;
    },

    async latestRun() {
      const [row] = await db
        .select()
        .from(linkCheckRuns)
        .where(eq(linkCheckRuns.organizationId, organizationId))
        .orderBy(desc(linkCheckRuns.createdAt))
        .limit(1);
      return row ?? null;
    },

    async updateRun(id: string, values: Partial<typeof linkCheckRuns.$inferInsert>) {
      await db
        .update(linkCheckRuns)
        .set(values)
        .where(and(eq(linkCheckRuns.organizationId, organizationId), eq(linkCheckRuns.id, id)));
    },

    async countDone(id: string) {
      await db
        .update(linkCheckRuns)
        .set({ done: sql`${linkCheckRuns.done} + 1` })
        .where(and(eq(linkCheckRuns.organizationId, organizationId), eq(linkCheckRuns.id, id)));
    },
  };
}

/**
 * Links whose interval has passed since their last check (or never checked), by organization,
 * leaving out links already in a run that is queued or running.
 */
export async function dueLinks(db: DbOrTx, limit: number) {
  return db
    .select({ id: monitoredLinks.id, organizationId: monitoredLinks.organizationId })
    .from(monitoredLinks)
    .where(
      and(
        sql`(${monitoredLinks.lastCheckedAt} is null or ${monitoredLinks.lastCheckedAt} + make_interval(mins => ${monitoredLinks.intervalMinutes}) <= now())`,
        sql`not exists (
          select 1 from ${linkCheckRuns}
          where ${linkCheckRuns.organizationId} = ${monitoredLinks.organizationId}
            and ${linkCheckRuns.status} in ('queued', 'running')
            and ${monitoredLinks.id} = any(${linkCheckRuns.linkIds})
            and ${linkCheckRuns.createdAt} > now() - interval '1 hour'
        )`,
      ),
    )
    .orderBy(asc(monitoredLinks.lastCheckedAt))
    .limit(limit);
}
