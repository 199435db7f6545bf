import { desc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { appendToLedger, inTransaction } from '../ledger/append';
import { auditLogLeafData } from '../ledger/record-data';

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
    const [row] = await tx
      .insert(auditLogs)
      .values({
        organizationId: entry.organizationId,
        actorId: entry.actorId,
        action: entry.action,
        details,
        // Millisecond precision, as the leaf's ISO 8601 recordedAt holds it.
        createdAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('audit insert returned nothing');
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
