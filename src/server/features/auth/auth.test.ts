import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions, users } from '../../db/schema';
import { createMember, createOrganization, PASSWORD, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { hashToken } from '../../sessions/index';

describe.each(DRIVERS)('sign-in and sessions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('signs in, sets an httpOnly same-site cookie, and answers the user', async () => {
    const { organization, email } = await createOrganization(server.db, {
      name: 'Skyline Training',
    });
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/auth/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email,
      role: 'admin',
      organizationId: organization.id,
      organizationName: 'Skyline Training',
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^centerline_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body)).toEqual(
      expect.arrayContaining([
        'id',
        'email',
        'firstName',
        'lastName',
        'role',
        'organizationId',
        'organizationName',
      ]),
    );
  });

  it('stores only a hash of the session token and writes a sign_in audit entry', async () => {
    const { admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const token = client.cookie!.split('=')[1]!;
    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.actorId, admin.id));
    expect(audit.map((a) => a.action)).toContain('sign_in');
  });

  it('stores passwords as scrypt hashes, never as text', async () => {
    const { admin } = await createOrganization(server.db);
    const [row] = await server.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const { email } = await createOrganization(server.db);
    const client = new TestClient(server.baseUrl);
    const wrong = await client.post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await client.post('/api/auth/login', {
      email: 'nobody@example.test',
      password: 'whatever it is',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: 'Incorrect e-mail or password',
        code: 'invalid_credentials',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('refuses a deactivated user with a clear message and no session', async () => {
    const { organization } = await createOrganization(server.db);
    const { user, email } = await createMember(server.db, organization.id, 'instructor', {
      deactivated: true,
    });
    const res = await new TestClient(server.baseUrl).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_deactivated');
    expect(res.body.message).toMatch(/deactivated/);
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
  });

  it('answers 422 naming the field for missing fields, and 400 for malformed JSON', async () => {
    const client = new TestClient(server.baseUrl);
    const missing = await client.post('/api/auth/login', { email: 'a@example.test' });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('validation_failed');
    expect(missing.body.issues[0].path).toBe('password');
    const badEmail = await client.post('/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.message).toMatch(/valid e-mail/);
    const malformed = await client.request('POST', '/api/auth/login', { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      message: 'The request body is not valid JSON',
      code: 'malformed_json',
    });
  });

  it('answers 401 without a session and 401 session_expired after the idle timeout', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/auth/user')).status).toBe(401);
    const { admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id));
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Your session has expired. Please sign in again.',
      code: 'session_expired',
    });
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin.id)),
    ).toHaveLength(0);
  });

  it('ends an active session 12 hours after its sign-in (the absolute lifetime)', async () => {
    const { admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // Active a minute ago, signed in 11 h 59 min ago: still valid, and the idle expiry it slides
    // to never passes the 12-hour mark.
    await server.db
      .update(sessions)
      .set({ createdAt: hoursAgo(11.98), lastSeenAt: hoursAgo(0.05) })
      .where(eq(sessions.userId, admin.id));
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const [slid] = await server.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(slid!.expiresAt.getTime()).toBeLessThanOrEqual(
      slid!.createdAt.getTime() + 12 * 3_600_000,
    );
    await server.db
      .update(sessions)
      .set({ createdAt: hoursAgo(12.01), expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(sessions.userId, admin.id));
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('session_expired');
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin.id)),
    ).toHaveLength(0);
  });

  it('signs out through /api/logout: session deleted, cookie cleared, redirect to /', async () => {
    const { admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const res = await client.request('GET', '/api/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin.id)),
    ).toHaveLength(0);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('asks before a link from elsewhere signs anyone out of /api/logout', async () => {
    const { admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {} as Record<string, string>,
    ]) {
      const res = await client.request('GET', '/api/logout', { headers });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/sign-out');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // A typed address (Sec-Fetch-Site: none) signs out, and the confirmation's POST does too.
    const typed = await client.request('GET', '/api/logout', {
      headers: { 'sec-fetch-site': 'none' },
    });
    expect(typed.headers.get('location')).toBe('/');
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const again = await signedIn(server, email);
    expect((await again.post('/api/auth/logout')).status).toBe(200);
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin.id)),
    ).toHaveLength(0);
  });

  it('refuses state-changing requests from another origin', async () => {
    const { email } = await createOrganization(server.db);
    const res = await new TestClient(server.baseUrl).request('POST', '/api/auth/login', {
      json: { email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_site_request');
  });

  it('rate-limits repeated sign-in attempts for one account', async () => {
    const { email } = await createOrganization(server.db);
    const client = new TestClient(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < server.config.LOGIN_RATE_LIMIT + 1; i++) {
      statuses.push(
        (await client.post('/api/auth/login', { email, password: 'wrong password' })).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const last = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('rate_limited');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { email } = await createOrganization(server.db);
    const first = await signedIn(server, email);
    const second = await signedIn(server, email);
    const wrong = await first.post('/api/auth/password', {
      currentPassword: 'nope',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(422);
    const ok = await first.post('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(ok.status).toBe(200);
    expect((await first.get('/api/auth/user')).status).toBe(200);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect(
      (
        await new TestClient(server.baseUrl).post('/api/auth/login', {
          email,
          password: 'a brand new passphrase',
        })
      ).status,
    ).toBe(200);
  });

  it('saves the profile and the auto-logout choice', async () => {
    const { email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const bad = await client.patch('/api/auth/user', {
      firstName: 'Kim',
      lastName: 'Ro',
      autoLogoutMinutes: 45,
    });
    expect(bad.status).toBe(422);
    const res = await client.patch('/api/auth/user', {
      firstName: 'Kim',
      lastName: 'Ro',
      autoLogoutMinutes: 60,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Kim', lastName: 'Ro', autoLogoutMinutes: 60 });
  });
});
