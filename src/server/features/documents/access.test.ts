import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, documents } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, TestClient } from '../../test/harness';
import { CSV_TEXT } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const FORBIDDEN = { message: 'Your role does not allow this action', code: 'forbidden' };
const NOT_FOUND = { message: 'Document not found', code: 'not_found' };

describe.each(DRIVERS)('document access (%s)', (driver) => {
  let server: DocumentTestServer;
  beforeAll(async () => {
    server = await startDocumentServer(driver, { namespace: 'access' });
  });
  afterAll(() => server.close());

  /** An organization with a processed document and a signed-in client per role. */
  async function world(plan?: 'trial') {
    const org = await createOrganization(server.db, plan ? { plan } : {});
    const admin = await signedIn(server, org.email);
    const as = async (role: 'instructor' | 'auditor' | 'viewer') =>
      signedIn(server, (await createMember(server.db, org.organization.id, role)).email);
    const res = await upload(server.baseUrl, admin.cookie, [file('record.csv', CSV_TEXT)]);
    expect(res.status).toBe(201);
    await waitForStatus(admin, res.body.id);
    return { ...org, admin, as, documentId: res.body.id as string };
  }

  it('lets instructors upload and auditors read, but not viewers or signed-out visitors', async () => {
    const { as, documentId } = await world();
    const instructor = await as('instructor');
    const auditor = await as('auditor');
    const viewer = await as('viewer');

    expect(
      (await upload(server.baseUrl, instructor.cookie, [file('i.csv', CSV_TEXT)])).status,
    ).toBe(201);
    for (const client of [auditor, viewer]) {
      const res = await upload(server.baseUrl, client.cookie, [file('x.csv', CSV_TEXT)]);
      expect(res).toEqual({ status: 403, body: FORBIDDEN });
    }
    const anonymous = await upload(server.baseUrl, null, [file('x.csv', CSV_TEXT)]);
    expect(anonymous).toEqual({
      status: 401,
      body: { message: 'Unauthorized', code: 'unauthenticated' },
    });

    for (const path of [
      '',
      `/${documentId}`,
      `/${documentId}/extracted-data`,
      `/${documentId}/pages`,
    ]) {
      expect((await auditor.get(`/api/documents${path}`)).status, path).toBe(200);
      expect((await viewer.get(`/api/documents${path}`)).body, path).toEqual(FORBIDDEN);
    }
    expect((await auditor.post(`/api/documents/${documentId}/reprocess`)).status).toBe(403);
    const fields = (await auditor.get(`/api/documents/${documentId}/extracted-data`)).body;
    expect(fields.length).toBeGreaterThan(0);
    const validate = await auditor.post(`/api/extracted-data/${fields[0].id}/validate`, {
      validatedValue: 'x',
    });
    expect(validate.status).toBe(403);
  });

  it("answers 404 for another organization's document, its file, fields and pages", async () => {
    const mine = await world();
    const other = await createOrganization(server.db);
    const stranger = await signedIn(server, other.email);
    const id = mine.documentId;
    for (const path of [
      `/api/documents/${id}`,
      `/api/documents/${id}/extracted-data`,
      `/api/documents/${id}/pages`,
      `/api/documents/${id}/file`,
    ]) {
      const res = await stranger.get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 404,
        body: NOT_FOUND,
      });
    }
    expect((await stranger.post(`/api/documents/${id}/reprocess`)).body).toEqual(NOT_FOUND);
    expect((await stranger.request('DELETE', `/api/documents/${id}`)).body).toEqual(NOT_FOUND);
    const fieldId = (await mine.admin.get(`/api/documents/${id}/extracted-data`)).body[0].id;
    const validate = await stranger.post(`/api/extracted-data/${fieldId}/validate`, {
      validatedValue: 'taken over',
    });
    expect(validate.body).toEqual({ message: 'Extracted data not found', code: 'not_found' });
    expect((await stranger.get('/api/documents')).body).toEqual([]);
    expect((await stranger.get(`/api/documents/${randomUUID()}`)).status).toBe(404);
    expect((await stranger.get('/api/documents/not-a-uuid')).status).toBe(422);
  });

  it('lets only an admin delete; the row stays for the audit trail but disappears from the API', async () => {
    const { admin, as, documentId, organization } = await world();
    const instructor = await as('instructor');
    expect((await instructor.request('DELETE', `/api/documents/${documentId}`)).body).toEqual(
      FORBIDDEN,
    );

    const deleted = await admin.request('DELETE', `/api/documents/${documentId}`);
    expect(deleted.status).toBe(204);
    expect((await admin.get(`/api/documents/${documentId}`)).status).toBe(404);
    expect((await admin.get(`/api/documents/${documentId}/file`)).status).toBe(404);
    expect((await admin.get('/api/documents')).body).toEqual([]);
    expect((await admin.request('DELETE', `/api/documents/${documentId}`)).status).toBe(404);

    const [row] = await server.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'delete_document')),
      );
    expect(audit.map((a) => a.details)).toEqual([{ filename: 'record.csv', documentId }]);
  });

  it("enforces the plan's document limit with 403 plan_limit_reached", async () => {
    const { admin, organization } = await world('trial');
    // The trial plan allows 100 documents; the world has made one.
    await server.db.insert(documents).values(
      Array.from({ length: 99 }, (_, i) => ({
        organizationId: organization.id,
        originalName: `filler-${i}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 1,
        blobHash: '0'.repeat(64),
        status: 'processed',
      })),
    );
    const res = await upload(server.baseUrl, admin.cookie, [file('one-too-many.csv', CSV_TEXT)]);
    expect(res).toEqual({
      status: 403,
      body: {
        message: 'Your plan allows 100 documents. Delete documents or change plan to upload more.',
        code: 'plan_limit_reached',
      },
    });
    // A deleted document frees its place.
    const first = (await admin.get('/api/documents')).body[0].id;
    expect((await admin.request('DELETE', `/api/documents/${first}`)).status).toBe(204);
    expect((await upload(server.baseUrl, admin.cookie, [file('fits.csv', CSV_TEXT)])).status).toBe(
      201,
    );
  });

  it('refuses a signed-out download', async () => {
    const { documentId } = await world();
    const res = await new TestClient(server.baseUrl).get(`/api/documents/${documentId}/file`);
    expect(res.status).toBe(401);
  });
});
