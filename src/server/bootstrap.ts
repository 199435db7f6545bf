import type { Config } from './config';
import type { Database } from './db/client';
import { createOrganizationWithAdmin, isSetupOpen } from './features/setup/service';
import { sql } from 'drizzle-orm';

/**
 * First start: when ADMIN_EMAIL/ADMIN_PASSWORD are set and no organization exists, create the
 * first organization and its admin. Otherwise /setup stays open for the first visitor.
 */
export async function bootstrapFirstAdmin(
  db: Database,
  config: Config,
): Promise<'created' | 'exists' | 'setup-open'> {
  if (!(await isSetupOpen(db))) return 'exists';
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return 'setup-open';
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1420001)`);
    await createOrganizationWithAdmin(tx, {
      organizationName: config.ADMIN_ORGANIZATION,
      plan: 'trial',
      // A placeholder name; the admin sets their own in Settings.
      firstName: 'Site',
      lastName: 'Administrator',
      email: config.ADMIN_EMAIL!,
      password: config.ADMIN_PASSWORD!,
    });
  });
  return 'created';
}
