import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, auditorAccess, sessions } from '../../db/schema';
import { createMember, createOrganization, signedIn, uniqueEmail } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';

const AUDITOR_PASSWORD = 'inspector passphrase 2026';
const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe.each(DRIVERS)('external auditor access (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** An organization with two courses' records, its admin signed in. */
  async function organizationWithCourses() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const b737 = await createEvent(admin, {
      course: 'B737 Type Rating',
      studentName: 'Avery Stone',
    });
    const a320 = await createEvent(admin, { course: 'A320 Recurrent', studentName: 'Blake Moss' });
    return { ...org, admin, b737, a320 };
  }

  /** Issues an access and has the auditor accept the invitation: their signed-in client. */
  async function issueAndAccept(
    admin: TestClient,
    scope: { kind: string; value?: string },
    expiresAt = inDays(14),
  ) {
    const email = uniqueEmail('inspector');
    const issued = await admin.post('/api/auditor-access', {
      email,
      firstName: 'Robin',
      lastName: 'Inspector',
      expiresAt,
      scope,
      purpose: 'FAA surveillance visit',
    });
    expect(issued.status).toBe(201);
    const token = new URLSearchParams(issued.body.invitePath.split('?')[1]).get('token');
    const auditor = new TestClient(server.baseUrl);
    const accepted = await auditor.post('/api/auth/accept-invite', {
      token,
      password: AUDITOR_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    return { auditor, email, access: issued.body.access, issued: issued.body };
  }

  const viewsOf = (organizationId: string, accessId: string) =>
    server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, 'auditor_view')),
      )
      .then((rows) => rows.filter((r) => r.details.accessId === accessId));

  it('is issued by an admin only, with a scope and an end in the future', async () => {
    const org = await organizationWithCourses();
    const { user: instructor, email } = await createMember(
      server.db,
      org.organization.id,
      'instructor',
    );
    const asInstructor = await signedIn(server, email);
    const body = {
      email: uniqueEmail('inspector'),
      firstName: 'Robin',
      lastName: 'Inspector',
      expiresAt: inDays(7),
      scope: { kind: 'course', value: 'B737 Type Rating' },
    };
    expect((await asInstructor.post('/api/auditor-access', body)).status).toBe(403);
    expect(instructor.role).toBe('instructor');

    const past = await org.admin.post('/api/auditor-access', { ...body, expiresAt: inDays(-1) });
    expect(past.status).toBe(422);
    expect(past.body.issues).toContainEqual({
      path: 'expiresAt',
      message: 'Choose a date after today',
    });
    const tooLong = await org.admin.post('/api/auditor-access', {
      ...body,
      expiresAt: inDays(400),
    });
    expect(tooLong.status).toBe(422);
    const unnamed = await org.admin.post('/api/auditor-access', {
      ...body,
      scope: { kind: 'course' },
    });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.issues).toContainEqual({
      path: 'scope.value',
      message: 'Name the course, instructor or trainee the report covers',
    });

    const issued = await org.admin.post('/api/auditor-access', body);
    expect(issued.status).toBe(201);
    expect(issued.body.access).toMatchObject({
      email: body.email,
      scope: { kind: 'course', value: 'B737 Type Rating' },
      state: 'invited',
      views: 0,
      revokedAt: null,
    });
    expect(issued.body.invitePath).toMatch(/^\/invite\?token=/);
    const listed = await org.admin.get('/api/auditor-access');
    expect(listed.body.map((a: { id: string }) => a.id)).toEqual([issued.body.access.id]);
    const users = await org.admin.get('/api/users');
    expect(users.body).toContainEqual(
      expect.objectContaining({ email: body.email, role: 'auditor', status: 'invited' }),
    );
  });

  it('reads only the records of its scope, writes nothing, and every view is in the trail', async () => {
    const org = await organizationWithCourses();
    const { auditor, access } = await issueAndAccept(org.admin, {
      kind: 'course',
      value: 'b737 type rating',
    });
    const me = await auditor.get('/api/auth/user');
    expect(me.body.role).toBe('auditor');
    expect(me.body.externalAccess).toMatchObject({
      id: access.id,
      scope: { kind: 'course', value: 'b737 type rating' },
    });

    const list = await auditor.get('/api/training-events');
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: string }) => e.id)).toEqual([org.b737.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await auditor.get(`/api/training-events/${org.b737.id}`)).status).toBe(200);
    expect((await auditor.get(`/api/training-events/${org.a320.id}`)).status).toBe(404);
    const proof = await auditor.get(`/api/training-events/${org.b737.id}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.body.record.id).toBe(org.b737.id);
    expect((await auditor.get(`/api/training-events/${org.a320.id}/proof`)).status).toBe(404);
    expect((await auditor.get('/api/ledger/verify')).status).toBe(200);

    // What is not bounded by the scope stays closed, with the reason.
    for (const path of ['/api/documents', '/api/checklist', '/api/audit-logs', '/api/reports']) {
      const refused = await auditor.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('outside_auditor_access');
    }
    const inclusion = await auditor.get(`/api/ledger/proof/inclusion/${org.a320.id}`);
    expect(inclusion.status).toBe(403);
    // Writes are refused, and nothing is written.
    const write = await auditor.post('/api/training-events', {});
    expect(write.status).toBe(403);
    const edit = await auditor.patch(`/api/training-events/${org.b737.id}`, { result: 'Unsat' });
    expect(edit.status).toBe(403);
    expect((await org.admin.get(`/api/training-events/${org.b737.id}`)).body.result).toBe(
      'Satisfactory',
    );

    const views = await viewsOf(org.organization.id, access.id);
    const paths = views.map((v) => v.details.path);
    expect(paths).toContain('/api/training-events');
    expect(paths).toContain(`/api/training-events/${org.b737.id}/proof`);
    expect(paths).toContain(`/api/training-events/${org.a320.id}`);
    // Refused requests are not views, and the shell's own calls are not either.
    expect(paths).not.toContain('/api/documents');
    expect(paths).not.toContain('/api/auth/user');
    const listed = (await org.admin.get('/api/auditor-access')).body[0];
    expect(listed).toMatchObject({ id: access.id, state: 'active', views: views.length });
    expect(listed.lastViewedAt).not.toBeNull();
  });

  it('ends at its expiry: the session is refused with the date, and sign-in too', async () => {
    const org = await organizationWithCourses();
    const { auditor, email, access } = await issueAndAccept(org.admin, {
      kind: 'organization',
    });
    // The whole organization: what an Auditor reads, and still no write.
    expect((await auditor.get('/api/documents')).status).toBe(200);
    const run = await auditor.post('/api/audit/analyze-compliance', {});
    expect(run.status).toBe(403);
    expect(run.body.code).toBe('outside_auditor_access');

    const ended = new Date(Date.now() - 60_000);
    await server.db
      .update(auditorAccess)
      .set({ expiresAt: ended })
      .where(eq(auditorAccess.id, access.id));
    const refused = await auditor.get('/api/training-events');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auditor_access_ended');
    expect(refused.body.message).toBe(
      `Your auditor access expired on ${ended.toISOString().slice(0, 16).replace('T', ' ')} UTC. Ask the organization for a new one.`,
    );
    const left = await server.db.select().from(sessions).where(eq(sessions.userId, access.userId));
    expect(left).toEqual([]);
    const again = await new TestClient(server.baseUrl).post('/api/auth/login', {
      email,
      password: AUDITOR_PASSWORD,
    });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('auditor_access_ended');
    expect((await org.admin.get('/api/auditor-access')).body[0].state).toBe('expired');
  });

  it('is revoked at once, by its own organization only', async () => {
    const org = await organizationWithCourses();
    const other = await createOrganization(server.db);
    const otherAdmin = await signedIn(server, other.email);
    const { auditor, access } = await issueAndAccept(org.admin, {
      kind: 'trainee',
      value: 'Avery Stone',
    });
    expect((await auditor.get('/api/training-events')).body).toHaveLength(1);

    expect((await otherAdmin.post(`/api/auditor-access/${access.id}/revoke`)).status).toBe(404);
    expect((await auditor.get('/api/training-events')).status).toBe(200);

    const revoked = await org.admin.post(`/api/auditor-access/${access.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    const refused = await auditor.get('/api/training-events');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auditor_access_ended');
    expect(refused.body.message).toMatch(/^Your auditor access was revoked on /);
    expect((await org.admin.post(`/api/auditor-access/${access.id}/revoke`)).status).toBe(409);
    const trail = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, org.organization.id),
          eq(auditLogs.action, 'revoke_auditor_access'),
        ),
      );
    expect(trail.map((t) => t.details.accessId)).toEqual([access.id]);
  });

  it('tells the caller their own access, and nothing to anyone else', async () => {
    const org = await organizationWithCourses();
    const { auditor } = await issueAndAccept(org.admin, {
      kind: 'instructor',
      value: 'Morgan Lee',
    });
    const mine = await auditor.get('/api/auditor-access/mine');
    expect(mine.status).toBe(200);
    expect(mine.body.access).toMatchObject({
      scope: { kind: 'instructor', value: 'Morgan Lee' },
      purpose: 'FAA surveillance visit',
    });
    expect((await org.admin.get('/api/auditor-access/mine')).body).toEqual({ access: null });
    expect((await auditor.get('/api/auditor-access')).status).toBe(403);
  });
});
