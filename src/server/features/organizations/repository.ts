import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Data access for one organization's row. */
export function organizationOf(db: DbOrTx, organizationId: string) {
  const byId = eq(organizations.id, organizationId);
  return {
    find: async (): Promise<OrganizationRow | undefined> => {
      const [row] = await db.select().from(organizations).where(byId);
      return row;
    },
    /**
     * Locks the row until the transaction ends: rules that count the organization's rows (plan
     * limits on seats and documents, the last admin) hold when several people act at once.
     */
    lock: async (): Promise<void> => {
      await db.select({ id: organizations.id }).from(organizations).where(byId).for('update');
    },
  };
}
