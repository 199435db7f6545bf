import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequirementAnalysis } from '@shared/api/audit';
import { TestClient, DRIVERS } from '../../test/harness';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { download, pdfText } from '../../test/files';
import { sql } from 'drizzle-orm';
import { CRITERIA } from './rules/criteria';
import { startAuditServer, type AuditTestServer } from '../../test/audit/server';
import { seedDocument, seedEvents, seedResponse } from '../../test/audit/seed';

const TSPECS_PAGE_2 =
  'A001 Authorized courses. The FAA has approved the following curriculum for training under these training specifications: CE-560XL pilot initial type rating course and recurrent course.';

describe.each(DRIVERS)('audit assistant (%s)', (driver) => {
  let server: AuditTestServer;
  beforeAll(async () => {
    server = await startAuditServer(driver, { namespace: `audit-core-${driver}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has criteria whose queries the database parses into real search terms', async () => {
    for (const c of CRITERIA.values()) {
      const { rows } = (await server.db.execute(
        sql`select to_tsquery('english', ${c.query})::text as q`,
      )) as unknown as { rows: { q: string }[] };
      expect(rows[0]!.q, c.id).not.toBe('');
    }
  });

  it('refuses signed-out visitors (401) and Viewers (403); Auditors may read and run', async () => {
    const { organization } = await createOrganization(server.db);
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/audit/analyze-compliance')).status).toBe(401);
    expect((await anonymous.get('/api/audit/document-summary')).status).toBe(401);
    expect((await anonymous.get('/api/audit/runs')).status).toBe(401);

    const viewer = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'viewer')).email,
    );
    for (const path of ['/api/audit/document-summary', '/api/audit/runs']) {
      const res = await viewer.get(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await viewer.post('/api/audit/analyze-compliance')).status).toBe(403);

    const auditor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'auditor')).email,
    );
    expect((await auditor.get('/api/audit/document-summary')).status).toBe(200);
  });

  it('answers INSUFFICIENT_DATA for all 200 items when the organization has no documents', async () => {
    const { email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    // The observed client posts no body with a JSON content type.
    const res = await admin.request('POST', '/api/audit/analyze-compliance', {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.checklistItems).toBe(200);
    expect(res.body.documentCount).toBe(0);
    expect(res.body.analyses).toHaveLength(200);
    expect(
      new Set(res.body.analyses.map((a: { complianceStatus: string }) => a.complianceStatus)),
    ).toEqual(new Set(['INSUFFICIENT_DATA']));
    expect(res.body.summary).toMatchObject({ compliant: 0, partial: 0, insufficientData: 200 });
    for (const a of res.body.analyses)
      expect(a.preliminaryResponse).toMatch(/No processed documents/);
    expect(res.body.complianceReport).toContain('Overall compliance (compliant + partial): 0%');

    const summary = await admin.get('/api/audit/document-summary');
    expect(summary.body).toEqual({ totalDocuments: 0, documentTypes: [], documents: [] });
  });

  it('quotes the evidence it used with document name and page, and applies the record checks', async () => {
    const { organization, email } = await createOrganization(server.db);
    const tspecs = await seedDocument(
      server.db,
      organization.id,
      'Training Specifications Rev 7.pdf',
      [
        'Training Specifications issued by the FAA to Northwind Training Center, Part 142 certificate NWTC123X.',
        TSPECS_PAGE_2,
      ],
    );
    await seedDocument(
      server.db,
      organization.id,
      'Training record J Alvarez.pdf',
      ['Training record. Student Jordan Alvarez. Course CE-560XL initial. Instructor Dana Reyes.'],
      [
        { fieldName: 'studentName', value: 'Jordan Alvarez' },
        { fieldName: 'courseName', value: 'CE-560XL initial' },
      ],
    );
    await seedResponse(server.db, organization.id, '5-13', {
      status: 'non-compliant',
      findings: 'Two simulator instructors lack the line observation option.',
    });
    await seedResponse(server.db, organization.id, '2-01', {
      status: 'compliant',
      evidence: [tspecs.id],
    });
    await seedEvents(server.db, organization.id, [
      {
        studentName: 'Jordan Alvarez',
        course: 'CE-560XL',
        eventType: 'Simulator session',
        eventDate: '2025-03-01',
        instructor: 'Dana Reyes',
      },
      {
        studentName: 'Jordan Alvarez',
        course: 'CE-560XL',
        eventType: 'Proficiency check',
        eventDate: '2025-03-14',
        evaluator: 'Sam Ortiz',
        result: 'Pass',
      },
    ]);
    const admin = await signedIn(server, email);
    const res = await admin.post('/api/audit/analyze-compliance');
    expect(res.status).toBe(200);
    expect(res.body.documentCount).toBe(2);
    const byId = new Map(
      res.body.analyses.map((a: { checklistItemId: string }) => [a.checklistItemId, a]),
    );

    const courses = byId.get('2-01') as RequirementAnalysis;
    expect(courses.complianceStatus).toBe('COMPLIANT');
    expect(courses.riskLevel).toBe('LOW');
    expect(courses.evidence[0]).toMatchObject({
      documentName: 'Training Specifications Rev 7.pdf',
      page: 2,
      source: 'attached',
    });
    expect(courses.preliminaryResponse).toContain('(Training Specifications Rev 7.pdf, page 2)');

    const lateCheck = byId.get('9-16') as RequirementAnalysis;
    expect(lateCheck.complianceStatus).toBe('NON_COMPLIANT');
    expect(lateCheck.riskLevel).toBe('CRITICAL');
    expect(lateCheck.preliminaryResponse).toContain(
      'training completed 2025-03-01, Proficiency check on 2025-03-14 (13 days)',
    );

    const ownFinding = byId.get('5-13') as RequirementAnalysis;
    expect(ownFinding.complianceStatus).toBe('NON_COMPLIANT');
    expect(ownFinding.preliminaryResponse).toContain(
      'Two simulator instructors lack the line observation option.',
    );
    expect(ownFinding.requiredActions.length).toBeGreaterThan(0);

    const summary = await admin.get('/api/audit/document-summary');
    expect(summary.body.totalDocuments).toBe(2);
    expect(summary.body.documentTypes).toEqual(
      expect.arrayContaining([
        { type: 'training-specifications', label: 'Training specifications', count: 1 },
        { type: 'training-record', label: 'Training record', count: 1 },
      ]),
    );
    const record = summary.body.documents.find((d: { originalName: string }) =>
      d.originalName.startsWith('Training record'),
    );
    expect(record.extractedFields.map((f: { fieldName: string }) => f.fieldName).sort()).toEqual([
      'courseName',
      'studentName',
    ]);
  });

  it('keeps organizations apart', async () => {
    const first = await createOrganization(server.db);
    const second = await createOrganization(server.db);
    await seedDocument(server.db, first.organization.id, 'Training Center Manual.pdf', [
      'Training center manual. Quality control program with internal audits of trainee records.',
    ]);
    const a = await signedIn(server, first.email);
    const b = await signedIn(server, second.email);
    const runA = await a.post('/api/audit/analyze-compliance');
    const runB = await b.post('/api/audit/analyze-compliance');
    expect(runA.body.documentCount).toBe(1);
    expect(runB.body.documentCount).toBe(0);
    expect(runB.body.summary.insufficientData).toBe(200);
    expect((await b.get(`/api/audit/runs/${runA.body.runId}`)).status).toBe(404);
    expect((await b.get(`/api/audit/runs/${runA.body.runId}/report.pdf`)).status).toBe(404);
    expect(
      (await b.get(`/api/audit/runs/compare?from=${runA.body.runId}&to=${runB.body.runId}`)).status,
    ).toBe(404);
    expect((await b.get('/api/audit/runs')).body.runs.map((r: { id: string }) => r.id)).toEqual([
      runB.body.runId,
    ]);
    expect((await b.get('/api/audit/document-summary')).body.totalDocuments).toBe(0);
  });

  it('starts a run without waiting when asked, and shows its progress until it completes', async () => {
    const { email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const started = await admin.post('/api/audit/analyze-compliance?wait=false');
    expect(started.status).toBe(202);
    expect(started.body.joinedRunningAnalysis).toBe(false);
    let run = (await admin.get(`/api/audit/runs/${started.body.runId}`)).body;
    while (run.status !== 'completed') {
      expect(['queued', 'running']).toContain(run.status);
      expect(run.result).toBeNull();
      run = (await admin.get(`/api/audit/runs/${started.body.runId}`)).body;
    }
    expect(run).toMatchObject({ percent: 100, phase: 'Complete', checklistItems: 200 });
    expect(run.result.analyses).toHaveLength(200);
    // The one who started it is told, with the counts and where to read them.
    const [told] = (await admin.get('/api/notifications')).body;
    expect(told).toMatchObject({
      kind: 'audit',
      title: 'Compliance analysis complete',
      link: '/ai-audit-compliance',
    });
    expect(told.body).toMatch(
      /^0 compliant, 0 partial, 0 non-compliant and 200 with insufficient data, of 200 requirements\./,
    );
    expect((await admin.post('/api/audit/analyze-compliance?wait=maybe')).status).toBe(422);
  });

  it('stores runs, shows them with progress and result, compares two, and exports the PDF', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    await seedDocument(server.db, organization.id, 'Ops notes.pdf', ['Notes about the weather.']);
    const first = await admin.post('/api/audit/analyze-compliance');
    await seedDocument(server.db, organization.id, 'FFS Discrepancy Log.pdf', [
      'Flight simulator discrepancy log. Each discrepancy is recorded by the instructor after each session and corrected before further use.',
    ]);
    const second = await admin.post('/api/audit/analyze-compliance');

    const list = await admin.get('/api/audit/runs');
    expect(list.body.runs.map((r: { id: string }) => r.id)).toEqual([
      second.body.runId,
      first.body.runId,
    ]);
    expect(list.body.runs[0]).toMatchObject({
      status: 'completed',
      percent: 100,
      documentCount: 2,
      reasoner: 'built-in',
    });
    expect(list.body.runs[0].overallCompliance).toBe(
      Math.round(((second.body.summary.compliant + second.body.summary.partial) / 200) * 100),
    );

    const detail = await admin.get(`/api/audit/runs/${first.body.runId}`);
    expect(detail.body.result.analyses).toHaveLength(200);
    expect(detail.body.result.runId).toBe(first.body.runId);

    const compare = await admin.get(
      `/api/audit/runs/compare?from=${first.body.runId}&to=${second.body.runId}`,
    );
    expect(compare.status).toBe(200);
    const log = compare.body.changes.find(
      (c: { checklistItemId: string }) => c.checklistItemId === '7-08',
    );
    expect(log).toMatchObject({
      fromStatus: 'INSUFFICIENT_DATA',
      toStatus: 'COMPLIANT',
      toRisk: 'LOW',
    });
    expect(
      compare.body.changes.every(
        (c: { fromStatus: string; toStatus: string; fromRisk: string; toRisk: string }) =>
          c.fromStatus !== c.toStatus || c.fromRisk !== c.toRisk,
      ),
    ).toBe(true);

    const pdf = await download(server, admin, `/api/audit/runs/${second.body.runId}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /compliance-analysis-\d{4}-\d{2}-\d{2}\.pdf/,
    );
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Compliance Analysis Report');
    expect(text).toContain('200 requirements across 2 documents');
    expect(text).toContain('Area 7: Flight Training Equipment');
    expect(text).toMatch(/7-08\s+Compliant/);
    expect(text).toContain('FFS Discrepancy Log.pdf, page 1');
  });
});
