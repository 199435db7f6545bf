import { readStoredPreferences } from '../src/shared/api/preferences';
import type { Database } from '../src/server/db/client';
import { createOrganizationWithAdmin } from '../src/server/features/setup/service';
import type { Actor } from '../src/server/http/actor';

/** A new organization on the enterprise plan with its admin, and the admin as the services see them. */
export async function benchOrganization(
  db: Database,
  options: { name: string; email: string; password: string },
): Promise<Actor> {
  const { organization, admin } = await db.transaction((tx) =>
    createOrganizationWithAdmin(tx, {
      organizationName: options.name,
      plan: 'enterprise',
      firstName: 'Bench',
      lastName: 'Admin',
      email: options.email,
      password: options.password,
    }),
  );
  return {
    userId: admin.id,
    organizationId: organization.id,
    role: 'admin',
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    organizationName: organization.name,
    organizationPlan: 'enterprise',
    autoLogoutMinutes: admin.autoLogoutMinutes,
    reviewThreshold: 0.85,
    operator: false,
    manageInstallation: true,
    externalAccess: null,
    preferences: readStoredPreferences({}, admin.autoLogoutMinutes),
    twoFactor: { enabled: false, required: false },
    authenticatedAt: new Date(),
  };
}
