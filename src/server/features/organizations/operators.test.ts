import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, users } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import {
  DRIVERS,
  startJobServer,
  startTestServer,
  TestClient,
  type JobTestServer,
} from '../../test/harness';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';
import { createEvent } from '../../test/training-events';

const NEW_PASSWORD = 'a trial admin passphrase';
const inviteToken = (text: string) =>
  /https:\/\/training\.example\.test\/invite\?token=([\w-]+)/.exec(text)?.[1];

describe.each(DRIVERS)('platform operators and trial sign-up (%s)', (driver) => {
  const operatorEmail = `operator-${randomUUID()}@platform.test`;
  let smtp: SmtpFixture;
  let server: JobTestServer;
  beforeAll(async () => {
    smtp = await startSmtpFixture();
    server = await startJobServer(driver, {
      namespace: `operators-${driver}`,
      env: {
        OPERATOR_EMAILS: ` Someone@else.test , ${operatorEmail.toUpperCase()}`,
        SIGNUP: 'open',
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://training.example.test/',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** An organization whose admin's address is the operator's (made once). */
  let made: Promise<Awaited<ReturnType<typeof createOrganization>>> | undefined;
  async function operator() {
    made ??= createOrganization(server.db, { name: 'Platform Operations' }).then(async (org) => {
      await server.db.update(users).set({ email: operatorEmail }).where(eq(users.id, org.admin.id));
      return org;
    });
    return { ...(await made), client: await signedIn(server, operatorEmail) };
  }
  const mailTo = async (address: string, from: number) =>
    (await smtp.waitFor(from + 1)).filter((m) => m.to.includes(address)).at(-1)!;

  it('an operator sees every organization’s counts and usage; an admin sees only theirs', async () => {
    const op = await operator();
    const other = await createOrganization(server.db, { name: 'Other Flight Academy' });
    await createMember(server.db, other.organization.id, 'instructor');
    await createMember(server.db, other.organization.id, 'auditor', { deactivated: true });
    const otherAdmin = await signedIn(server, other.email);
    await createEvent(otherAdmin);

    expect((await op.client.get('/api/auth/user')).body.operator).toBe(true);
    const all = await op.client.get('/api/organizations');
    expect(all.status).toBe(200);
    const ids = all.body.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([op.organization.id, other.organization.id]));
    expect(all.body.find((o: { id: string }) => o.id === other.organization.id)).toMatchObject({
      name: 'Other Flight Academy',
      // Each organization its own seats: the deactivated auditor holds none.
      userCount: 2,
    });
    expect(all.body.find((o: { id: string }) => o.id === op.organization.id)).toMatchObject({
      name: 'Platform Operations',
      userCount: 1,
      documentCount: 0,
    });
    const stats = await op.client.get('/api/admin/stats');
    // Other test files add organizations to the shared database meanwhile: at least these.
    expect(stats.body.totalOrganizations).toBeGreaterThanOrEqual(all.body.length);

    // Counts, never records: the operator's record list is their own organization's.
    const records = await op.client.get('/api/training-events');
    expect(records.status).toBe(200);
    expect(records.body).toEqual([]);

    expect((await otherAdmin.get('/api/auth/user')).body.operator).toBe(false);
    const own = await otherAdmin.get('/api/organizations');
    expect(own.body.map((o: { id: string }) => o.id)).toEqual([other.organization.id]);
    expect((await otherAdmin.get('/api/admin/stats')).body.totalOrganizations).toBe(1);
    // Backups cover every organization: with operators named, theirs to set, not an admin's.
    expect((await op.client.get('/api/auth/user')).body.manageInstallation).toBe(true);
    expect((await op.client.get('/api/admin/backup')).status).toBe(200);
    expect((await otherAdmin.get('/api/auth/user')).body.manageInstallation).toBe(false);
    const backup = await otherAdmin.get('/api/admin/backup');
    expect(backup.status).toBe(403);
    expect(backup.body.message).toBe(
      'Backups cover every organization of this installation; its platform operators set them.',
    );
    const { email } = await createMember(server.db, other.organization.id, 'instructor');
    expect((await (await signedIn(server, email)).get('/api/organizations')).status).toBe(403);
  });

  it('an operator creates an organization; its invited admin signs in to it alone', async () => {
    const op = await operator();
    const before = smtp.received.length;
    const email = `chief-${randomUUID()}@new-academy.test`;
    const created = await op.client.post('/api/organizations', {
      organizationName: 'New Horizons Academy',
      plan: 'enterprise',
      firstName: 'Rene',
      lastName: 'Chief',
      email: email.toUpperCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organization: { name: 'New Horizons Academy', plan: 'enterprise', userCount: 1 },
      emailed: true,
      invitePath: expect.stringMatching(/^\/invite\?token=/),
    });
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('You are invited to New Horizons Academy on Centerline');
    const token = inviteToken(mail.text);
    expect(`/invite?token=${token}`).toBe(created.body.invitePath);

    const newcomer = new TestClient(server.baseUrl);
    const accepted = await newcomer.post('/api/auth/accept-invite', {
      token,
      password: NEW_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      role: 'admin',
      organizationName: 'New Horizons Academy',
      organizationPlan: 'enterprise',
      operator: false,
    });
    const listed = await newcomer.get('/api/organizations');
    expect(listed.body.map((o: { name: string }) => o.name)).toEqual(['New Horizons Academy']);
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, created.body.organization.id),
          eq(auditLogs.action, 'create_organization'),
        ),
      );
    expect(entry?.details).toMatchObject({ adminEmail: email, plan: 'enterprise' });

    const again = await op.client.post('/api/organizations', {
      organizationName: 'Duplicate Academy',
      plan: 'trial',
      firstName: 'Rene',
      lastName: 'Chief',
      email,
    });
    expect(again.status).toBe(409);
    const bad = await op.client.post('/api/organizations', {
      organizationName: 'X',
      plan: 'gold',
      firstName: '',
      lastName: 'Chief',
      email: 'not-an-address',
    });
    expect(bad.status).toBe(422);

    // An admin who is not an operator cannot create one.
    const plain = await createOrganization(server.db);
    const admin = await signedIn(server, plain.email);
    const refused = await admin.post('/api/organizations', {
      organizationName: 'Shadow Academy',
      plan: 'trial',
      firstName: 'Sam',
      lastName: 'Shadow',
      email: `shadow-${randomUUID()}@academy.test`,
    });
    expect(refused.status).toBe(403);
    expect(
      await server.db.select().from(organizations).where(eq(organizations.name, 'Shadow Academy')),
    ).toEqual([]);
  });

  it('a trial sign-up is confirmed by the e-mailed link, and an address in use learns nothing', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.get('/api/signup/status')).body).toEqual({ open: true });
    const email = `founder-${randomUUID()}@sim-school.test`;
    const before = smtp.received.length;
    const sent = await anonymous.post('/api/signup', {
      organizationName: 'Sim School Trial',
      firstName: 'Ava',
      lastName: 'Founder',
      email,
      language: 'fr',
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ email });
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Confirmez votre essai de Centerline pour Sim School Trial');
    const accepted = await new TestClient(server.baseUrl).post('/api/auth/accept-invite', {
      token: inviteToken(mail.text),
      password: NEW_PASSWORD,
    });
    expect(accepted.body).toMatchObject({
      organizationName: 'Sim School Trial',
      organizationPlan: 'trial',
      role: 'admin',
    });

    const existing = await createOrganization(server.db);
    const mark = smtp.received.length;
    const taken = await anonymous.post('/api/signup', {
      organizationName: 'Copycat Academy',
      firstName: 'Eve',
      lastName: 'Copy',
      email: existing.email,
    });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual({ email: existing.email });
    expect((await mailTo(existing.email, mark)).subject).toBe('Your Centerline account');
    expect(
      await server.db.select().from(organizations).where(eq(organizations.name, 'Copycat Academy')),
    ).toEqual([]);
  });

  it('sign-up is refused when closed, and when no e-mail could confirm it', async () => {
    const closed = await startTestServer(driver, {});
    const noMail = await startTestServer(driver, { SIGNUP: 'open' });
    try {
      const body = {
        organizationName: 'Closed Academy',
        firstName: 'Ned',
        lastName: 'Closed',
        email: `ned-${randomUUID()}@closed.test`,
      };
      const refused = await new TestClient(closed.baseUrl).post('/api/signup', body);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toMatch(/^Sign-up is not open on this installation/);
      expect((await new TestClient(closed.baseUrl).get('/api/signup/status')).body).toEqual({
        open: false,
      });
      const unconfirmable = await new TestClient(noMail.baseUrl).post('/api/signup', body);
      expect(unconfirmable.status).toBe(409);
      expect(unconfirmable.body.code).toBe('mail_unavailable');
      expect(
        await closed.db
          .select()
          .from(organizations)
          .where(eq(organizations.name, 'Closed Academy')),
      ).toEqual([]);
    } finally {
      await closed.app.close();
      await noMail.app.close();
    }
  });

  it('a sign-up with bad fields is refused with what to mend, and repeated tries are slowed', async () => {
    const open = await startTestServer(driver, { SIGNUP: 'open' });
    try {
      const anonymous = new TestClient(open.baseUrl);
      const bad = await anonymous.post('/api/signup', {
        organizationName: 'X',
        firstName: 'Ida',
        lastName: 'Bad',
        email: 'not-an-address',
      });
      expect(bad.status).toBe(422);
      expect(bad.body.code).toBe('validation_failed');
      expect(bad.body.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: 'organizationName',
            message: 'Enter the organization name',
          }),
          expect.objectContaining({ path: 'email' }),
        ]),
      );
      expect(await open.db.select().from(organizations).where(eq(organizations.name, 'X'))).toEqual(
        [],
      );

      const body = {
        organizationName: 'Flood Academy',
        firstName: 'Flo',
        lastName: 'Od',
        email: `flood-${randomUUID()}@flood.test`,
      };
      const statuses: number[] = [];
      for (let i = 0; i <= open.config.LOGIN_RATE_LIMIT; i++) {
        statuses.push((await anonymous.post('/api/signup', body)).status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 409)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await open.app.close();
    }
  });
});
