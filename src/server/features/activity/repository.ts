import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, notifications, users } from '../../db/schema';

/**
 * Data access for the audit trail and notifications, bound to one organization: every query
 * carries its id.
 */
export function activityOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(auditLogs.organizationId, organizationId);
  const forUser = (userId: string) =>
    and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId));
  return {
    insertEntry: async (values: Omit<typeof auditLogs.$inferInsert, 'organizationId'>) => {
      const [row] = await db
        .insert(auditLogs)
        .values({ ...values, organizationId })
        .returning();
      if (!row) throw new Error('audit insert returned nothing');
      return row;
    },
    /** Newest first, each with its actor's e-mail. */
    entries: (limit: number) =>
      db
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
        .where(inOrg)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(limit),
    /** Entries per calendar day in `timeZone` (YYYY-MM-DD), from the day `first` on. */
    entriesPerDay: (timeZone: string, first: string) => {
      const day = sql<string>`((${auditLogs.createdAt} at time zone ${timeZone})::date)::text`;
      return (
        db
          .select({ day, n: count() })
          .from(auditLogs)
          .where(
            and(
              inOrg,
              gte(auditLogs.createdAt, sql`(${first}::date::timestamp at time zone ${timeZone})`),
            ),
          )
          // By position: the expression carries the time zone as a parameter, so a repeated
          // expression would not count as the same one.
          .groupBy(sql`1`)
      );
    },
    unreadNotifications: async (userId: string) => {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(forUser(userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    notifications: (userId: string, limit: number) =>
      db
        .select()
        .from(notifications)
        .where(forUser(userId))
        .orderBy(desc(notifications.createdAt))
        .limit(limit),
    markRead: async (userId: string, ids?: string[]) => {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            forUser(userId),
            isNull(notifications.readAt),
            ...(ids ? [inArray(notifications.id, ids)] : []),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
