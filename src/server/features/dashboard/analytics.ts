import { can } from '@shared/constants/roles';
import type { DashboardAnalytics, KeyCount } from '@shared/api/dashboard';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { auditActivityByDay } from '../activity/service';
import { documentsOf } from '../documents/repository';
import { trainingEventsOf } from '../training-events/repository';
import { cachedFigure } from '../training-events/service';

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
  const events = trainingEventsOf(db, actor);
  const readAll = can(actor.role, 'readAllRecords');
  const [[byStatus, byType], documentRows, days] = await Promise.all([
    cachedFigure(db, actor, 'events by status and type', () =>
      Promise.all([events.countByStatus(), events.countByType()]),
    ),
    readAll ? documentsOf(db, actor.organizationId).countByStatus() : null,
    readAll ? auditActivityByDay(db, actor.organizationId, timeZone) : null,
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
