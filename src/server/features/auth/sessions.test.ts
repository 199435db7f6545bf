import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions } from '../../db/schema';
import { createMember, createOrganization, PASSWORD, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';

describe.each(DRIVERS)('active sessions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function signInFrom(email: string, userAgent: string) {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/auth/login', {
      json: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return client;
  }

  it('lists where the user is signed in, ends one, then every other', async () => {
    const { organization, email } = await createOrganization(server.db);
    const laptop = await signInFrom(email, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0');
    const tablet = await signInFrom(email, 'Mozilla/5.0 (iPad; CPU OS 18_0) Safari/605.1');
    const phone = await signInFrom(email, 'Mozilla/5.0 (Linux; Android 15) Chrome/156.0 Mobile');
    const stranger = await signedIn(server, (await createOrganization(server.db)).email);

    const list = (await laptop.get('/api/auth/sessions')).body as {
      id: string;
      userAgent: string;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current).map((s) => s.userAgent)).toEqual([
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
    ]);
    const tabletSession = list.find((s) => s.userAgent.includes('iPad'))!;
    // Another user cannot end it; the user can.
    expect(
      (await stranger.request('DELETE', `/api/auth/sessions/${tabletSession.id}`)).status,
    ).toBe(404);
    expect((await laptop.request('DELETE', '/api/auth/sessions/not-an-id')).status).toBe(422);
    expect((await laptop.request('DELETE', `/api/auth/sessions/${tabletSession.id}`)).body).toEqual(
      { signedOut: 1 },
    );
    expect((await tablet.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(200);

    expect((await laptop.post('/api/auth/sessions/sign-out-others')).body).toEqual({
      signedOut: 1,
    });
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await laptop.get('/api/auth/sessions')).body).toHaveLength(1);
    const entries = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'sign_out_other_sessions'),
        ),
      );
    expect(entries).toHaveLength(1);
  });
});

describe.each(DRIVERS)('re-authentication for sensitive actions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('asks for the password again before another admin’s role changes, after 15 minutes', async () => {
    const { organization, email, admin } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const other = await createMember(server.db, organization.id, 'admin');
    const viewer = await createMember(server.db, organization.id, 'viewer');
    const ageSession = () =>
      server.db
        .update(sessions)
        .set({ authenticatedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(sessions.userId, admin.id));

    await ageSession();
    const refused = await client.patch(`/api/users/${other.user.id}`, { role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'reauthentication_required',
      message: 'Enter your password again to change an administrator’s role or access.',
    });
    const promote = await client.patch(`/api/users/${viewer.user.id}`, { role: 'admin' });
    expect(promote.status).toBe(403);
    // Not for a role change that involves no admin.
    expect((await client.patch(`/api/users/${viewer.user.id}`, { role: 'auditor' })).status).toBe(
      200,
    );

    const wrong = await client.post('/api/auth/reauthenticate', { password: 'not it at all' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.issues).toEqual([{ path: 'password', message: 'That is not your password' }]);
    expect((await client.patch(`/api/users/${other.user.id}`, { role: 'viewer' })).status).toBe(
      403,
    );
    expect((await client.post('/api/auth/reauthenticate', { password: PASSWORD })).status).toBe(
      200,
    );
    const changed = await client.patch(`/api/users/${other.user.id}`, { role: 'viewer' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('viewer');
    const entries = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'reauthenticate')),
      );
    expect(entries).toHaveLength(1);
  });
});
