import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerLeaves, trainingEvents } from '../../db/schema';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent, eventPayload } from '../../test/training-events';

describe.each(DRIVERS)('training events (%s)', (driver) => {
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

  it('creates an event by hand: 201, saved with its leaf hash and index, audited', async () => {
    const { organization, admin, client } = await adminOf();
    const payload = eventPayload({ remarks: '  Steep turns to standard  ' });
    const res = await client.post('/api/training-events', payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...payload,
      remarks: 'Steep turns to standard',
      sourceDocumentId: null,
      version: 1,
      ledgerIndex: 2,
      createdBy: admin.id,
      updatedBy: admin.id,
    });
    expect(res.body.blockchainHash).toMatch(/^[0-9a-f]{64}$/);
    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({
      organizationId: organization.id,
      studentName: payload.studentName,
      version: 1,
    });
    const [leaf] = await server.db
      .select()
      .from(ledgerLeaves)
      .where(
        and(
          eq(ledgerLeaves.organizationId, organization.id),
          eq(ledgerLeaves.recordId, res.body.id),
        ),
      );
    expect(leaf).toMatchObject({ leafIndex: 2, leafHash: res.body.blockchainHash, version: 1 });
    const [audit] = await auditOf(organization.id, 'create_training_event');
    expect(audit).toMatchObject({
      actorId: admin.id,
      details: { studentName: payload.studentName, eventType: payload.eventType },
    });
    expect((await client.get(`/api/training-events/${res.body.id}`)).body).toEqual(res.body);
  });

  it('refuses impossible input with 422 naming the field, and writes nothing', async () => {
    const { organization, client } = await adminOf();
    const cases: [Record<string, unknown>, string][] = [
      [{ studentName: '   ' }, 'studentName'],
      [{ eventDate: '2024-02-30' }, 'eventDate'],
      [{ eventDate: '03/04/2024' }, 'eventDate'],
      [{ eventDate: daysFromToday(10), status: 'completed' }, 'eventDate'],
      [{ eventDate: '1899-12-31' }, 'eventDate'],
      [{ status: 'passed' }, 'status'],
      [{ sourceDocumentId: crypto.randomUUID() }, 'sourceDocumentId'],
    ];
    for (const [patch, path] of cases) {
      const res = await client.post('/api/training-events', eventPayload(patch));
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const future = await client.post(
      '/api/training-events',
      eventPayload({ eventDate: daysFromToday(10), status: 'pending' }),
    );
    expect(future.status).toBe(201);
    const rows = await server.db
      .select()
      .from(trainingEvents)
      .where(eq(trainingEvents.organizationId, organization.id));
    expect(rows).toHaveLength(1);
  });

  it('lets only admins and instructors write; auditors read', async () => {
    const { organization, client } = await adminOf();
    const event = await createEvent(client);
    const instructor = await memberOf(organization.id, 'instructor');
    const auditor = await memberOf(organization.id, 'auditor');
    expect((await instructor.client.post('/api/training-events', eventPayload())).status).toBe(201);
    expect((await auditor.client.post('/api/training-events', eventPayload())).status).toBe(403);
    expect(
      (await auditor.client.patch(`/api/training-events/${event.id}`, { status: 'failed' })).status,
    ).toBe(403);
    expect((await auditor.client.get(`/api/training-events/${event.id}`)).status).toBe(200);
    expect((await auditor.client.get('/api/training-events')).body).toHaveLength(2);
  });

  it('makes an edit a new version: new leaf and hash, history of who changed what', async () => {
    const { organization, admin, client } = await adminOf();
    const instructor = await memberOf(organization.id, 'instructor');
    const created = await createEvent(client, { status: 'pending', result: null });
    const res = await instructor.client.patch(`/api/training-events/${created.id}`, {
      status: 'completed',
      result: 'Satisfactory',
      expectedVersion: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      version: 2,
      status: 'completed',
      updatedBy: instructor.user.id,
      createdBy: admin.id,
    });
    expect(res.body.blockchainHash).not.toBe(created.blockchainHash);
    expect(res.body.ledgerIndex).toBeGreaterThan(created.ledgerIndex);

    const leaves = await server.db
      .select()
      .from(ledgerLeaves)
      .where(
        and(
          eq(ledgerLeaves.organizationId, organization.id),
          eq(ledgerLeaves.recordId, created.id),
        ),
      );
    expect(leaves.map((l) => [l.version, l.leafHash]).sort()).toEqual(
      [
        [1, created.blockchainHash],
        [2, res.body.blockchainHash],
      ].sort(),
    );
    const versions = await client.get(`/api/training-events/${created.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body).toHaveLength(2);
    expect(versions.body[0]).toMatchObject({
      version: 1,
      ledgerIndex: created.ledgerIndex,
      leafHash: created.blockchainHash,
      changedBy: { id: admin.id, email: expect.any(String) },
    });
    expect(versions.body[0].changes).toContainEqual({ field: 'status', from: null, to: 'pending' });
    expect(versions.body[1]).toMatchObject({
      version: 2,
      changedBy: { id: instructor.user.id, email: instructor.email, name: 'Instructor Tester' },
      changes: [
        { field: 'status', from: 'pending', to: 'completed' },
        { field: 'result', from: null, to: 'Satisfactory' },
      ],
    });
    const [audit] = await auditOf(organization.id, 'update_training_event');
    expect(audit).toMatchObject({
      actorId: instructor.user.id,
      details: { studentName: created.studentName, version: 2, changes: ['status', 'result'] },
    });

    const stale = await client.patch(`/api/training-events/${created.id}`, {
      remarks: 'late',
      expectedVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/now version 2/);
    const same = await client.patch(`/api/training-events/${created.id}`, { status: 'completed' });
    expect(same.body).toMatchObject({ version: 2, blockchainHash: res.body.blockchainHash });
    const future = await client.patch(`/api/training-events/${created.id}`, {
      eventDate: daysFromToday(30),
    });
    expect(future.status).toBe(422);
    expect((await rowOf(created.id))!.version).toBe(2);
  });

  it('searches, filters and pages on the server, keeping the array answer', async () => {
    const { client } = await adminOf();
    await createEvent(client, {
      studentName: 'Avery Quinn',
      licenseNumber: 'ATP-777',
      course: 'B737 Recurrent',
      eventType: 'Recurrent',
      eventDate: '2025-01-10',
      instructor: 'Dana Fox',
    });
    await createEvent(client, {
      studentName: 'Blake Stone',
      licenseNumber: 'CPL-100',
      course: 'CE-525 Initial',
      eventType: 'Initial',
      eventDate: '2025-02-10',
      status: 'failed',
      instructor: 'Robin Hale',
    });
    await createEvent(client, {
      studentName: 'Casey 100% Reyes',
      licenseNumber: null,
      course: 'B737 Upgrade',
      eventType: 'Upgrade',
      eventDate: '2025-03-10',
      status: 'pending',
      instructor: 'Dana Fox',
    });
    const names = async (query: string) => {
      const res = await client.get(`/api/training-events${query}`);
      expect(res.status, query).toBe(200);
      return (res.body as { studentName: string }[]).map((e) => e.studentName);
    };
    expect(await names('')).toEqual(['Casey 100% Reyes', 'Blake Stone', 'Avery Quinn']);
    expect(await names('?search=quinn')).toEqual(['Avery Quinn']);
    expect(await names('?search=cpl-1')).toEqual(['Blake Stone']);
    expect(await names('?search=b737')).toEqual(['Casey 100% Reyes', 'Avery Quinn']);
    expect(await names('?search=100%25')).toEqual(['Casey 100% Reyes']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?status=failed')).toEqual(['Blake Stone']);
    expect(await names('?eventType=recurrent')).toEqual(['Avery Quinn']);
    expect(await names('?instructor=dana')).toEqual(['Casey 100% Reyes', 'Avery Quinn']);
    expect(await names('?from=2025-02-01&to=2025-02-28')).toEqual(['Blake Stone']);
    const page = await client.get('/api/training-events?pageSize=2&page=2');
    expect(page.body.map((e: { studentName: string }) => e.studentName)).toEqual(['Avery Quinn']);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.headers.get('x-page')).toBe('2');
    expect(page.headers.get('x-page-size')).toBe('2');
    // Past the middle a page is counted from the end: every page, and a page past the end, as
    // if read from the start. Same-day events are ordered by creation, then id.
    for (const day of ['2025-03-10', '2025-01-10', '2025-02-10', '2025-02-10']) {
      await createEvent(client, { studentName: `Trainee ${day}`, eventDate: day });
    }
    const all = (await client.get('/api/training-events?pageSize=100')).body as { id: string }[];
    expect(all).toHaveLength(7);
    for (const size of [1, 2, 3]) {
      const pages: string[] = [];
      for (let n = 1; n <= Math.ceil(7 / size) + 1; n++) {
        const res = await client.get(`/api/training-events?pageSize=${size}&page=${n}`);
        pages.push(...(res.body as { id: string }[]).map((e) => e.id));
      }
      expect(pages, `pages of ${size}`).toEqual(all.map((e) => e.id));
    }
    for (const bad of ['?status=done', '?from=2025-13-01', '?pageSize=0', '?page=-1']) {
      expect((await client.get(`/api/training-events${bad}`)).status, bad).toBe(422);
    }
  });
});
