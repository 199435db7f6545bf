import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  organizations,
  passkeys,
  recoveryCodes,
  sessions,
  users,
} from '../../db/schema';
import { createMember, createOrganization, PASSWORD, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { eventPayload } from '../../test/training-events';

/** The code an authenticator app shows `offset` steps of 30 s from now. */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe.each(DRIVERS)('two-factor sign-in (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function enrolled() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const setup = await client.post('/api/auth/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.body;
    expect(otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Centerline:.+\?secret=[A-Z2-7]+&issuer=Centerline/,
    );
    expect(qrSvg).toMatch(/^<svg /);
    const enrolmentCode = await codeAt(secret);
    const enable = await client.post('/api/auth/totp/enable', { code: enrolmentCode });
    expect(enable.status).toBe(200);
    return {
      ...org,
      client,
      secret,
      enrolmentCode,
      recoveryCodes: enable.body.recoveryCodes as string[],
    };
  }

  async function password(email: string) {
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/auth/login', { email, password: PASSWORD });
    return { client, res };
  }

  const auditOf = (organizationId: string, action: string) =>
    server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)));

  it('enrols with a computed code: ten recovery codes, stored hashed, the secret sealed, audited', async () => {
    const { admin, organization, recoveryCodes: codes, secret } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await server.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);
    const [user] = await server.db.select().from(users).where(eq(users.id, admin.id));
    expect(user!.totpEnabledAt).not.toBeNull();
    expect(user!.totpSecretSealed).toMatch(/^sbox\.v1\./);
    expect(user!.totpSecretSealed).not.toContain(secret);
    expect(await auditOf(organization.id, 'enable_two_factor')).toHaveLength(1);
  });

  it('refuses a wrong confirmation code and keeps the account without a second factor', async () => {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const { secret } = (await client.post('/api/auth/totp/setup')).body;
    const wrong = await client.post('/api/auth/totp/enable', { code: await codeAt(secret, 20) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('invalid_code');
    expect(wrong.body.issues[0].path).toBe('code');
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({ totpEnabled: false });
    const nothing = await client.post('/api/auth/totp/enable', { code: '' });
    expect(nothing.status).toBe(422);
  });

  it('asks for the code after the password, with no session until it is right', async () => {
    const { email, admin, secret, enrolmentCode } = await enrolled();
    const before = await server.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    const { client, res } = await password(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(res.headers.get('set-cookie')).toMatch(
      /^centerline_2fa=.+Path=\/api\/auth\/login.+HttpOnly.+SameSite=Strict/,
    );
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin.id)),
    ).toHaveLength(before.length);
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const wrong = await client.post('/api/auth/login/second-factor', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/not correct/);
    // The enrolment used the code of this step: it cannot sign in again (replay).
    const replay = await client.post('/api/auth/login/second-factor', { code: enrolmentCode });
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe(
      'That code has already been used. Wait for the next code and enter it.',
    );
    const next = await client.post('/api/auth/login/second-factor', {
      code: await codeAt(secret, 1),
    });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ email, twoFactor: { enabled: true, required: false } });
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // The step is single-use: the same challenge cookie does not sign in twice.
    const stale = new TestClient(server.baseUrl);
    stale.cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect(
      (await stale.post('/api/auth/login/second-factor', { code: await codeAt(secret, 1) })).status,
    ).toBe(401);
  });

  it('signs in with a recovery code once, and says when a sign-in took too long', async () => {
    const { email, recoveryCodes: codes, organization } = await enrolled();
    const first = await password(email);
    const used = await first.client.post('/api/auth/login/second-factor', {
      code: codes[0]!.toUpperCase(),
    });
    expect(used.status).toBe(200);
    const second = await password(email);
    const again = await second.client.post('/api/auth/login/second-factor', { code: codes[0]! });
    expect(again.status).toBe(422);
    const entries = await auditOf(organization.id, 'sign_in');
    expect(
      entries.some((e) => (e.details as { secondFactor?: string }).secondFactor === 'recovery'),
    ).toBe(true);
    const anonymous = new TestClient(server.baseUrl);
    const noChallenge = await anonymous.post('/api/auth/login/second-factor', { code: codes[1]! });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.message).toBe(
      'This sign-in has expired. Enter your e-mail and password again.',
    );
  });

  it('refuses codes for 15 minutes after ten wrong ones, and counts each in the audit log', async () => {
    const { email, admin, organization, secret } = await enrolled();
    let client = (await password(email)).client;
    for (let i = 0; i < 10; i++) {
      // Five wrong codes end a sign-in: the password is asked again.
      if (i === 5) client = (await password(email)).client;
      const res = await client.post('/api/auth/login/second-factor', { code: '000000' });
      expect(res.status).toBe(422);
    }
    const fresh = (await password(email)).client;
    const locked = await fresh.post('/api/auth/login/second-factor', {
      code: await codeAt(secret, 1),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('second_factor_locked');
    expect(locked.body.message).toMatch(/^Too many wrong codes\. Try again in 15 minutes/);
    expect(await auditOf(organization.id, 'second_factor_failed')).toHaveLength(9);
    expect(await auditOf(organization.id, 'second_factor_locked')).toHaveLength(1);
    // Time is the way back: once the lock has passed, the right code signs in.
    await server.db
      .update(users)
      .set({ secondFactorLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, admin.id));
    const after = await fresh.post('/api/auth/login/second-factor', {
      code: await codeAt(secret, 1),
    });
    expect(after.status).toBe(200);
  });

  it('turns off only with a fresh code; new recovery codes replace the old ones', async () => {
    const { client, secret, recoveryCodes: old, admin, enrolmentCode } = await enrolled();
    const stale = await client.post('/api/auth/totp/disable', { code: enrolmentCode });
    expect(stale.status).toBe(422);
    const renewed = await client.post('/api/auth/recovery-codes', { code: old[3]! });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await client.post('/api/auth/totp/disable', { code: old[4]! })).status).toBe(422);
    const off = await client.post('/api/auth/totp/disable', { code: await codeAt(secret, 1) });
    expect(off.status).toBe(200);
    expect(
      await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id)),
    ).toEqual([]);
    const [user] = await server.db.select().from(users).where(eq(users.id, admin.id));
    expect(user!.totpSecretSealed).toBeNull();
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('leads users of an organization that requires it to enrol before anything else', async () => {
    const { organization, email } = await createOrganization(server.db);
    await server.db
      .update(organizations)
      .set({ twoFactorRequired: true })
      .where(eq(organizations.id, organization.id));
    const client = await signedIn(server, email);
    expect((await client.get('/api/auth/user')).body.twoFactor).toEqual({
      enabled: false,
      required: true,
    });
    const blocked = await client.post('/api/training-events', eventPayload());
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      code: 'second_factor_required',
      message:
        'Your organization requires two-factor sign-in. Set it up in Settings → Security to continue.',
    });
    expect((await client.get('/api/training-events')).status).toBe(403);
    const { secret } = (await client.post('/api/auth/totp/setup')).body;
    expect(
      (await client.post('/api/auth/totp/enable', { code: await codeAt(secret) })).status,
    ).toBe(200);
    expect((await client.post('/api/training-events', eventPayload())).status).toBe(201);
  });

  it('lets an admin require it for everyone and turn it off for a user who lost the phone', async () => {
    const { organization, client, admin, email } = await enrolled();
    const member = await createMember(server.db, organization.id, 'instructor');
    const instructor = await signedIn(server, member.email);
    expect(
      (
        await instructor.request('PUT', '/api/admin/security', {
          json: { twoFactorRequired: true },
        })
      ).status,
    ).toBe(403);
    expect((await client.get('/api/admin/security')).body).toEqual({ twoFactorRequired: false });
    const bad = await client.request('PUT', '/api/admin/security', {
      json: { twoFactorRequired: 'yes' },
    });
    expect(bad.status).toBe(422);
    const set = await client.request('PUT', '/api/admin/security', {
      json: { twoFactorRequired: true },
    });
    expect(set.body).toEqual({ twoFactorRequired: true });
    expect(await auditOf(organization.id, 'update_security_policy')).toHaveLength(1);
    expect((await instructor.get('/api/auth/user')).body.twoFactor).toEqual({
      enabled: false,
      required: true,
    });

    // Another admin's organization cannot reach this user; an admin of this one can.
    const stranger = await createOrganization(server.db);
    const strangerClient = await signedIn(server, stranger.email);
    expect((await strangerClient.post(`/api/users/${admin.id}/two-factor/reset`)).status).toBe(404);
    expect((await client.post(`/api/users/${member.user.id}/two-factor/reset`)).status).toBe(409);
    // A passkey alone is a second factor too: listed, and removed by the reset.
    await server.db.insert(passkeys).values({
      id: `key-${member.user.id}`,
      userId: member.user.id,
      publicKey: 'AAAA',
      name: 'Lost phone',
    });
    const listed = (await client.get('/api/users')).body as {
      id: string;
      twoFactorEnabled: boolean;
    }[];
    expect(listed.find((u) => u.id === member.user.id)?.twoFactorEnabled).toBe(true);
    expect((await instructor.get('/api/auth/user')).body.twoFactor).toEqual({
      enabled: true,
      required: true,
    });
    expect((await client.post(`/api/users/${member.user.id}/two-factor/reset`)).status).toBe(200);
    expect(
      await server.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id)),
    ).toEqual([]);
    const second = await createMember(server.db, organization.id, 'admin');
    const otherAdmin = await signedIn(server, second.email);
    const { secret } = (await otherAdmin.post('/api/auth/totp/setup')).body;
    expect(
      (await otherAdmin.post('/api/auth/totp/enable', { code: await codeAt(secret) })).status,
    ).toBe(200);
    const users = (await client.get('/api/users')).body as {
      email: string;
      twoFactorEnabled: boolean;
    }[];
    expect(users.find((u) => u.email === second.email)?.twoFactorEnabled).toBe(true);
    expect(users.find((u) => u.email === email)?.twoFactorEnabled).toBe(true);
    expect((await client.post(`/api/users/${second.user.id}/two-factor/reset`)).status).toBe(200);
    expect(await auditOf(organization.id, 'reset_two_factor')).toHaveLength(2);
    // Signed in again with the password alone, then led to set up a new one.
    const { res } = await password(second.email);
    expect(res.body).toMatchObject({
      email: second.email,
      twoFactor: { enabled: false, required: true },
    });
  });
});
