import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInclusion } from '@shared/ledger/merkle';
import { verifyReport } from '@shared/ledger/verify-report';
import { reports } from '../../db/schema';
import { actorOfUser } from '../../sessions/index';
import { auditTrail, countAuditEntries, recordsInScope } from './data';
import { REPORT_FAILED_MESSAGE } from './service';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { download, pdfText } from '../../test/files';
import { DRIVERS, startJobServer, type JobTestServer, type TestClient } from '../../test/harness';
import { eventPayload } from '../../test/training-events';

const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
const ROOT = new URL('../../../../', import.meta.url).pathname;

/** `npm run verify-proof -- --manifest` as a reader runs it: exit code and output. */
async function verifyCli(manifest: unknown, file: Buffer, publicKeyHex: string) {
  const dir = mkdtempSync(join(tmpdir(), 'centerline-report-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'report.pdf'), file);
  try {
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      [
        'scripts/verify-proof.ts',
        '--manifest',
        join(dir, 'manifest.json'),
        join(dir, 'report.pdf'),
        '--public-key',
        publicKeyHex,
      ],
      { cwd: ROOT },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

async function generated(client: TestClient, body: Record<string, unknown>) {
  const started = await client.post('/api/reports', body);
  expect(started.status).toBe(202);
  expect(started.body.status).toBe('queued');
  for (let i = 0; i < 400; i++) {
    const res = await client.get(`/api/reports/${started.body.id}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the report did not finish');
}

async function workbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describe.each(DRIVERS)('reports (%s)', (driver) => {
  let server: JobTestServer;
  let admin: TestClient;
  let organizationId: string;
  let publicKeyHex: string;

  beforeAll(async () => {
    server = await startJobServer(driver, { namespace: `reports-${randomUUID()}` });
    const org = await createOrganization(server.db, { name: 'Report Flight Academy' });
    organizationId = org.organization.id;
    admin = await signedIn(server, org.email);
    const records = [
      eventPayload({
        studentName: 'Avery Quinn',
        eventDate: '2026-10-05',
        course: 'CE-525 Initial',
      }),
      eventPayload({
        studentName: 'Blake Stone',
        eventDate: '2026-10-20',
        result: 'Unsatisfactory',
        evaluator: null,
      }),
      // Outside the period: in no report of October.
      eventPayload({ studentName: 'Casey Outside', eventDate: '2026-11-02' }),
    ];
    for (const record of records) {
      expect((await admin.post('/api/training-events', record)).status).toBe(201);
    }
    publicKeyHex = (await admin.get('/api/ledger/keys')).body.current.publicKeyHex;
  });
  afterAll(() => server.close());

  it('a Detailed PDF lists the period’s records with their 142.73(a) elements, and its manifest verifies', async () => {
    const report = await generated(admin, { type: 'detailed', format: 'pdf', ...PERIOD });
    expect(report).toMatchObject({ status: 'completed', progress: 100, error: null });
    const file = await download(server, admin, `/api/reports/${report.id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(
      'centerline-detailed-report-2026-10-01-to-2026-10-31.pdf',
    );
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(report.sha256);

    const raw = await pdfText(file.bytes);
    const text = raw.replace(/\s+/g, ' ');
    // Every page carries "page n of N" with the file's true count, and the running header from
    // the second page on; the contents page names the records section's first page (2).
    const pages = raw.split('\f').filter((p) => p.trim().length > 0);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.replace(/\s+/g, ' ')).toContain(`page ${i + 1} of ${pages.length}`);
      if (i > 0)
        expect(page.replace(/\s+/g, ' ')).toMatch(/Report Flight Academy · .* · generated /);
    });
    expect(pages[0]!.replace(/\s+/g, ' ')).toMatch(
      /Training records and 14 CFR 142\.73\(a\) elements 2/,
    );
    expect(text).toContain('Detailed report');
    expect(text).toContain('Report Flight Academy');
    expect(text).toContain('Contents');
    expect(text).toContain('Training records and 14 CFR 142.73(a) elements');
    expect(text).toContain('Avery Quinn');
    expect(text).toContain('Blake Stone');
    expect(text).not.toContain('Casey Outside');
    // Blake's record has no evaluator: (a)(6) is missing, never shown present.
    expect(text).toMatch(/Blake Stone.*missing/);
    expect(text).toMatch(/page 1 of \d+/);

    const manifest = (await admin.get(`/api/reports/${report.id}/manifest`)).body;
    expect(manifest).toMatchObject({
      format: 'centerline-report-manifest/v1',
      reportId: report.id,
      organizationId,
      sha256: report.sha256,
      sizeBytes: file.bytes.length,
    });
    expect(manifest.treeHead.treeSize).toBe(report.treeHead.treeSize);
    const verified = await verifyReport(manifest, file.bytes, {
      trustedPublicKeys: [publicKeyHex],
    });
    expect(verified.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verified).toMatchObject({ ok: true, pinned: true });

    // One byte changed in the PDF: the file check fails.
    const edited = Buffer.from(file.bytes);
    const middle = Math.floor(edited.length / 2);
    edited[middle] = edited[middle]! ^ 0x01;
    const tampered = await verifyReport(manifest, edited, { trustedPublicKeys: [publicKeyHex] });
    expect(tampered.ok).toBe(false);
    expect(tampered.checks.find((c) => c.name === 'file')).toMatchObject({ ok: false });
    const cli = await verifyCli(manifest, file.bytes, publicKeyHex);
    expect(cli.stdout).toContain('VERIFIED: this is the report the manifest describes');
    expect(cli.code).toBe(0);
    const cliTampered = await verifyCli(manifest, edited, publicKeyHex);
    expect(cliTampered.code).toBe(1);
    expect(cliTampered.stdout).toContain('NOT VERIFIED: file:');

    // A manifest edited to claim another tree size no longer matches its signed checkpoint.
    const forged = { ...manifest, treeHead: { ...manifest.treeHead, treeSize: 1 } };
    expect((await verifyReport(forged, file.bytes)).ok).toBe(false);
  });

  it('a Detailed workbook holds one row per record with real dates and numbers', async () => {
    const report = await generated(admin, { type: 'detailed', format: 'xlsx', ...PERIOD });
    const file = await download(server, admin, `/api/reports/${report.id}/download`);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = await workbook(file.bytes);
    const sheet = book.getWorksheet('Records')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Trainee');
    const rows = sheet.getSheetValues().slice(2).filter(Boolean) as unknown[][];
    expect(rows.map((r) => r[2])).toEqual(['Avery Quinn', 'Blake Stone']);
    expect(rows[0]![1]).toBeInstanceOf(Date);
    expect((rows[0]![1] as Date).toISOString().slice(0, 10)).toBe('2026-10-05');
    expect(typeof rows[0]![12]).toBe('number');
    expect(rows[1]![11]).toBe('missing');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(book.getWorksheet('Ledger')).toBeDefined();
  });

  it('Summary and Audit reports carry the period’s figures and trail, in PDF and Excel', async () => {
    const summary = await generated(admin, { type: 'summary', format: 'xlsx', ...PERIOD });
    const book = await workbook(
      (await download(server, admin, `/api/reports/${summary.id}/download`)).bytes,
    );
    const figures = book.getWorksheet('Records')!.getSheetValues().slice(2) as unknown[][];
    expect(figures.find((r) => r?.[1] === 'Training records in the period')?.[2]).toBe(2);
    expect(figures.find((r) => r?.[1] === 'Of them with an unsatisfactory result')?.[2]).toBe(1);

    const audit = await generated(admin, {
      type: 'audit',
      format: 'pdf',
      from: '2021-01-01',
      to: '2030-12-31',
    });
    const text = (
      await pdfText((await download(server, admin, `/api/reports/${audit.id}/download`)).bytes)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Audit report');
    expect(text).toContain('Audit trail');
    expect(text).toContain('request_report');
    expect(text).toMatch(/every leaf, head and record recomputed/);
  });

  it('an Audit workbook lists every record with an inclusion proof that climbs to the report’s signed root', async () => {
    const audit = await generated(admin, { type: 'audit', format: 'xlsx', ...PERIOD });
    const manifest = (await admin.get(`/api/reports/${audit.id}/manifest`)).body;
    const book = await workbook(
      (await download(server, admin, `/api/reports/${audit.id}/download`)).bytes,
    );
    const sheet = book.getWorksheet('Inclusion proofs')!;
    expect(sheet.getRow(1).getCell(6).value).toBe('Audit path');
    const rows = sheet.getSheetValues().slice(2).filter(Boolean) as unknown[][];
    expect(rows.map((r) => r[2])).toEqual(['Avery Quinn', 'Blake Stone']);
    for (const row of rows) {
      const [leafIndex, leafHash, path] = [row[4] as number, row[5] as string, row[6] as string];
      const proof = path ? path.split(' ') : [];
      expect(
        verifyInclusion(
          leafHash,
          leafIndex,
          manifest.treeHead.treeSize,
          proof,
          manifest.treeHead.rootHash,
        ),
      ).toBe(true);
    }
    // A changed hash does not climb to the root.
    const [first] = rows;
    expect(
      verifyInclusion(
        'ff'.repeat(32),
        first![4] as number,
        manifest.treeHead.treeSize,
        String(first![6] ?? '')
          .split(' ')
          .filter(Boolean),
        manifest.treeHead.rootHash,
      ),
    ).toBe(false);
  });

  it('reads rows in keyset pages without skipping or repeating one, and honours the scope', async () => {
    const [{ id: adminId }] = (await admin.get('/api/users')).body.filter(
      (u: { role: string }) => u.role === 'admin',
    );
    const actor = (await actorOfUser(server.db, adminId))!;
    const input = { organizationId, ...PERIOD, scope: { kind: 'organization' as const } };
    const names: string[] = [];
    for await (const page of recordsInScope(server.db, actor, input, 1)) {
      names.push(...page.map((r) => r.studentName));
    }
    expect(names).toEqual(['Avery Quinn', 'Blake Stone']);
    const trainee = { ...input, scope: { kind: 'trainee' as const, value: ' blake stone ' } };
    const scoped: string[] = [];
    for await (const page of recordsInScope(server.db, actor, trainee)) {
      scoped.push(...page.map((r) => r.studentName));
    }
    expect(scoped).toEqual(['Blake Stone']);

    const all = { ...input, from: '2021-01-01', to: '2030-12-31' };
    let entries = 0;
    for await (const page of auditTrail(server.db, all, 'UTC', 2)) entries += page.length;
    expect(entries).toBe(await countAuditEntries(server.db, all, 'UTC'));
    expect(entries).toBeGreaterThan(3);
  });

  it('a period with nothing in it says so', async () => {
    const report = await generated(admin, {
      type: 'detailed',
      format: 'pdf',
      from: '2019-01-01',
      to: '2019-01-31',
    });
    const text = await pdfText(
      (await download(server, admin, `/api/reports/${report.id}/download`)).bytes,
    );
    expect(text).toContain('Nothing was recorded in this period and scope.');
  });

  it('refuses bad periods, other organizations and roles that may not export', async () => {
    const backwards = await admin.post('/api/reports', {
      type: 'summary',
      format: 'pdf',
      from: '2026-10-31',
      to: '2026-10-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.issues).toEqual([
      expect.objectContaining({ path: 'to', message: 'The period ends before it starts' }),
    ]);
    const noValue = await admin.post('/api/reports', {
      type: 'summary',
      format: 'pdf',
      ...PERIOD,
      scope: { kind: 'course' },
    });
    expect(noValue.status).toBe(422);
    expect(
      (await admin.post('/api/reports', { type: 'weekly', format: 'pdf', ...PERIOD })).status,
    ).toBe(422);

    const viewer = await signedIn(
      server,
      (await createMember(server.db, organizationId, 'viewer')).email,
    );
    expect(
      (await viewer.post('/api/reports', { type: 'summary', format: 'pdf', ...PERIOD })).status,
    ).toBe(403);

    const mine = (await admin.get('/api/reports')).body[0];
    const other = await createOrganization(server.db);
    const stranger = await signedIn(server, other.email);
    expect((await stranger.get(`/api/reports/${mine.id}`)).status).toBe(404);
    expect((await download(server, stranger, `/api/reports/${mine.id}/download`)).status).toBe(404);
    expect((await stranger.get('/api/reports')).body).toEqual([]);

    const [queued] = await server.db
      .insert(reports)
      .values({
        organizationId,
        type: 'summary',
        format: 'pdf',
        periodFrom: PERIOD.from,
        periodTo: PERIOD.to,
        scope: { kind: 'organization' },
      })
      .returning();
    const early = await admin.get(`/api/reports/${queued!.id}/download`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'This report is not ready yet: wait until its status is completed',
    );

    // A job that fails for good leaves the report failed, with a message, never stuck queued.
    await server.app.services.jobDefinitions.reportGeneration.onFinalFailure!(
      {
        reportId: queued!.id,
        actor: { userId: randomUUID(), organizationId, authenticatedAt: new Date() },
      },
      { jobId: randomUUID(), message: 'boom' },
    );
    expect((await admin.get(`/api/reports/${queued!.id}`)).body).toMatchObject({
      status: 'failed',
      error: REPORT_FAILED_MESSAGE,
    });
    expect((await admin.get(`/api/reports/${queued!.id}/download`)).status).toBe(409);
  });
});
