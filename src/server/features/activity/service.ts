import { sql } from 'drizzle-orm';
import { ACTIVITY_DAYS } from '@shared/api/dashboard';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import { textFor } from '../../i18n/index';
import { appendToLedger, auditLogLeafData, inTransaction } from '../ledger/service';
import { activityOf } from './repository';

export { notify, NOTIFICATION_SWITCH, type NotificationKind } from './notify';

export interface AuditEntryInput {
  organizationId: string;
  actorId: string | null;
  action: string;
  details?: Record<string, unknown>;
}

/**
 * Writes an audit entry and appends it to the organization's ledger, in the caller's transaction
 * (or a transaction of its own when given the database), so the action, its trace and the
 * trace's leaf land together or not at all.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  // What jsonb stores and what the leaf commits to must be the same JSON value.
  const details = JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>;
  await inTransaction(db, async (tx) => {
    const row = await activityOf(tx, entry.organizationId).insertEntry({
      actorId: entry.actorId,
      action: entry.action,
      details,
      // Millisecond precision, as the leaf's ISO 8601 recordedAt holds it.
      createdAt: new Date(),
    });
    await appendToLedger(tx, entry.organizationId, [
      {
        type: 'audit_log',
        recordId: row.id,
        version: 1,
        data: auditLogLeafData(row),
        recordedAt: row.createdAt,
      },
    ]);
  });
}

export async function listAuditLogs(db: Database, actor: Actor, limit: number) {
  const rows = await activityOf(db, actor.organizationId).entries(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    timestamp: r.createdAt.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    details: r.details,
  }));
}

const EXPORT_LIMIT = 100_000;

function csvCell(value: string): string {
  // Quote every cell; neutralise spreadsheet formulas (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * The organization's audit trail as CSV, oldest first, for the header's Export button: the header
 * row in the reader's language; the cells (UTC timestamps, action codes, JSON details) as stored.
 */
export async function auditLogCsv(db: Database, actor: Actor): Promise<string> {
  const rows = (await listAuditLogs(db, actor, EXPORT_LIMIT)).reverse();
  const t = textFor(actor.preferences.language, 'audit-log');
  const header = ['timestamp', 'action', 'actor', 'details'].map((c) => t(`columns.${c}`));
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) {
    lines.push(
      [row.timestamp, row.action, row.actorEmail ?? '', JSON.stringify(row.details)]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** The calendar day `days` after `day` (YYYY-MM-DD), without time zones getting in the way. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Audit entries per calendar day in `timeZone`, for the ACTIVITY_DAYS days ending today. */
export async function auditActivityByDay(db: Database, organizationId: string, timeZone: string) {
  const [{ today } = { today: '' }] = (
    (await db.execute(sql`select (now() at time zone ${timeZone})::date::text as today`)) as {
      rows: { today: string }[];
    }
  ).rows;
  const first = addDays(today, -(ACTIVITY_DAYS - 1));
  const rows = await activityOf(db, organizationId).entriesPerDay(timeZone, first);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const d = addDays(first, i);
    return { day: d, count: byDay.get(d) ?? 0 };
  });
  return { total: days.reduce((sum, d) => sum + d.count, 0), days };
}

export async function unreadNotificationCount(db: Database, actor: Actor) {
  return activityOf(db, actor.organizationId).unreadNotifications(actor.userId);
}

/** The actor's latest notifications, newest first. */
export async function listNotifications(db: Database, actor: Actor) {
  const rows = await activityOf(db, actor.organizationId).notifications(actor.userId, 20);
  return rows.map((n) => ({
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** Marks the actor's own notifications read: the ones named, or all. Answers how many changed. */
export async function markNotificationsRead(db: Database, actor: Actor, ids?: string[]) {
  return activityOf(db, actor.organizationId).markRead(actor.userId, ids);
}
