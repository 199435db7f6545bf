import { randomUUID } from 'node:crypto';
import type { PlanId } from '@shared/constants/plans';
import type { Role } from '@shared/constants/roles';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../features/auth/password';
import { createOrganizationWithAdmin } from '../features/setup/service';
import { TestClient, type TestServer } from './harness';

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(label = 'user') {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A fresh organization with its admin; every test makes its own, so tests never share rows. */
export async function createOrganization(db: Database, options: { plan?: PlanId; name?: string } = {}) {
  const email = uniqueEmail('admin');
  const { organization, admin } = await db.transaction((tx) =>
    createOrganizationWithAdmin(tx, {
      organizationName: options.name ?? `Org ${randomUUID().slice(0, 6)}`,
      plan: options.plan ?? 'training-center',
      firstName: 'Avery',
      lastName: 'Admin',
      email,
      password: PASSWORD,
    }),
  );
  return { organization, admin, email };
}

export async function createMember(db: Database, organizationId: string, role: Role, options: { deactivated?: boolean } = {}) {
  const email = uniqueEmail(role);
  const [user] = await db
    .insert(users)
    .values({
      organizationId,
      email,
      firstName: role[0]!.toUpperCase() + role.slice(1),
      lastName: 'Tester',
      role,
      passwordHash: await hashPassword(PASSWORD),
      deactivatedAt: options.deactivated ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('insert failed');
  return { user, email };
}

export async function signedIn(server: TestServer, email: string, password = PASSWORD) {
  const client = new TestClient(server.baseUrl);
  const res = await client.post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
