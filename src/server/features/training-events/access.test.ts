import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, trainingEvents } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';

describe.each(DRIVERS)('training event access (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    return { ...org, client: await signedIn(server, org.email) };
  }
  async function memberOf(organizationId: string, role: 'instructor' | 'auditor' | 'viewer') {
    const member = await createMember(server.db, organizationId, role);
    return { ...member, client: await signedIn(server, member.email) };
  }
  const rowOf = async (id: string) =>
    (await server.db.select().from(trainingEvents).where(eq(trainingEvents.id, id)))[0];
  const auditOf = (organizationId: string, action: string) =>
    server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)));

  it('shows a Viewer only the events an admin assigned to them', async () => {
    const { organization, client } = await adminOf();
    const viewer = await memberOf(organization.id, 'viewer');
    const instructor = await memberOf(organization.id, 'instructor');
    const mine = await createEvent(client);
    const other = await createEvent(client);
    expect((await viewer.client.get('/api/training-events')).body).toEqual([]);

    expect(
      (
        await instructor.client.post(`/api/training-events/${mine.id}/assignments`, {
          userId: viewer.user.id,
        })
      ).status,
    ).toBe(403);
    const assign = await client.post(`/api/training-events/${mine.id}/assignments`, {
      userId: viewer.user.id,
    });
    expect(assign.status).toBe(201);
    expect(assign.body).toMatchObject({
      trainingEventId: mine.id,
      userId: viewer.user.id,
      email: viewer.email,
      role: 'viewer',
    });
    expect(
      (await client.post(`/api/training-events/${mine.id}/assignments`, { userId: viewer.user.id }))
        .status,
    ).toBe(201);
    expect(await auditOf(organization.id, 'assign_training_event')).toHaveLength(1);

    const list = await viewer.client.get('/api/training-events');
    expect(list.body.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await viewer.client.get(`/api/training-events/${mine.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/training-events/${mine.id}/versions`)).status).toBe(200);
    expect((await viewer.client.get(`/api/training-events/${other.id}`)).status).toBe(404);
    expect(
      (await viewer.client.patch(`/api/training-events/${mine.id}`, { status: 'failed' })).status,
    ).toBe(403);
    expect((await client.get(`/api/training-events/${mine.id}/assignments`)).body).toHaveLength(1);

    const stranger = await createOrganization(server.db);
    const foreign = await client.post(`/api/training-events/${other.id}/assignments`, {
      userId: stranger.admin.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('User not found');

    const removed = await client.request(
      'DELETE',
      `/api/training-events/${mine.id}/assignments/${viewer.user.id}`,
    );
    expect(removed.status).toBe(204);
    expect((await viewer.client.get('/api/training-events')).body).toEqual([]);
  });

  it("answers 404 for another organization's event on every route, and changes nothing", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const event = await createEvent(b.client);
    const attempts = [
      a.client.get(`/api/training-events/${event.id}`),
      a.client.patch(`/api/training-events/${event.id}`, { studentName: 'Taken Over' }),
      a.client.get(`/api/training-events/${event.id}/versions`),
      a.client.get(`/api/training-events/${event.id}/proof`),
      a.client.post(`/api/training-events/${event.id}/assignments`, { userId: a.admin.id }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Training event not found', code: 'not_found' });
    }
    expect((await a.client.get('/api/training-events')).body).toEqual([]);
    expect((await rowOf(event.id))!.studentName).toBe(event.studentName);
    expect((await a.client.get('/api/training-events/not-a-uuid')).status).toBe(422);
  });
});
