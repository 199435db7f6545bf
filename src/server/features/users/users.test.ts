import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions, users } from '../../db/schema';
import {
  createMember,
  createOrganization,
  PASSWORD,
  signedIn,
  uniqueEmail,
} from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { hashToken } from '../../sessions/index';

const NEW_PASSWORD = 'a long enough passphrase';

function tokenOf(invitePath: string): string {
  const match = /^\/invite\?token=([A-Za-z0-9_-]+)$/.exec(invitePath);
  if (!match) throw new Error(`not an invitation path: ${invitePath}`);
  return match[1]!;
}

describe.each(DRIVERS)('user administration (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  const userRow = async (id: string) =>
    (await server.db.select().from(users).where(eq(users.id, id)))[0];
  const auditOf = (organizationId: string, action: string) =>
    server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)))
      .orderBy(desc(auditLogs.createdAt));
  const usersOfOrg = (organizationId: string) =>
    server.db.select().from(users).where(eq(users.organizationId, organizationId));

  /** An admin signed in to a new organization, and a helper to invite people into it. */
  async function adminOf(options: Parameters<typeof createOrganization>[1] = {}) {
    const org = await createOrganization(server.db, options);
    const client = await signedIn(server, org.email);
    const invite = async (role = 'instructor', email = uniqueEmail(role)) => {
      const res = await client.post('/api/users', {
        email,
        firstName: 'Jordan',
        lastName: 'Pilot',
        role,
      });
      if (res.status !== 201)
        throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.user.id as string, email, token: tokenOf(res.body.invitePath) };
    };
    return { ...org, client, invite };
  }

  describe('invitations', () => {
    it('invites a user: 201 with a one-time path, saved without a password, audited', async () => {
      const { organization, admin, client } = await adminOf();
      const email = uniqueEmail('new');
      const res = await client.post('/api/users', {
        email,
        firstName: 'Jordan',
        lastName: 'Pilot',
        role: 'instructor',
      });
      expect(res.status).toBe(201);
      expect(res.body.invitePath).toMatch(/^\/invite\?token=[A-Za-z0-9_-]{20,}$/);
      expect(res.body.user).toMatchObject({
        email,
        firstName: 'Jordan',
        lastName: 'Pilot',
        role: 'instructor',
        status: 'invited',
        lastSignInAt: null,
      });
      const expires = Date.parse(res.body.inviteExpiresAt) - Date.now();
      expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
      expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);

      const row = await userRow(res.body.user.id);
      expect(row).toMatchObject({
        organizationId: organization.id,
        email,
        role: 'instructor',
        passwordHash: null,
        deactivatedAt: null,
      });
      // Only the hash of the token is stored; the token itself lives in the path alone.
      const token = tokenOf(res.body.invitePath);
      expect(row!.inviteTokenHash).toBe(hashToken(token));

      const [audit] = await auditOf(organization.id, 'invite_user');
      expect(audit).toMatchObject({ actorId: admin.id, details: { email, role: 'instructor' } });

      const list = await client.get('/api/users');
      expect(list.body.find((u: { id: string }) => u.id === row!.id)).toMatchObject({
        status: 'invited',
      });
    });

    it('shows the invitee their e-mail and organization, signs them in on accept, and spends the token', async () => {
      const { invite } = await adminOf({ name: 'Harbor Flight Academy' });
      const { id, email, token } = await invite('auditor');
      const visitor = new TestClient(server.baseUrl);

      const shown = await visitor.get(`/api/auth/invite?token=${token}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({
        email,
        firstName: 'Jordan',
        organizationName: 'Harbor Flight Academy',
      });

      const tooShort = await visitor.post('/api/auth/accept-invite', {
        token,
        password: 'short pass',
      });
      expect(tooShort.status).toBe(422);
      expect(tooShort.body.issues).toContainEqual({
        path: 'password',
        message: 'Use at least 12 characters',
      });
      expect((await userRow(id))!.passwordHash).toBeNull();

      const accepted = await visitor.post('/api/auth/accept-invite', {
        token,
        password: NEW_PASSWORD,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('set-cookie')).toMatch(/^centerline_session=[^;]+;.*HttpOnly/i);
      expect(accepted.body).toMatchObject({
        id,
        email,
        role: 'auditor',
        organizationName: 'Harbor Flight Academy',
      });
      const me = await visitor.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id, role: 'auditor' });

      const row = await userRow(id);
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
      expect(row!.inviteTokenHash).toBeNull();
      expect(
        (await server.db.select().from(auditLogs).where(eq(auditLogs.actorId, id))).map(
          (a) => a.action,
        ),
      ).toContain('accept_invite');

      const again = await new TestClient(server.baseUrl).post('/api/auth/accept-invite', {
        token,
        password: 'somebody else entirely',
      });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('not_found');
      expect(
        (await new TestClient(server.baseUrl).get(`/api/auth/invite?token=${token}`)).status,
      ).toBe(404);
      // The password chosen first still works; the second attempt changed nothing.
      expect(
        (
          await new TestClient(server.baseUrl).post('/api/auth/login', {
            email,
            password: NEW_PASSWORD,
          })
        ).status,
      ).toBe(200);
    });

    it('refuses an expired invitation with 404 and leaves the account without a password', async () => {
      const { invite } = await adminOf();
      const { id, token } = await invite();
      await server.db
        .update(users)
        .set({ inviteExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(users.id, id));
      const visitor = new TestClient(server.baseUrl);
      const shown = await visitor.get(`/api/auth/invite?token=${token}`);
      expect(shown.status).toBe(404);
      expect(shown.body).toEqual({
        message:
          'This invitation is not valid or has expired. Ask your administrator for a new one.',
        code: 'not_found',
      });
      const accepted = await visitor.post('/api/auth/accept-invite', {
        token,
        password: NEW_PASSWORD,
      });
      expect(accepted.status).toBe(404);
      expect(accepted.headers.get('set-cookie')).toBeNull();
      expect((await userRow(id))!.passwordHash).toBeNull();
    });

    it('reissues an invitation with a new token; the old one stops working', async () => {
      const { client, invite } = await adminOf();
      const { id, token: oldToken } = await invite();
      const res = await client.post(`/api/users/${id}/invite`);
      expect(res.status).toBe(200);
      const newToken = tokenOf(res.body.invitePath);
      expect(newToken).not.toBe(oldToken);
      expect((await userRow(id))!.inviteTokenHash).toBe(hashToken(newToken));
      const visitor = new TestClient(server.baseUrl);
      expect((await visitor.get(`/api/auth/invite?token=${oldToken}`)).status).toBe(404);
      expect((await visitor.get(`/api/auth/invite?token=${newToken}`)).status).toBe(200);
      expect(
        (await visitor.post('/api/auth/accept-invite', { token: oldToken, password: NEW_PASSWORD }))
          .status,
      ).toBe(404);
      expect(
        (await visitor.post('/api/auth/accept-invite', { token: newToken, password: NEW_PASSWORD }))
          .status,
      ).toBe(200);

      // Once accepted there is nothing to reissue.
      const late = await client.post(`/api/users/${id}/invite`);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This user has already accepted their invitation');
    });

    it('refuses an e-mail that already has an account, in any letter case and any organization (409)', async () => {
      const { organization, client, invite } = await adminOf();
      const { email } = await invite();
      const other = await createOrganization(server.db);
      for (const taken of [email.toUpperCase(), other.email]) {
        const res = await client.post('/api/users', {
          email: taken,
          firstName: 'Dup',
          lastName: 'Licate',
          role: 'viewer',
        });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          message: 'A user with this e-mail already exists',
          code: 'conflict',
        });
      }
      expect(await usersOfOrg(organization.id)).toHaveLength(2);
    });

    it.each([
      ['an unknown role', { role: 'superuser' }, 'role'],
      ['a bad e-mail', { email: 'not-an-email' }, 'email'],
      ['a missing first name', { firstName: undefined }, 'firstName'],
      ['a missing e-mail', { email: undefined }, 'email'],
      ['a blank last name', { lastName: '   ' }, 'lastName'],
    ])('answers 422 naming the field for %s, and saves nothing', async (_label, change, field) => {
      const { organization, client } = await adminOf();
      const body = {
        email: uniqueEmail('bad'),
        firstName: 'Val',
        lastName: 'Idation',
        role: 'viewer',
        ...change,
      };
      const res = await client.post('/api/users', body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(res.body.message).toContain(field);
      expect(await usersOfOrg(organization.id)).toHaveLength(1);
    });

    it('refuses the 6th seat of a trial organization with 403 plan_limit_reached and inserts nothing', async () => {
      const { organization, client, invite } = await adminOf({ plan: 'trial' });
      for (let i = 0; i < 4; i++) await invite();
      const email = uniqueEmail('sixth');
      const res = await client.post('/api/users', {
        email,
        firstName: 'Six',
        lastName: 'Th',
        role: 'viewer',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your plan allows 5 users. Deactivate a user or change plan to add another.',
        code: 'plan_limit_reached',
      });
      expect(await usersOfOrg(organization.id)).toHaveLength(5);
      expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(await auditOf(organization.id, 'invite_user')).toHaveLength(4);
    });

    it('frees a seat by deactivating a user, and refuses to reactivate beyond the plan limit', async () => {
      const { organization, client, invite } = await adminOf({ plan: 'trial' });
      const invited = [];
      for (let i = 0; i < 4; i++) invited.push(await invite());
      expect((await client.patch(`/api/users/${invited[0]!.id}`, { active: false })).status).toBe(
        200,
      );
      await invite();
      const back = await client.patch(`/api/users/${invited[0]!.id}`, { active: true });
      expect(back.status).toBe(403);
      expect(back.body.code).toBe('plan_limit_reached');
      expect((await userRow(invited[0]!.id))!.deactivatedAt).not.toBeNull();
      expect(await usersOfOrg(organization.id)).toHaveLength(6);
    });
    it('holds the seat limit when invitations arrive at the same time', async () => {
      const { organization, client } = await adminOf({ plan: 'trial' });
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          client.post('/api/users', {
            email: uniqueEmail('race'),
            firstName: 'Race',
            lastName: 'Condition',
            role: 'viewer',
          }),
        ),
      );
      // The admin holds one of the 5 seats: exactly 4 invitations fit.
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 403, 403, 403, 403]);
      expect(await usersOfOrg(organization.id)).toHaveLength(5);
    });

    it('answers 409, not a server error, when the same e-mail is invited twice at the same time', async () => {
      const { organization, client } = await adminOf();
      const email = uniqueEmail('twice');
      const results = await Promise.all(
        Array.from({ length: 2 }, () =>
          client.post('/api/users', {
            email,
            firstName: 'Twice',
            lastName: 'Invited',
            role: 'viewer',
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status !== 201)!.body.code).toBe('conflict');
      expect((await usersOfOrg(organization.id)).filter((u) => u.email === email)).toHaveLength(1);
    });
  });

  describe('roles and deactivation', () => {
    it('changes a role: 200, saved, audited with from/to, and the user acts with it on their next request', async () => {
      const { organization, admin, client } = await adminOf();
      const member = await createMember(server.db, organization.id, 'viewer');
      const memberClient = await signedIn(server, member.email);
      expect((await memberClient.get('/api/audit-logs')).status).toBe(403);

      const res = await client.patch(`/api/users/${member.user.id}`, { role: 'auditor' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: member.user.id, role: 'auditor', status: 'active' });
      expect((await userRow(member.user.id))!.role).toBe('auditor');
      const [audit] = await auditOf(organization.id, 'change_role');
      expect(audit).toMatchObject({
        actorId: admin.id,
        details: { email: member.email, from: 'viewer', to: 'auditor' },
      });

      expect((await memberClient.get('/api/auth/user')).body.role).toBe('auditor');
      expect((await memberClient.get('/api/audit-logs')).status).toBe(200);
    });

    it('deactivates a user: their session ends, they cannot sign in, and it is audited; reactivation restores access', async () => {
      const { organization, admin, client } = await adminOf();
      const member = await createMember(server.db, organization.id, 'instructor');
      const memberClient = await signedIn(server, member.email);
      expect((await memberClient.get('/api/auth/user')).status).toBe(200);

      const res = await client.patch(`/api/users/${member.user.id}`, { active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: member.user.id, status: 'deactivated' });
      expect((await userRow(member.user.id))!.deactivatedAt).toBeInstanceOf(Date);
      expect(
        await server.db.select().from(sessions).where(eq(sessions.userId, member.user.id)),
      ).toHaveLength(0);

      const next = await memberClient.get('/api/auth/user');
      expect(next.status).toBe(401);
      expect(next.body.code).toBe('unauthenticated');
      const login = await new TestClient(server.baseUrl).post('/api/auth/login', {
        email: member.email,
        password: PASSWORD,
      });
      expect(login.status).toBe(403);
      expect(login.body.code).toBe('account_deactivated');
      const [audit] = await auditOf(organization.id, 'deactivate_user');
      expect(audit).toMatchObject({ actorId: admin.id, details: { email: member.email } });

      const back = await client.patch(`/api/users/${member.user.id}`, { active: true });
      expect(back.status).toBe(200);
      expect(back.body.status).toBe('active');
      expect((await userRow(member.user.id))!.deactivatedAt).toBeNull();
      expect(await auditOf(organization.id, 'reactivate_user')).toHaveLength(1);
      expect(
        (
          await new TestClient(server.baseUrl).post('/api/auth/login', {
            email: member.email,
            password: PASSWORD,
          })
        ).status,
      ).toBe(200);
    });

    it('makes a pending invitation unusable once the invitee is deactivated', async () => {
      const { client, invite } = await adminOf();
      const { id, token } = await invite();
      expect((await client.patch(`/api/users/${id}`, { active: false })).status).toBe(200);
      const accepted = await new TestClient(server.baseUrl).post('/api/auth/accept-invite', {
        token,
        password: NEW_PASSWORD,
      });
      expect(accepted.status).toBe(404);
      expect((await userRow(id))!.passwordHash).toBeNull();
    });

    it('keeps the last active admin: 409 on demoting or deactivating themselves, row unchanged', async () => {
      const { organization, admin, client } = await adminOf();
      for (const body of [
        { role: 'instructor' },
        { active: false },
        { role: 'viewer', active: false },
      ]) {
        const res = await client.patch(`/api/users/${admin.id}`, body);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          message: 'The organization needs at least one active admin',
          code: 'conflict',
        });
      }
      expect(await userRow(admin.id)).toMatchObject({ role: 'admin', deactivatedAt: null });
      expect(await auditOf(organization.id, 'change_role')).toHaveLength(0);
      expect((await client.get('/api/auth/user')).status).toBe(200);

      // With a second active admin, stepping down is allowed.
      const second = await createMember(server.db, organization.id, 'admin');
      const res = await client.patch(`/api/users/${admin.id}`, { role: 'instructor' });
      expect(res.status).toBe(200);
      expect(
        (
          await signedIn(server, second.email).then((c) =>
            c.patch(`/api/users/${second.user.id}`, { active: false }),
          )
        ).status,
      ).toBe(409);
    });

    it('does not count an admin who has not accepted their invitation as an active admin', async () => {
      const { admin, client, invite } = await adminOf();
      await invite('admin');
      // The invited admin cannot sign in yet (and may never); the organization would be left
      // with no admin able to sign in, and the invitation expires in 7 days.
      const res = await client.patch(`/api/users/${admin.id}`, { role: 'viewer' });
      expect(res.status).toBe(409);
      expect((await userRow(admin.id))!.role).toBe('admin');
    });

    it('never leaves zero active admins when two admins step down at the same time', async () => {
      // Each admin deactivates themselves, so neither request can be refused for a lost session:
      // only the last-admin rule stands between the organization and having no admin at all.
      const pairs = await Promise.all(
        Array.from({ length: 2 }, async () => {
          const { organization, admin, client } = await adminOf();
          const second = await createMember(server.db, organization.id, 'admin');
          return {
            organization,
            first: { id: admin.id, client },
            second: { id: second.user.id, client: await signedIn(server, second.email) },
          };
        }),
      );
      const outcomes = await Promise.all(
        pairs.map(async ({ organization, first, second }) => {
          const results = await Promise.all([
            first.client.patch(`/api/users/${first.id}`, { active: false }),
            second.client.patch(`/api/users/${second.id}`, { active: false }),
          ]);
          const activeAdmins = (await usersOfOrg(organization.id)).filter(
            (u) => u.role === 'admin' && !u.deactivatedAt,
          );
          return {
            statuses: results.map((r) => r.status).sort(),
            activeAdmins: activeAdmins.length,
          };
        }),
      );
      expect(outcomes).toEqual(pairs.map(() => ({ statuses: [200, 409], activeAdmins: 1 })));
    });
  });

  describe('organization boundary', () => {
    it("answers 404 to an admin who names another organization's user, and changes nothing there", async () => {
      const a = await adminOf();
      const b = await adminOf();
      const bMember = await createMember(server.db, b.organization.id, 'instructor');
      const bInvitee = await b.invite('viewer');
      const before = await usersOfOrg(b.organization.id);

      for (const body of [{ role: 'admin' }, { active: false }]) {
        const res = await a.client.patch(`/api/users/${bMember.user.id}`, body);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'User not found', code: 'not_found' });
      }
      const reissue = await a.client.post(`/api/users/${bInvitee.id}/invite`);
      expect(reissue.status).toBe(404);
      expect(reissue.body.invitePath).toBeUndefined();

      expect(await usersOfOrg(b.organization.id)).toEqual(before);
      expect(
        (await new TestClient(server.baseUrl).get(`/api/auth/invite?token=${bInvitee.token}`))
          .status,
      ).toBe(200);
      expect(await auditOf(a.organization.id, 'change_role')).toHaveLength(0);
      expect(await auditOf(b.organization.id, 'change_role')).toHaveLength(0);
    });

    it("never lists another organization's users", async () => {
      const a = await adminOf();
      const b = await adminOf();
      await createMember(server.db, a.organization.id, 'auditor');
      await createMember(server.db, b.organization.id, 'auditor');
      await b.invite('viewer');
      const res = await a.client.get('/api/users');
      expect(res.status).toBe(200);
      const aIds = (await usersOfOrg(a.organization.id)).map((u) => u.id).sort();
      expect(res.body.map((u: { id: string }) => u.id).sort()).toEqual(aIds);
      for (const user of res.body) {
        expect(Object.keys(user).sort()).toEqual([
          'createdAt',
          'email',
          'firstName',
          'id',
          'lastName',
          'lastSignInAt',
          'role',
          'status',
          'twoFactorEnabled',
        ]);
      }
    });

    it('answers 422 naming the id for a user id that is not a UUID, and changes nothing', async () => {
      const { organization, client } = await adminOf();
      await createMember(server.db, organization.id, 'viewer');
      const before = await usersOfOrg(organization.id);
      for (const res of [
        await client.patch('/api/users/not-a-uuid', { role: 'admin' }),
        await client.patch(`/api/users/${encodeURIComponent("1' or '1'='1")}`, { active: false }),
        await client.post('/api/users/42/invite'),
      ]) {
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.issues).toContainEqual({ path: 'id', message: 'Unknown user' });
      }
      expect(await usersOfOrg(organization.id)).toEqual(before);
    });
  });
});
