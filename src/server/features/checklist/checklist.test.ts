import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, checklistResponses } from '../../db/schema';
import { createDocument, organizationWithRoles } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';

describe.each(DRIVERS)('checklist responses (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  const auditOf = (organizationId: string, action: string) =>
    server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)))
      .orderBy(desc(auditLogs.createdAt));
  const itemOf = async (client: TestClient, number: string) =>
    ((await client.get('/api/checklist')).body.items as { number: string }[]).find(
      (i) => i.number === number,
    ) as Record<string, unknown>;

  it('answers the public catalogue summary without a session', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/checklist/catalogue-summary');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(200);
    expect(res.body.version).toBe(1);
    expect(res.body.areas.map((a: { count: number }) => a.count)).toEqual([
      38, 15, 20, 20, 20, 18, 16, 17, 16, 20,
    ]);
    expect(res.body.areas[0]).toEqual({
      id: 'area1',
      name: 'Management and Administration',
      count: 38,
    });
  });

  it('gives every role the 200 items, all pending at first; nobody without a session', async () => {
    const { clients } = await organizationWithRoles(server);
    expect((await new TestClient(server.baseUrl).get('/api/checklist')).status).toBe(401);
    const res = await clients.viewer.get('/api/checklist');
    expect(res.status).toBe(200);
    expect(res.body.catalogueVersion).toBe(1);
    expect(res.body.items).toHaveLength(200);
    expect(res.body.areas).toHaveLength(10);
    expect(res.body.items[0]).toMatchObject({
      number: '1-01',
      areaId: 'area1',
      reference: '142.11(e), V2 C10 S1 P2-1153',
      status: 'pending',
      comments: '',
      findings: '',
      evidence: [],
      revision: 0,
      updatedBy: null,
    });
  });

  it('lets Admin and Instructor edit, and refuses Auditor, Viewer and strangers', async () => {
    const { clients } = await organizationWithRoles(server);
    const anonymous = new TestClient(server.baseUrl);
    expect(
      (await anonymous.patch('/api/checklist/1-02', { revision: 0, status: 'compliant' })).status,
    ).toBe(401);
    for (const role of ['auditor', 'viewer'] as const) {
      const res = await clients[role].patch('/api/checklist/1-02', {
        revision: 0,
        status: 'compliant',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your role does not allow this action',
        code: 'forbidden',
      });
    }
    const byInstructor = await clients.instructor.patch('/api/checklist/1-02', {
      revision: 0,
      status: 'compliant',
    });
    expect(byInstructor.status).toBe(200);
    expect(byInstructor.body).toMatchObject({ number: '1-02', status: 'compliant', revision: 1 });
    const byAdmin = await clients.admin.patch('/api/checklist/1-02', {
      revision: 1,
      findings: 'Roster shows two instructors for the B737 curriculum.',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'compliant', revision: 2 });
    expect(await itemOf(clients.viewer, '1-02')).toMatchObject({
      status: 'compliant',
      findings: 'Roster shows two instructors for the B737 curriculum.',
      revision: 2,
    });
  });

  it('refuses unknown items, invalid statuses and oversized text with clear messages', async () => {
    const { clients } = await organizationWithRoles(server);
    const admin = clients.admin;
    const unknown = await admin.patch('/api/checklist/1-99', { revision: 0, status: 'compliant' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Checklist item 1-99 not found', code: 'not_found' });
    expect((await admin.get('/api/checklist/1-99/history')).status).toBe(404);
    expect(
      (await admin.patch('/api/checklist/abc', { revision: 0, status: 'compliant' })).status,
    ).toBe(422);

    const badStatus = await admin.patch('/api/checklist/1-01', { revision: 0, status: 'done' });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.message).toContain(
      'Status must be one of: pending, compliant, partial, non-compliant, not-applicable',
    );
    const nothing = await admin.patch('/api/checklist/1-01', { revision: 0 });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toContain('Send a status, comments or findings');
    const noRevision = await admin.patch('/api/checklist/1-01', { status: 'compliant' });
    expect(noRevision.status).toBe(422);

    const tooLong = await admin.patch('/api/checklist/1-01', {
      revision: 0,
      comments: 'x'.repeat(20_001),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toContain('Comments can be at most 20,000 characters');
    const megabyte = await admin.patch('/api/checklist/1-01', {
      revision: 0,
      findings: 'y'.repeat(1024 * 1024),
    });
    expect(megabyte.status).toBe(422);
    expect(megabyte.body.message).toContain('Findings can be at most 20,000 characters');
    const exact = await admin.patch('/api/checklist/1-01', {
      revision: 0,
      comments: 'z'.repeat(20_000),
    });
    expect(exact.status).toBe(200);
  });

  it('keeps the full history and writes each change to the audit log', async () => {
    const { clients, organization, members } = await organizationWithRoles(server);
    await clients.admin.patch('/api/checklist/7-07', { revision: 0, status: 'non-compliant' });
    await clients.instructor.patch('/api/checklist/7-07', {
      revision: 1,
      status: 'compliant',
      findings: 'Preflight check sheets present for every day sampled.',
    });
    // Saving the same values again changes nothing and leaves no trace.
    const same = await clients.instructor.patch('/api/checklist/7-07', {
      revision: 2,
      status: 'compliant',
    });
    expect(same.body.revision).toBe(2);

    const history = await clients.auditor.get('/api/checklist/7-07/history');
    expect(history.status).toBe(200);
    expect(history.body.itemNumber).toBe('7-07');
    expect(history.body.entries).toHaveLength(2);
    const [latest, first] = history.body.entries;
    expect(latest).toMatchObject({
      source: 'edit',
      revision: 2,
      actor: { id: members.instructor!.id, email: members.instructor!.email },
      changes: [
        { field: 'status', from: 'non-compliant', to: 'compliant' },
        {
          field: 'findings',
          from: '',
          to: 'Preflight check sheets present for every day sampled.',
        },
      ],
    });
    expect(first).toMatchObject({
      revision: 1,
      actor: { id: members.admin!.id },
      changes: [{ field: 'status', from: 'pending', to: 'non-compliant' }],
    });
    expect(Date.parse(latest.at)).toBeGreaterThanOrEqual(Date.parse(first.at));

    const audit = await auditOf(organization.id, 'update_checklist_item');
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.details)).toContainEqual({
      itemNumber: '7-07',
      revision: 2,
      fields: ['status', 'findings'],
      status: { from: 'Non-compliant', to: 'Compliant' },
    });
  });

  it('reports a conflict when two users edit from the same revision, and writes nothing for the loser', async () => {
    const { clients, organization } = await organizationWithRoles(server);
    const first = await clients.admin.patch('/api/checklist/8-10', {
      revision: 0,
      comments: 'Records kept 18 months.',
    });
    expect(first.status).toBe(200);
    const stale = await clients.instructor.patch('/api/checklist/8-10', {
      revision: 0,
      comments: 'Records kept 6 months.',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect(stale.body.message).toMatch(/^Item 8-10 was changed by Avery Admin after you opened it/);
    expect(stale.body.current).toMatchObject({
      number: '8-10',
      comments: 'Records kept 18 months.',
      revision: 1,
    });
    // The loser re-saves on top of what they were shown.
    const retry = await clients.instructor.patch('/api/checklist/8-10', {
      revision: 1,
      comments: 'Records kept 18 months; sample of 10 trainees checked.',
    });
    expect(retry.status).toBe(200);
    expect(retry.body.revision).toBe(2);

    // Truly simultaneous saves: exactly one wins.
    const results = await Promise.all(
      [clients.admin, clients.instructor].map((c, i) =>
        c.patch('/api/checklist/8-11', { revision: 0, comments: `writer ${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await server.db
      .select()
      .from(checklistResponses)
      .where(
        and(
          eq(checklistResponses.organizationId, organization.id),
          eq(checklistResponses.itemNumber, '8-11'),
        ),
      );
    expect(row?.revision).toBe(1);
    expect((await clients.admin.get('/api/checklist/8-11/history')).body.entries).toHaveLength(1);
  });

  it('attaches and detaches the organization’s documents as evidence, with history', async () => {
    const { clients, organization } = await organizationWithRoles(server);
    const other = await organizationWithRoles(server);
    const document = await createDocument(server.db, organization.id);
    const foreign = await createDocument(server.db, other.organization.id);

    const linked = await clients.instructor.post('/api/checklist/7-08/evidence', {
      documentId: document.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.evidence).toEqual([
      expect.objectContaining({ documentId: document.id, name: document.originalName }),
    ]);
    // Attaching again is harmless: still one link, one history entry.
    expect(
      (await clients.admin.post('/api/checklist/7-08/evidence', { documentId: document.id })).body
        .evidence,
    ).toHaveLength(1);
    expect(
      (await clients.viewer.post('/api/checklist/7-08/evidence', { documentId: document.id }))
        .status,
    ).toBe(403);

    const stranger = await clients.admin.post('/api/checklist/7-08/evidence', {
      documentId: foreign.id,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Document not found');
    expect(
      (await clients.admin.post('/api/checklist/7-08/evidence', { documentId: 'nope' })).status,
    ).toBe(422);

    expect((await itemOf(clients.auditor, '7-08')).evidence).toHaveLength(1);
    const removed = await clients.admin.request(
      'DELETE',
      `/api/checklist/7-08/evidence/${document.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.evidence).toEqual([]);
    expect(
      (await clients.admin.request('DELETE', `/api/checklist/7-08/evidence/${document.id}`)).status,
    ).toBe(404);

    const history = (await clients.admin.get('/api/checklist/7-08/history')).body.entries;
    expect(history.map((e: { changes: unknown[] }) => e.changes[0])).toEqual([
      { field: 'evidence', from: document.originalName, to: null },
      { field: 'evidence', from: null, to: document.originalName },
    ]);
    expect(await auditOf(organization.id, 'link_checklist_evidence')).toHaveLength(1);
    expect(await auditOf(organization.id, 'unlink_checklist_evidence')).toHaveLength(1);
  });

  it('keeps each organization’s answers to itself', async () => {
    const a = await organizationWithRoles(server);
    const b = await organizationWithRoles(server);
    await a.clients.admin.patch('/api/checklist/2-01', {
      revision: 0,
      status: 'compliant',
      comments: 'A only',
    });
    expect(await itemOf(b.clients.admin, '2-01')).toMatchObject({
      status: 'pending',
      comments: '',
      revision: 0,
    });
    expect((await b.clients.admin.get('/api/checklist/2-01/history')).body.entries).toEqual([]);
    // B starts from its own revision 0; A's revision does not leak into B's conflict check.
    expect(
      (await b.clients.admin.patch('/api/checklist/2-01', { revision: 0, status: 'partial' })).body,
    ).toMatchObject({ status: 'partial', revision: 1 });
    expect(await itemOf(a.clients.admin, '2-01')).toMatchObject({
      status: 'compliant',
      comments: 'A only',
    });
  });
});
