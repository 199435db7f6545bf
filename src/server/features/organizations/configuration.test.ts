import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';
import { createDocumentReader, lazyOcrPool } from '../documents/service';

type Extracted = Awaited<ReturnType<ReturnType<typeof createDocumentReader>['extract']>>;

/** The real readers, with an extractor whose confidences the test chooses. */
const FIELDS: Extracted = [
  { fieldName: 'studentName', value: 'Jordan Avery Pilot', confidence: 0.9, page: 1 },
  { fieldName: 'trainingDate', value: '2025-03-14', confidence: 0.97, page: 1 },
];

describe.each(DRIVERS)('System Configuration (%s)', (driver) => {
  let server: DocumentTestServer;
  const ocr = lazyOcrPool(1);
  beforeAll(async () => {
    const real = createDocumentReader(ocr);
    server = await startDocumentServer(driver, {
      namespace: 'configuration',
      services: { ocr, documentReader: { read: real.read, extract: () => FIELDS } },
    });
  });
  afterAll(async () => {
    await server.close();
    await ocr.close();
  });

  it('shows the organization’s settings and the installation’s, to admins only', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const res = await admin.get('/api/admin/configuration');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reviewThreshold: 0.85,
      maxPages: 200,
      ocr: {
        engine: expect.stringContaining('tesseract.js'),
        languages: ['eng'],
        workers: 1,
        maxPagesLimit: 200,
      },
      security: { twoFactorRequired: false, sessionMaxHours: 12 },
      setBy: { workers: 'OCR_WORKERS', sessionMaxHours: 'SESSION_MAX_HOURS' },
    });
    const { email } = await createMember(server.db, org.organization.id, 'instructor');
    const instructor = await signedIn(server, email);
    expect((await instructor.get('/api/admin/configuration')).status).toBe(403);
    expect(
      (
        await instructor.request('PUT', '/api/admin/configuration', {
          json: { reviewThreshold: 0.5, maxPages: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a threshold or page limit out of range with the field named, and keeps the old one', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    for (const [body, field, message] of [
      [{ reviewThreshold: 0.3, maxPages: 200 }, 'reviewThreshold', 'Choose at least 50%'],
      [{ reviewThreshold: 1, maxPages: 200 }, 'reviewThreshold', 'Choose at most 99%'],
      [{ reviewThreshold: 0.855, maxPages: 200 }, 'reviewThreshold', 'Use a whole percent'],
      [{ reviewThreshold: 0.9, maxPages: 0 }, 'maxPages', 'Choose at least one page'],
      [{ reviewThreshold: 0.9, maxPages: 201 }, 'maxPages', 'At most 200 pages'],
    ] as const) {
      const res = await admin.request('PUT', '/api/admin/configuration', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await admin.get('/api/admin/configuration')).body).toMatchObject({
      reviewThreshold: 0.85,
      maxPages: 200,
    });
  });

  it('saves a change for this organization only, audits it, and tells every member', async () => {
    const org = await createOrganization(server.db);
    const other = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const res = await admin.request('PUT', '/api/admin/configuration', {
      json: { reviewThreshold: 0.7, maxPages: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reviewThreshold: 0.7, maxPages: 50 });
    // Saving the same values again records nothing new.
    await admin.request('PUT', '/api/admin/configuration', {
      json: { reviewThreshold: 0.7, maxPages: 50 },
    });
    const entries = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, org.organization.id),
          eq(auditLogs.action, 'update_configuration'),
        ),
      );
    expect(entries.map((e) => e.details)).toEqual([
      {
        before: { reviewThreshold: 0.85, maxPages: 200 },
        after: { reviewThreshold: 0.7, maxPages: 50 },
      },
    ]);
    const { email } = await createMember(server.db, org.organization.id, 'viewer');
    const viewer = await signedIn(server, email);
    expect((await viewer.get('/api/auth/user')).body.reviewThreshold).toBe(0.7);
    const otherAdmin = await signedIn(server, other.email);
    expect((await otherAdmin.get('/api/admin/configuration')).body).toMatchObject({
      reviewThreshold: 0.85,
      maxPages: 200,
    });
  });

  it('sends a document with a field read under the threshold to a person, and not one above it', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const send = async () => {
      const sent = await upload(server.baseUrl, admin.cookie, [
        file('certificate.pdf', await pdfBytes()),
      ]);
      expect(sent.status).toBe(201);
      return waitForStatus(admin, sent.body.id);
    };
    // The student's name was read at 90 %: over an 85 % threshold, under a 95 % one.
    const under = await send();
    expect(under).toMatchObject({ status: 'processed', reviewReasons: [] });

    await admin.request('PUT', '/api/admin/configuration', {
      json: { reviewThreshold: 0.95, maxPages: 200 },
    });
    const over = await send();
    expect(over.status).toBe('needs_review');
    expect(over.reviewReasons).toEqual([
      'Student Name was read with less than 95 % confidence, this organization’s review threshold; check it against the original.',
    ]);
  });

  it('refuses a PDF longer than the organization’s page limit, naming the limit', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    await admin.request('PUT', '/api/admin/configuration', {
      json: { reviewThreshold: 0.85, maxPages: 2 },
    });
    const lines = Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of the training manual`);
    const sent = await upload(server.baseUrl, admin.cookie, [
      file('manual.pdf', await pdfBytes(lines)),
    ]);
    const done = await waitForStatus(admin, sent.body.id);
    expect(done.status).toBe('error');
    expect(done.errorMessage).toMatch(/^This PDF has \d+ pages; documents of up to 2 pages are/);
  });
});
