import {
  DEFAULT_PREFERENCES,
  readStoredPreferences,
  type Preferences,
} from '@shared/api/preferences';
import { randomUUID } from 'node:crypto';
import type { PlanId } from '@shared/constants/plans';
import type { Role } from '@shared/constants/roles';
import type { Database } from '../db/client';
import { documents, extractedFields, trainingEvents, users } from '../db/schema';
import type { Actor } from '../http/actor';
import { hashPassword } from '../features/auth/service';
import { createOrganizationWithAdmin } from '../features/setup/service';
import { TestClient, type TestServer } from './harness';

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(label = 'user') {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A fresh organization with its admin; every test makes its own, so tests never share rows. */
export async function createOrganization(
  db: Database,
  options: { plan?: PlanId; name?: string } = {},
) {
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

export async function createMember(
  db: Database,
  organizationId: string,
  role: Role,
  options: { deactivated?: boolean } = {},
) {
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
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** Saves the signed-in user's preferences (Settings → System Preferences): the defaults with `changes`. */
export async function savePreferences(client: TestClient, changes: Partial<Preferences>) {
  const res = await client.request('PUT', '/api/settings/preferences', {
    json: { ...DEFAULT_PREFERENCES, ...changes },
  });
  if (res.status !== 200) throw new Error(`preferences refused: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A French reader in Paris, who writes the day first. */
export const FRENCH_READER: Partial<Preferences> = {
  language: 'fr',
  timezone: 'Europe/Paris',
  dateFormat: 'DD/MM/YYYY',
};

/** A calendar date (YYYY-MM-DD) `days` away from today; far enough from midnight to ignore time zones when |days| >= 2. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** A training event written straight into the table, as a later import or the records feature would. */
export async function createTrainingEvent(
  db: Database,
  organizationId: string,
  values: { status?: string; eventDate?: string; studentName?: string } = {},
) {
  const [row] = await db
    .insert(trainingEvents)
    .values({
      organizationId,
      studentName: values.studentName ?? `Student ${randomUUID().slice(0, 6)}`,
      licenseNumber: 'CFI-1234567',
      eventType: 'Proficiency check',
      eventDate: values.eventDate ?? daysFromToday(-7),
      status: values.status ?? 'completed',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** A document row (no blob behind it): enough for lists and counts. */
export async function createDocument(
  db: Database,
  organizationId: string,
  values: { status?: string } = {},
) {
  const [row] = await db
    .insert(documents)
    .values({
      organizationId,
      originalName: `record-${randomUUID().slice(0, 6)}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 1024,
      blobHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      status: values.status ?? 'uploaded',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  if (row.status === 'processed') {
    // A processed document awaits review of what was read from it.
    await db.insert(extractedFields).values({
      organizationId,
      documentId: row.id,
      fieldName: 'studentName',
      extractedValue: 'Jordan Ellis',
      confidence: 0.9,
      page: 1,
    });
  }
  return row;
}

/** A client that sends an existing session cookie (several clients may share one session). */
export function withCookie(server: TestServer, cookie: string | null) {
  const client = new TestClient(server.baseUrl);
  client.cookie = cookie;
  return client;
}

/** An organization with one signed-in client per role. */
export async function organizationWithRoles(server: TestServer) {
  const org = await createOrganization(server.db);
  const admin = await signedIn(server, org.email);
  const clients: Record<Role, TestClient> = { admin } as Record<Role, TestClient>;
  const members: Partial<Record<Role, { id: string; email: string }>> = {
    admin: { id: org.admin.id, email: org.email },
  };
  for (const role of ['instructor', 'auditor', 'viewer'] as const) {
    const { user, email } = await createMember(server.db, org.organization.id, role);
    clients[role] = await signedIn(server, email);
    members[role] = { id: user.id, email };
  }
  return { ...org, clients, members };
}

/** The actor a service sees for the organization's admin. */
export function actorFor(org: Awaited<ReturnType<typeof createOrganization>>): Actor {
  return {
    userId: org.admin.id,
    organizationId: org.organization.id,
    role: 'admin',
    email: org.email,
    firstName: org.admin.firstName,
    lastName: org.admin.lastName,
    organizationName: org.organization.name,
    organizationPlan: 'training-center',
    autoLogoutMinutes: 30,
    reviewThreshold: 0.85,
    preferences: readStoredPreferences({}, 30),
    twoFactor: { enabled: false, required: false },
    authenticatedAt: new Date(),
    operator: false,
    manageInstallation: true,
    externalAccess: null,
  };
}
