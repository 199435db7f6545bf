import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { createOrganization, PASSWORD, signedIn } from '../../test/factories';
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
