import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Seats taken per organization, for an operator's list (one query, however many there are). */
export async function seatsByOrganization(db: DbOrTx, organizationIds: string[]) {
  if (organizationIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ organizationId: users.organizationId, n: count() })
    .from(users)
    .where(and(inArray(users.organizationId, organizationIds), isNull(users.deactivatedAt)))
    .groupBy(users.organizationId);
  return new Map(rows.map((r) => [r.organizationId, r.n]));
}

/**
 * Data access for users, bound to one organization: every query carries its id, so a caller
 * cannot reach another organization's rows by passing a foreign user id.
 */
export function usersOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(users.organizationId, organizationId);
  return {
    list: () =>
      db.select().from(users).where(inOrg).orderBy(asc(users.lastName), asc(users.firstName)),
    find: async (id: string) => {
      const [row] = await db
        .select()
        .from(users)
        .where(and(inOrg, eq(users.id, id)))
        .limit(1);
      return row;
    },
    /** Names and e-mails of the given users (those of this organization; others are absent). */
    names: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              email: users.email,
            })
            .from(users)
            .where(and(inOrg, inArray(users.id, ids))),
    countSeats: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(inOrg, isNull(users.deactivatedAt)));
      return row?.n ?? 0;
    },
    /** Seats taken, and of them how many have set a password (active) or not yet (invited). */
    seatCounts: async () => {
      const [row] = await db
        .select({ total: count(), active: count(users.passwordHash) })
        .from(users)
        .where(and(inOrg, isNull(users.deactivatedAt)));
      const total = row?.total ?? 0;
      const active = row?.active ?? 0;
      return { total, active, invited: total - active };
    },
    countActiveAdmins: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(
          // An invited admin who never set a password cannot administer anything yet.
          and(
            inOrg,
            eq(users.role, 'admin'),
            isNull(users.deactivatedAt),
            isNotNull(users.passwordHash),
          ),
        );
      return row?.n ?? 0;
    },
    update: (id: string, values: Partial<typeof users.$inferInsert>) =>
      db
        .update(users)
        .set(values)
        .where(and(inOrg, eq(users.id, id)))
        .returning(),
    insert: (values: Omit<typeof users.$inferInsert, 'organizationId'>) =>
      db
        .insert(users)
        .values({ ...values, organizationId })
        .returning(),
  };
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}
