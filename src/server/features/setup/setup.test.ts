import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, sessions, users } from '../../db/schema';
import { DRIVERS, startFreshServer, TestClient, type TestServer } from '../../test/harness';

type FreshServer = Awaited<ReturnType<typeof startFreshServer>>;

const VALID = {
  organizationName: 'Skyline Training Center',
  plan: 'training-center',
  firstName: 'Morgan',
  lastName: 'Chief',
  email: 'Chief.Pilot@Skyline.example',
  password: 'a long first-run passphrase',
};

async function rowCounts(server: TestServer) {
  const [orgs] = await server.db.select({ n: count() }).from(organizations);
  const [people] = await server.db.select({ n: count() }).from(users);
  const [audit] = await server.db.select({ n: count() }).from(auditLogs);
  return { organizations: orgs!.n, users: people!.n, auditLogs: audit!.n };
}

// Setup only works on an empty installation, so these tests need databases of their own:
// one walks through first-run setup step by step, the other races two setups.
describe.each(DRIVERS)('first-run setup (%s)', (driver) => {
  let fresh: FreshServer;
  let raced: FreshServer;
  let server: TestServer;
  beforeAll(async () => {
    [fresh, raced] = await Promise.all([startFreshServer(driver), startFreshServer(driver)]);
    server = fresh.server;
  });
  afterAll(async () => {
    await Promise.all([fresh?.close(), raced?.close()]);
  });

  it('is open on an empty installation', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/setup/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open: true });
  });

  it.each([
    ['a short password', { password: 'too short' }, 'password'],
    ['a bad e-mail', { email: 'chief pilot' }, 'email'],
    ['a one-letter organization name', { organizationName: 'S' }, 'organizationName'],
    ['an unknown plan', { plan: 'platinum' }, 'plan'],
    ['a missing last name', { lastName: undefined }, 'lastName'],
  ])('answers 422 naming the field for %s and creates nothing', async (_label, change, field) => {
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/setup', { ...VALID, ...change });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await rowCounts(server)).toEqual({ organizations: 0, users: 0, auditLogs: 0 });
    expect((await client.get('/api/setup/status')).body).toEqual({ open: true });
  });

  it('creates the organization and its admin, signs the admin in, and audits it (201)', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/setup', VALID);
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/^centerline_session=[^;]+;.*HttpOnly/i);
    expect(res.body).toMatchObject({
      email: 'chief.pilot@skyline.example',
      firstName: 'Morgan',
      lastName: 'Chief',
      role: 'admin',
      organizationName: 'Skyline Training Center',
      organizationPlan: 'training-center',
    });

    const [org] = await server.db.select().from(organizations);
    expect(org).toMatchObject({
      id: res.body.organizationId,
      name: 'Skyline Training Center',
      plan: 'training-center',
    });
    const [admin] = await server.db.select().from(users);
    expect(admin).toMatchObject({
      id: res.body.id,
      organizationId: org!.id,
      email: 'chief.pilot@skyline.example',
      role: 'admin',
      deactivatedAt: null,
    });
    expect(admin!.passwordHash).toMatch(
      /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    );
    expect(admin!.passwordHash).not.toContain(VALID.password);
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, admin!.id)),
    ).toHaveLength(1);
    const audit = await server.db.select().from(auditLogs);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      organizationId: org!.id,
      actorId: admin!.id,
      action: 'create_organization',
      details: {
        organizationName: 'Skyline Training Center',
        plan: 'training-center',
        adminEmail: 'chief.pilot@skyline.example',
      },
    });

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: admin!.id, role: 'admin' });
  });

  it('is closed afterwards: status false and a second setup is refused with 409 setup_closed', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/setup/status')).body).toEqual({ open: false });
    const res = await client.post('/api/setup', {
      ...VALID,
      organizationName: 'Intruder Aviation',
      email: 'intruder@example.test',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Setup is already complete. Sign in instead.',
      code: 'setup_closed',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await rowCounts(server)).toMatchObject({ organizations: 1, users: 1 });
    expect(
      await server.db.select().from(users).where(eq(users.email, 'intruder@example.test')),
    ).toHaveLength(0);
  });

  it('lets exactly one of two simultaneous setups through', async () => {
    const attempts = ['first', 'second'].map((label) =>
      new TestClient(raced.server.baseUrl).post('/api/setup', {
        ...VALID,
        // Different names and e-mails: only the setup lock, not a unique index, can stop the second.
        organizationName: `Racing Aviation ${label}`,
        email: `${label}@racing.example`,
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.code).toBe('setup_closed');
    expect(loser.headers.get('set-cookie')).toBeNull();
    expect(await rowCounts(raced.server)).toEqual({ organizations: 1, users: 1, auditLogs: 1 });
    const winner = results.find((r) => r.status === 201)!;
    const [org] = await raced.server.db.select().from(organizations);
    expect(org!.id).toBe(winner.body.organizationId);
  });
});
