import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

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
    countSeats: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(inOrg, isNull(users.deactivatedAt)));
      return row?.n ?? 0;
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
