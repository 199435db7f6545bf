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
