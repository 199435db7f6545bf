import { and, asc, eq, gte, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ALERT_SAMPLE_SIZE,
  type ComplianceAlert,
  type ComplianceAlerts,
} from '@shared/api/dashboard';
import type { TrainingEventSummary } from '@shared/api/records';
import type { Database } from '../../db/client';
import { trainingEvents } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { cachedFigure } from './figures-cache';
import { visibleEvents } from './repository';

const later = alias(trainingEvents, 'later');

/**
 * A completed event of the same type (trimmed, case-insensitive) for the same trainee on or after
 * the failed one: the same trainee by licence number when both events have one, otherwise by name
 * (both trimmed and case-insensitive). Two probes of the partial indexes on completed events, on
 * the keys the database stores (migration 0012).
 */
function recheckOf(db: Database, actor: Actor, sameTrainee: SQL) {
  return db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        visibleEvents(db, actor, later),
        eq(later.status, 'completed'),
        eq(later.eventTypeKey, trainingEvents.eventTypeKey),
        gte(later.eventDate, trainingEvents.eventDate),
        sameTrainee,
      ),
    );
}

const summary = {
  id: trainingEvents.id,
  studentName: trainingEvents.studentName,
  licenseNumber: trainingEvents.licenseNumber,
  eventType: trainingEvents.eventType,
  eventDate: trainingEvents.eventDate,
  status: trainingEvents.status,
  blockchainHash: trainingEvents.blockchainHash,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** The longest-waiting events matching `where` (oldest date first) and how many match in all. */
async function sample(db: Database, where: SQL) {
  const rows = await db
    .select(summary)
    .from(trainingEvents)
    .where(where)
    .orderBy(asc(trainingEvents.eventDate), asc(trainingEvents.createdAt), asc(trainingEvents.id))
    .limit(ALERT_SAMPLE_SIZE);
  const events: TrainingEventSummary[] = rows.map(({ total: _total, ...event }) => event);
  return { count: rows[0]?.total ?? 0, events };
}

/**
 * Compliance alerts over every training event the actor may see (a Viewer: those assigned to
 * them), computed in the database:
 * - a failed event awaits re-check until the same trainee completes the same event type (trimmed,
 *   case-insensitive) on or after the failed date;
 * - a pending event dated before today (in the caller's time zone) is overdue.
 */
export function complianceAlertsFor(
  db: Database,
  actor: Actor,
  timeZone: string,
): Promise<ComplianceAlerts> {
  return cachedFigure(db, actor, `alerts ${timeZone}`, () => computeAlerts(db, actor, timeZone));
}

async function computeAlerts(
  db: Database,
  actor: Actor,
  timeZone: string,
): Promise<ComplianceAlerts> {
  const [{ today } = { today: '' }] = (
    (await db.execute(sql`select (now() at time zone ${timeZone})::date::text as today`)) as {
      rows: { today: string }[];
    }
  ).rows;
  const visible = visibleEvents(db, actor);
  const byLicense = recheckOf(
    db,
    actor,
    eq(later.traineeLicenseKey, trainingEvents.traineeLicenseKey),
  );
  const byName = recheckOf(
    db,
    actor,
    and(
      eq(later.traineeNameKey, trainingEvents.traineeNameKey),
      or(isNull(later.traineeLicenseKey), isNull(trainingEvents.traineeLicenseKey)),
    )!,
  );
  const [failed, overdue] = await Promise.all([
    sample(
      db,
      and(visible, eq(trainingEvents.status, 'failed'), notExists(byLicense), notExists(byName))!,
    ),
    sample(
      db,
      and(visible, eq(trainingEvents.status, 'pending'), lt(trainingEvents.eventDate, today))!,
    ),
  ]);
  const alerts: ComplianceAlert[] = [];
  if (failed.count > 0) {
    alerts.push({
      id: 'failed-awaiting-recheck',
      severity: 'high',
      ...failed,
      link: '/compliance-records?status=failed',
    });
  }
  if (overdue.count > 0) {
    alerts.push({
      id: 'pending-overdue',
      severity: 'medium',
      ...overdue,
      link: '/compliance-records?status=pending',
    });
  }
  return { today, alerts };
}
