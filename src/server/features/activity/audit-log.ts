import { desc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import type { Actor } from '../../http/actor';

export interface AuditEntryInput {
  organizationId: string;
  actorId: string | null;
  action: string;
  details?: Record<string, unknown>;
}

/** Appends an audit entry inside the caller's transaction, so the action and its trace land together. */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLogs).values({
    organizationId: entry.organizationId,
    actorId: entry.actorId,
    action: entry.action,
    details: entry.details ?? {},
  });
}

export async function listAuditLogs(db: Database, actor: Actor, limit: number) {
  const rows = await db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      createdAt: auditLogs.createdAt,
      actorId: auditLogs.actorId,
      actorEmail: users.email,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(eq(auditLogs.organizationId, actor.organizationId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
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

/** The organization's audit trail as CSV, oldest first, for the header's Export button. */
export async function auditLogCsv(db: Database, actor: Actor): Promise<string> {
  const rows = (await listAuditLogs(db, actor, EXPORT_LIMIT)).reverse();
  const lines = [['timestamp', 'action', 'actor', 'details'].map(csvCell).join(',')];
  for (const row of rows) {
    lines.push(
      [row.timestamp, row.action, row.actorEmail ?? '', JSON.stringify(row.details)]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
