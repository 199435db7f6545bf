import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AlertCounts, AlertType, RegulatoryAlert } from '@shared/api/regulatory';
import type { Database } from '../../db/client';
import { regulatoryAlerts, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { announceNewAlerts } from './alert-notices';
import { computeDeadlineAlerts } from './deadlines';

/** The organization's regulatory alerts: list with counts, the badge count, acknowledge. */

export type AlertStatusFilter = 'all' | 'unacknowledged' | 'history';

const columns = {
  alert: regulatoryAlerts,
  ackFirst: users.firstName,
  ackLast: users.lastName,
};

type Row = {
  alert: typeof regulatoryAlerts.$inferSelect;
  ackFirst: string | null;
  ackLast: string | null;
};

function toAlert({ alert, ackFirst, ackLast }: Row): RegulatoryAlert {
  return {
    id: alert.id,
    type: alert.type,
    severity: alert.severity,
    title: alert.title,
    description: alert.description,
    source: alert.source,
    regulation: alert.regulation,
    checklistItems: alert.checklistItems,
    recordIds: alert.recordIds,
    actionItems: alert.actionItems,
    changeId: alert.changeId,
    dueDate: alert.dueDate,
    createdAt: alert.createdAt.toISOString(),
    acknowledged: alert.acknowledgedAt !== null,
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy:
      alert.acknowledgedBy && ackFirst !== null
        ? { id: alert.acknowledgedBy, name: `${ackFirst} ${ackLast ?? ''}`.trim() }
        : null,
  };
}

function filterOf(organizationId: string, status: AlertStatusFilter, type?: AlertType): SQL {
  return and(
    eq(regulatoryAlerts.organizationId, organizationId),
    status === 'unacknowledged' ? isNull(regulatoryAlerts.acknowledgedAt) : undefined,
    status === 'history' ? isNotNull(regulatoryAlerts.acknowledgedAt) : undefined,
    type ? eq(regulatoryAlerts.type, type) : undefined,
  )!;
}

export async function alertCounts(db: Database, organizationId: string): Promise<AlertCounts> {
  const open = sql`${regulatoryAlerts.acknowledgedAt} is null`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      unacknowledged: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
      checklistUpdates:
        sql<number>`count(*) filter (where ${open} and ${regulatoryAlerts.type} = 'checklist-update')`.mapWith(
          Number,
        ),
      complianceDeadlines:
        sql<number>`count(*) filter (where ${open} and ${regulatoryAlerts.type} = 'compliance-deadline')`.mapWith(
          Number,
        ),
    })
    .from(regulatoryAlerts)
    .where(eq(regulatoryAlerts.organizationId, organizationId));
  const r = row ?? { total: 0, unacknowledged: 0, checklistUpdates: 0, complianceDeadlines: 0 };
  return { ...r, acknowledged: r.total - r.unacknowledged };
}

/** Lists alerts, newest first, after bringing the organization's deadline alerts up to date. */
export async function listAlerts(
  db: Database,
  actor: Actor,
  query: { status: AlertStatusFilter; type?: AlertType },
) {
  await computeDeadlineAlerts(db, actor.organizationId);
  await announceNewAlerts(db, actor.organizationId);
  const rows = await db
    .select(columns)
    .from(regulatoryAlerts)
    .leftJoin(users, eq(users.id, regulatoryAlerts.acknowledgedBy))
    .where(filterOf(actor.organizationId, query.status, query.type))
    .orderBy(desc(regulatoryAlerts.createdAt), desc(regulatoryAlerts.id));
  return { alerts: rows.map(toAlert), counts: await alertCounts(db, actor.organizationId) };
}

export async function unacknowledgedCount(db: Database, actor: Actor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(regulatoryAlerts)
    .where(filterOf(actor.organizationId, 'unacknowledged'));
  return { unacknowledged: row?.n ?? 0 };
}

async function alertRow(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(regulatoryAlerts)
    .leftJoin(users, eq(users.id, regulatoryAlerts.acknowledgedBy))
    .where(and(eq(regulatoryAlerts.organizationId, organizationId), eq(regulatoryAlerts.id, id)));
  return row;
}

/** Saves who acknowledged and when, with an audit entry, in one transaction; 409 the second time. */
export async function acknowledgeAlert(db: Database, actor: Actor, id: string) {
  const existing = await alertRow(db, actor.organizationId, id);
  if (!existing) throw notFound('Alert');
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(regulatoryAlerts)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: actor.userId })
      .where(
        and(
          eq(regulatoryAlerts.organizationId, actor.organizationId),
          eq(regulatoryAlerts.id, id),
          isNull(regulatoryAlerts.acknowledgedAt),
        ),
      )
      .returning({ id: regulatoryAlerts.id });
    if (updated.length === 0) throw conflict('This alert was already acknowledged');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'acknowledge_regulatory_alert',
      details: { alertId: id, type: existing.alert.type, title: existing.alert.title },
    });
  });
  return { alert: toAlert((await alertRow(db, actor.organizationId, id))!) };
}

export async function alertsForExport(db: Database, actor: Actor, status: AlertStatusFilter) {
  return (await listAlerts(db, actor, { status })).alerts;
}
