import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MARKER, type SmartAuditResponse } from '@shared/api/document-generation';
import { referenceProblems } from '@shared/checklist/reference-validation';
import { and, eq } from 'drizzle-orm';
import { extractedFields, trainingEvents } from '../../db/schema';
import { createOrganization, organizationWithRoles, signedIn } from '../../test/factories';
import { docxText, download, pdfText } from '../../test/files';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { createProcessedDocument } from '../../test/processed-document';
import { REQUIREMENTS } from './requirements';

const AUDIT = '/api/audit/analyze-with-generation';
const BODY = { organizationId: 'default-org' };
const GENERATE = REQUIREMENTS.filter((r) => r.action === 'generate').map((r) => r.code);
const UPLOAD = REQUIREMENTS.filter((r) => r.action === 'upload').map((r) => r.code);

describe.each(DRIVERS)('document generation (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function audit(client: TestClient) {
    const res = await client.post<SmartAuditResponse>(AUDIT, BODY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it('refuses signed-out callers (401), Viewers and Auditors (403); Auditors read the results', async () => {
    const org = await organizationWithRoles(server);
    const anonymous = await new TestClient(server.baseUrl).post(AUDIT, BODY);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
    for (const role of ['viewer', 'auditor'] as const) {
      const res = await org.clients[role].post(AUDIT, BODY);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await org.clients.viewer.get('/api/document-generation/latest')).status).toBe(403);
    expect((await org.clients.auditor.get('/api/document-generation/latest')).body).toEqual({
      result: null,
    });

    const result = await audit(org.clients.instructor);
    const read = await org.clients.auditor.get('/api/document-generation/latest');
    expect(read.status).toBe(200);
    expect(read.body.result.runId).toBe(result.runId);
    const doc = result.generatedDocuments[0]!;
    const file = await download(server, org.clients.auditor, doc.downloads.txt);
    expect(file.status).toBe(200);
    expect(file.bytes.toString('utf8')).toBe(doc.content);
    const viewerFile = await download(server, org.clients.viewer, doc.downloads.txt);
    expect(viewerFile.status).toBe(403);
    expect(
      (await org.clients.instructor.post(`/api/generated-documents/${doc.id}/approve`)).status,
    ).toBe(403);
  });

  it('gives an empty organization the full gap list and a draft of every document it can write', async () => {
    const org = await createOrganization(server.db, { name: 'Skyline Flight Academy' });
    const admin = await signedIn(server, org.email);
    const result = await audit(admin);

    expect(result.summary).toEqual({
      aiPowered: false,
      documentsGenerated: GENERATE.length,
      documentsNeeded: UPLOAD.length,
      total: REQUIREMENTS.length,
      compliant: 0,
      criticalIssues: 3,
    });
    expect(result.documentGaps.generationPriority).toBe('CRITICAL');
    expect([...result.documentGaps.canAutoGenerate].sort()).toEqual([...GENERATE].sort());
    expect([...result.documentGaps.requiresExternalUpload].sort()).toEqual([...UPLOAD].sort());
    expect(result.documentGaps.requiresExternalUpload.slice(0, 3).sort()).toEqual([
      'FAA_TRAINING_CENTER_CERTIFICATE',
      'FAA_TRAINING_SPECIFICATIONS',
      'FSTD_QUALIFICATION_LETTERS',
    ]);
    expect(result.uploadRequests).toHaveLength(UPLOAD.length);
    expect(result.uploadRequests[0]).toMatch(/\(CRITICAL\)/);
    expect(result.ai).toMatchObject({ configured: false, used: 0 });

    expect(result.generatedDocuments.map((d) => d.documentType).sort()).toEqual(
      [...GENERATE].sort(),
    );
    for (const doc of result.generatedDocuments) {
      expect(doc.filename).toMatch(/^[a-z0-9-]+\.txt$/);
      expect(doc.content).toContain('Skyline Flight Academy');
      expect(doc.content).toContain(DRAFT_MARKER);
      expect(doc.metadata.aiGenerated).toBe(false);
      expect(doc.metadata.regulatoryBasis.length).toBeGreaterThan(0);
      for (const citation of doc.metadata.regulatoryBasis) {
        expect(referenceProblems(citation), citation).toEqual([]);
      }
      expect(doc.status).toBe('draft');
    }

    // Saved as documents of the organization, marked as generated, in Document Import's list.
    const list = (await admin.get('/api/documents')).body as { id: string; source: string }[];
    const generatedIds = new Set(result.generatedDocuments.map((d) => d.documentId));
    expect(list.filter((d) => generatedIds.has(d.id)).map((d) => d.source)).toEqual(
      Array(GENERATE.length).fill('generated'),
    );
    const logs = (await admin.get('/api/audit-logs?limit=50')).body as { action: string }[];
    expect(logs.filter((l) => l.action === 'generate_document')).toHaveLength(GENERATE.length);
    expect(logs.some((l) => l.action === 'run_smart_audit')).toBe(true);

    // The run the screen polls ended at 100 %.
    const run = await admin.get(`/api/document-generation/runs/${result.runId}`);
    expect(run.body).toMatchObject({ status: 'completed', progress: 100, phase: 'Complete' });
  });

  it('closes the gap of a training manual the organization uploaded, and reads its own records into the drafts', async () => {
    const org = await createOrganization(server.db, { name: 'Harbor Sim Center' });
    const admin = await signedIn(server, org.email);
    await createProcessedDocument(server.db, org.organization.id, 'TCM rev 4.pdf', [
      'Harbor Sim Center\nTraining Center Manual\nRevision 4\nChapter 1 Management',
    ]);
    await createProcessedDocument(server.db, org.organization.id, 'equipment.pdf', [
      'Equipment list\nFull Flight Simulator Level D, Citation CE-525, serial 7781',
    ]);
    // Course names read from scans: one a person validated, one nobody confirmed (form wording).
    const scans = await createProcessedDocument(
      server.db,
      org.organization.id,
      'scan.pdf',
      ['Training record'],
      [
        { fieldName: 'courseName', value: 'G450 Recurrent' },
        { fieldName: 'courseName', value: 'Checking required by the approved curriculum' },
      ],
    );
    await server.db
      .update(extractedFields)
      .set({ validatedValue: 'G450 Recurrent', validatedAt: new Date() })
      .where(
        and(
          eq(extractedFields.documentId, scans.id),
          eq(extractedFields.extractedValue, 'G450 Recurrent'),
        ),
      );
    await server.db.insert(trainingEvents).values([
      {
        organizationId: org.organization.id,
        studentName: 'Jordan Ellis',
        eventType: 'Initial type rating',
        eventDate: '2025-03-14',
        status: 'completed',
        course: 'CE-525 Initial',
        instructor: 'Morgan Lee',
        evaluator: 'Riley Park',
      },
    ]);
    const result = await audit(admin);
    const manual = result.requirements.find((r) => r.documentType === 'TRAINING_CENTER_MANUAL')!;
    expect(manual.status).toBe('present');
    expect(manual.finding).toBe('Found in “TCM rev 4.pdf”.');
    expect(result.documentGaps.canAutoGenerate).not.toContain('TRAINING_CENTER_MANUAL');
    // The equipment list is recognised as the facility and equipment description too.
    expect(result.documentGaps.canAutoGenerate).not.toContain('FACILITY_EQUIPMENT_DESCRIPTION');
    expect(result.summary.compliant).toBe(2);

    const records = result.generatedDocuments.find(
      (d) => d.documentType === 'INSTRUCTOR_EVALUATOR_RECORDS',
    )!;
    expect(records.content).toContain('Morgan Lee | CE-525 Initial | 2025-03-14');
    expect(records.content).toContain('Riley Park');
    const curriculum = result.generatedDocuments.find(
      (d) => d.documentType === 'CURRICULUM_SYLLABUS_OUTLINES',
    )!;
    expect(curriculum.content).toContain('Curriculum: CE-525 Initial');
    expect(curriculum.content).toContain('Curriculum: G450 Recurrent');
    expect(curriculum.content).not.toContain('approved curriculum');
    const preflight = result.generatedDocuments.find(
      (d) => d.documentType === 'FSTD_DAILY_PREFLIGHT_FORM',
    )!;
    expect(preflight.content).toContain(
      'Full Flight Simulator Level D, Citation CE-525, serial 7781',
    );
  });

  it('raises a gap to CRITICAL when its checklist item is answered non-compliant', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const saved = await admin.patch('/api/checklist/8-10', {
      status: 'non-compliant',
      revision: 0,
    });
    expect(saved.status).toBe(200);
    const result = await audit(admin);
    const retention = result.requirements.find(
      (r) => r.documentType === 'RECORDS_RETENTION_PROCEDURE',
    )!;
    expect(retention.priority).toBe('CRITICAL');
    expect(retention.priorityReason).toMatch(/8-10 answered non-compliant/);
    expect(result.summary.criticalIssues).toBe(4);
  });

  it('serves the draft as DOCX with the organization name and as PDF with its text', async () => {
    const org = await createOrganization(server.db, { name: 'Ridgeview Training Center' });
    const admin = await signedIn(server, org.email);
    const result = await audit(admin);
    const doc = result.generatedDocuments.find(
      (d) => d.documentType === 'RECORDS_RETENTION_PROCEDURE',
    )!;

    const docx = await download(server, admin, doc.downloads.docx);
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers.get('content-disposition')).toContain('records-retention-procedure.docx');
    const xmlText = await docxText(docx.bytes);
    expect(xmlText).toContain('Ridgeview Training Center');
    expect(xmlText).toContain(DRAFT_MARKER);
    expect(xmlText).toContain('142.73(c)(1)');

    const pdf = await download(server, admin, doc.downloads.pdf);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Records Retention Procedure');
    expect(text).toContain('Ridgeview Training Center');
    expect(text).toContain('Draft generated by Centerline from your records');
    expect(text).toContain('142.73(c)(2)');

    const txt = await download(server, admin, doc.downloads.txt);
    expect(txt.headers.get('content-disposition')).toContain(doc.filename);
  });

  it('keeps every organization to its own runs and documents', async () => {
    const a = await createOrganization(server.db);
    const b = await createOrganization(server.db);
    const adminA = await signedIn(server, a.email);
    const adminB = await signedIn(server, b.email);
    await createProcessedDocument(server.db, a.organization.id, 'quality-control-manual.pdf', [
      'Quality Control Manual',
    ]);
    const resultA = await audit(adminA);
    const resultB = await audit(adminB);
    expect(resultA.documentGaps.canAutoGenerate).not.toContain('QUALITY_CONTROL_PROCEDURES');
    expect(resultB.documentGaps.canAutoGenerate).toContain('QUALITY_CONTROL_PROCEDURES');
    const docA = resultA.generatedDocuments[0]!;
    expect((await adminB.get(`/api/document-generation/runs/${resultA.runId}`)).status).toBe(404);
    expect((await download(server, adminB, docA.downloads.docx)).status).toBe(404);
    const approve = await adminB.post(`/api/generated-documents/${docA.id}/approve`);
    expect(approve.status).toBe(404);
    expect(approve.body).toEqual({ message: 'Generated document not found', code: 'not_found' });
    expect((await adminB.get('/api/document-generation/latest')).body.result.runId).toBe(
      resultB.runId,
    );
  });

  it('links an approved document as evidence to its checklist items, audits it, and closes its gap', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const first = await audit(admin);
    const doc = first.generatedDocuments.find(
      (d) => d.documentType === 'FSTD_DISCREPANCY_LOG_FORM',
    )!;

    const approved = await admin.post(`/api/generated-documents/${doc.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.linkedItems).toEqual(['7-08', '7-10', '10-06']);
    expect(approved.body.document.status).toBe('approved');

    const checklist = (await admin.get('/api/checklist')).body as {
      items: { number: string; evidence: { documentId: string }[] }[];
    };
    for (const number of ['7-08', '7-10', '10-06']) {
      const item = checklist.items.find((i) => i.number === number)!;
      expect(item.evidence.map((e) => e.documentId)).toEqual([doc.documentId]);
    }
    const logs = (await admin.get('/api/audit-logs?limit=20')).body as {
      action: string;
      details: Record<string, unknown>;
    }[];
    expect(logs.filter((l) => l.action === 'link_checklist_evidence')).toHaveLength(3);
    expect(logs.find((l) => l.action === 'approve_generated_document')?.details).toMatchObject({
      documentId: doc.documentId,
      documentType: 'FSTD_DISCREPANCY_LOG_FORM',
    });
    const stored = (await admin.get(`/api/documents/${doc.documentId}`)).body;
    expect(stored.status).toBe('validated');

    // The same day's second run keeps the unchanged drafts and no longer needs the approved one.
    const second = await audit(admin);
    expect(second.documentGaps.canAutoGenerate).not.toContain('FSTD_DISCREPANCY_LOG_FORM');
    const log = second.requirements.find((r) => r.documentType === 'FSTD_DISCREPANCY_LOG_FORM')!;
    expect(log.finding).toBe('Approved generated document “FSTD Discrepancy Log”.');
    const firstIds = new Set(first.generatedDocuments.map((d) => d.id));
    expect(second.generatedDocuments.every((d) => firstIds.has(d.id))).toBe(true);
    const list = (await admin.get('/api/documents')).body as { source: string }[];
    expect(list.filter((d) => d.source === 'generated')).toHaveLength(GENERATE.length);
  });

  it('accepts a run id to poll and refuses it a second time', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const runId = randomUUID();
    const result = (await admin.post(AUDIT, { ...BODY, runId })).body as SmartAuditResponse;
    expect(result.runId).toBe(runId);
    const again = await admin.post(AUDIT, { ...BODY, runId });
    expect(again.status).toBe(409);
    expect((await admin.post(AUDIT, { runId: 'not-a-uuid' })).status).toBe(422);
  });
});
