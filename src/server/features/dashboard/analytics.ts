import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { can } from '@shared/constants/roles';
import { ACTIVITY_DAYS, type DashboardAnalytics, type KeyCount } from '@shared/api/dashboard';
import type { Database } from '../../db/client';
import { auditLogs, documents, trainingEvents } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { visibleEvents } from './scope';

/** The calendar day `days` after `day` (YYYY-MM-DD), without time zones getting in the way. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Audit entries per calendar day in `timeZone`, for the ACTIVITY_DAYS days ending today. */
async function activity(db: Database, actor: Actor, timeZone: string) {
  const [{ today } = { today: '' }] = (
    (await db.execute(sql`select (now() at time zone ${timeZone})::date::text as today`)) as {
      rows: { today: string }[];
    }
  ).rows;
  const first = addDays(today, -(ACTIVITY_DAYS - 1));
  const day = sql<string>`((${auditLogs.createdAt} at time zone ${timeZone})::date)::text`;
  const rows = await db
    .select({ day, n: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.organizationId, actor.organizationId),
        gte(auditLogs.createdAt, sql`(${first}::date::timestamp at time zone ${timeZone})`),
      ),
    )
    // By position: the expression carries the time zone as a parameter, so a repeated
    // expression would not count as the same one.
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const d = addDays(first, i);
    return { day: d, count: byDay.get(d) ?? 0 };
  });
  return { total: days.reduce((sum, d) => sum + d.count, 0), days };
}

const toCounts = (rows: { key: string | null; n: number }[]): KeyCount[] =>
  rows.map((r) => ({ key: r.key ?? '', count: r.n }));

/**
 * The Analytics screen's aggregates over all of the organization's records the actor may see:
 * training events by status and by type (a Viewer: their assigned events), and, for roles that
 * read every record, documents by status and audit activity per day.
 */
export async function dashboardAnalyticsFor(
  db: Database,
  actor: Actor,
  timeZone: string,
): Promise<DashboardAnalytics> {
  const visible = visibleEvents(db, actor);
  const eventType = sql<string>`trim(${trainingEvents.eventType})`;
  const readAll = can(actor.role, 'readAllRecords');
  const [byStatus, byType, documentRows, days] = await Promise.all([
    db
      .select({ key: trainingEvents.status, n: count() })
      .from(trainingEvents)
      .where(visible)
      .groupBy(trainingEvents.status),
    db
      .select({ key: eventType, n: count() })
      .from(trainingEvents)
      .where(visible)
      .groupBy(eventType)
      .orderBy(desc(count()), eventType),
    readAll
      ? db
          .select({ key: documents.status, n: count() })
          .from(documents)
          .where(
            and(eq(documents.organizationId, actor.organizationId), isNull(documents.deletedAt)),
          )
          .groupBy(documents.status)
      : null,
    readAll ? activity(db, actor, timeZone) : null,
  ]);
  const sum = (rows: KeyCount[]) => rows.reduce((total, r) => total + r.count, 0);
  const statusCounts = toCounts(byStatus);
  const documentCounts = documentRows ? toCounts(documentRows) : null;
  return {
    trainingEvents: { total: sum(statusCounts), byStatus: statusCounts, byType: toCounts(byType) },
    documents: documentCounts ? { total: sum(documentCounts), byStatus: documentCounts } : null,
    activity: days,
  };
}
