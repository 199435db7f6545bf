import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertsResponse,
  ChangeDetail,
  ChangeSummary,
  ComplianceReport,
  FetchRun,
} from '@shared/api/regulatory';
import { buildApp } from '../../app';
import type { Database, DatabaseHandle } from '../../db/client';
import { openDatabase } from '../../db/client';
import {
  auditLogs,
  checklistCatalogues,
  checklistResponses,
  regulationChanges,
  regulationSectionVersions,
  regulatoryAlerts,
} from '../../db/schema';
import { LocalJobRunner } from '../../jobs/local-runner';
import { startJobs } from '../../jobs/registry';
import { startEcfrFixture, type EcfrFixture, NEW_142_53_A2 } from '../../test/ecfr-fixture';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, freshPostgresDatabase, testConfig, type TestClient } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { raiseCatalogueUpdateAlerts } from './service';

/*
 * The regulation text is stored once for every organization, so these tests use a database of
 * their own (a shared one would see other files' Refresh calls) and run in order: baseline,
 * new amendment, failures, alerts and levels.
 */

interface Server {
  app: FastifyInstance;
  db: Database;
  baseUrl: string;
  close(): Promise<void>;
}

async function startServer(
  db: Database,
  env: Record<string, string>,
  namespace = 'regulatory-test',
): Promise<Server> {
  const jobs = new LocalJobRunner(db, {
    pollIntervalMs: 50,
    leaseMs: 5000,
    maxRetryDelayMs: 100,
    shutdownGraceMs: 2000,
    namespace,
  });
  const app = await buildApp({ db, config: testConfig(env), logger: false, services: { jobs } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  await startJobs(jobs, app.services.jobDefinitions);
  return {
    app,
    db,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await jobs.stop();
      await app.close();
    },
  };
}

async function refreshAndWait(client: TestClient): Promise<FetchRun> {
  const started = await client.post<{ run: FetchRun }>('/api/regulatory/refresh');
  expect(started.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const { run } = (await client.get<{ run: FetchRun }>('/api/regulatory/runs/latest')).body;
    if (run.id === started.body.run.id && (run.status === 'succeeded' || run.status === 'failed')) {
      return run;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the fetch did not finish');
}

async function snapshot(db: Database) {
  const versions = await db
    .select({
      section: regulationSectionVersions.section,
      date: regulationSectionVersions.versionDate,
      hash: regulationSectionVersions.textHash,
    })
    .from(regulationSectionVersions)
    .orderBy(regulationSectionVersions.section, regulationSectionVersions.versionDate);
  const changes = await db.select({ id: regulationChanges.id }).from(regulationChanges);
  const alerts = await db.select({ id: regulatoryAlerts.id }).from(regulatoryAlerts);
  return { versions, changes: changes.length, alerts: alerts.length };
}

describe.each(DRIVERS)('regulatory compliance monitor and alerts (%s)', (driver) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  let fixture: EcfrFixture;
  let server: Server;
  let env: Record<string, string>;
  let admin: TestClient;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let bystander: TestClient;

  beforeAll(async () => {
    if (driver === 'pglite') {
      handle = await openDatabase({ kind: 'pglite' });
    } else {
      const fresh = await freshPostgresDatabase();
      handle = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 4 });
      drop = fresh.drop;
    }
    await handle.migrate();
    fixture = await startEcfrFixture('baseline');
    env = { ECFR_BASE_URL: fixture.url, FETCH_ALLOW_PRIVATE: 'true' };
    server = await startServer(handle.db, env);
    org = await createOrganization(handle.db);
    admin = await signedIn(server as never, org.email);
    const other = await createOrganization(handle.db);
    bystander = await signedIn(server as never, other.email);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await fixture.close();
    await handle.close();
    await drop();
  });

  it('says "unknown" and why, never compliant, before a first successful fetch', async () => {
    const report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.overallStatus).toBe('unknown');
    expect(report.sourceStatus.state).toBe('never-fetched');
    expect(report.lastReached).toBeNull();
    expect(report.regulations[0]).toMatchObject({
      country: 'United States',
      complianceLevel: 'unknown',
      currentVersion: null,
    });
    expect(report.regulations[0]!.levelReason).toMatch(
      /^Insufficient data: The eCFR has not been fetched yet/,
    );
    expect(report.countries).toEqual(['United States']);
  });

  it('a refused source leaves nothing stored and the run says why (private address)', async () => {
    // Its own job namespace: the main server's runner (private addresses allowed) must not take it.
    const guarded = await startServer(
      handle.db,
      { ECFR_BASE_URL: fixture.url, FETCH_ALLOW_PRIVATE: 'false' },
      'regulatory-guarded',
    );
    try {
      const client = await signedIn(guarded as never, org.email);
      const run = await refreshAndWait(client);
      expect(run.status).toBe('failed');
      expect(run.message).toMatch(
        /Refused to fetch 127\.0\.0\.1:\d+: it resolves to a loopback address \(127\.0\.0\.1\)/,
      );
      expect((await snapshot(handle.db)).versions).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('stores the baseline with the version history; past amendments are historical', async () => {
    // The organization answered the item that the coming amendment touches, in January.
    await answer(admin, '5-09', 'compliant');
    await handle.db
      .update(checklistResponses)
      .set({ updatedAt: new Date('2026-01-15T12:00:00Z') })
      .where(eq(checklistResponses.organizationId, org.organization.id));

    const run = await refreshAndWait(admin);
    expect(run).toMatchObject({ status: 'succeeded', versionsStored: 4, changesFound: 1 });
    expect(run.message).toBe(
      'Baseline stored: 4 versions of 3 sections; 1 past amendments kept as history.',
    );
    const stored = await snapshot(handle.db);
    expect(stored.versions.map((v) => `${v.section}@${v.date}`)).toEqual([
      '142.47@2017-01-03',
      '142.47@2025-01-21',
      '142.53@2017-01-03',
      '142.73@2017-01-03',
    ]);
    expect(stored.versions.every((v) => /^[0-9a-f]{64}$/.test(v.hash ?? ''))).toBe(true);
    expect(fixture.requests).toContain('/api/versioner/v1/full/2025-01-21/title-14.xml?part=142');

    const history = (
      await admin.get<{ changes: ChangeSummary[] }>('/api/regulatory/changes?historical=true')
    ).body.changes;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      section: '142.47',
      sectionName: 'Training center instructor eligibility requirements',
      effectiveDate: '2025-01-21',
      fromVersionDate: '2017-01-03',
      historical: true,
      paragraphs: [
        { id: '(a)(5)', kind: 'reworded' },
        { id: '(a)(5)(iv)', kind: 'added' },
      ],
      checklistItems: ['5-04'],
    });
    // History raises no alert, and with nothing pending the level is compliant.
    expect((await admin.get('/api/regulatory/alerts/count')).body).toEqual({ unacknowledged: 0 });
    const report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.overallStatus).toBe('compliant');
    expect(report.regulations[0]).toMatchObject({
      currentVersion: '2025-01-21',
      complianceLevel: 'compliant',
    });
  });

  it('finds a new amendment, diffs it word by word and maps it to the exact checklist items', async () => {
    fixture.mode = 'amended';
    const run = await refreshAndWait(admin);
    expect(run).toMatchObject({ status: 'succeeded', versionsStored: 1, changesFound: 1 });
    const news = (
      await admin.get<{ changes: ChangeSummary[] }>('/api/regulatory/changes?historical=false')
    ).body.changes;
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({
      section: '142.53',
      effectiveDate: '2026-10-01',
      historical: false,
      paragraphs: [
        { id: '(a)(2)', kind: 'reworded' },
        { id: '(d)', kind: 'added' },
      ],
      // 3-15 and 5-09 cite 142.53(a)(2); 10-04 cites its parent 142.53(a).
      checklistItems: ['3-15', '5-09', '10-04'],
    });
    const all = (await admin.get<{ changes: ChangeSummary[] }>('/api/regulatory/changes')).body
      .changes;
    expect(all.map((c) => c.effectiveDate)).toEqual(['2026-10-01', '2025-01-21']);

    const detail = (await admin.get<ChangeDetail>(`/api/regulatory/changes/${news[0]!.id}`)).body;
    const reworded = detail.paragraphDiffs[0]!;
    expect(reworded.after).toBe(NEW_142_53_A2);
    expect(reworded.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual([
      ', threat',
      'error management and',
    ]);
    expect(reworded.parts.filter((p) => p.removed)).toEqual([]);
    expect(reworded.parts.map((p) => (p.removed ? '' : p.value)).join('')).toBe(NEW_142_53_A2);
    expect(detail.paragraphDiffs[1]).toMatchObject({ id: '(d)', kind: 'added', before: null });
    expect(detail.mappedItems.map((m) => [m.number, m.citedParagraphs, m.status])).toEqual([
      ['3-15', ['(a)(2)'], null],
      ['5-09', ['(a)(2)'], 'compliant'],
      ['10-04', ['(a)(2)'], null],
    ]);
    expect(detail.mappedItems[1]!.description).toMatch(/\S/);
    expect(
      (await admin.get(`/api/regulatory/changes/00000000-0000-4000-8000-000000000000`)).status,
    ).toBe(404);
  });

  it('raises one alert for the organization that answered a mapped item, and none for others', async () => {
    const listed = (await admin.get<AlertsResponse>('/api/regulatory/alerts?type=checklist-update'))
      .body;
    expect(listed.alerts).toHaveLength(1);
    const alert = listed.alerts[0]!;
    expect(alert).toMatchObject({
      type: 'checklist-update',
      severity: 'critical',
      source: 'regulation-change',
      checklistItems: ['5-09'],
      acknowledged: false,
      regulation: '14 CFR 142.53',
      actionItems: ['Re-review checklist item 5-09 against the amended 142.53(a)(2), 142.53(d)'],
    });
    expect(listed.counts).toMatchObject({ unacknowledged: 1, checklistUpdates: 1 });
    expect((await admin.get('/api/regulatory/alerts/count')).body).toEqual({ unacknowledged: 1 });
    expect((await bystander.get('/api/regulatory/alerts/count')).body).toEqual({
      unacknowledged: 0,
    });

    // Non-compliant: the answer predates the amendment's effective date.
    const report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.overallStatus).toBe('non-compliant');
    const part142 = report.regulations[0]!;
    expect(part142.levelReason).toMatch(
      /^Non-compliant: 1 amendment in effect touches answered checklist items not re-reviewed since \(5-09\)/,
    );
    expect(part142.pendingChanges).toMatchObject([
      {
        section: '142.53',
        priority: 'high',
        paragraphs: ['(a)(2)', '(d)'],
        checklistItems: ['3-15', '5-09', '10-04'],
      },
    ]);
    expect(part142.requiredActions).toEqual([
      {
        text: 'Re-review checklist item 5-09 against the amended 142.53(a)(2), 142.53(d)',
        checklistItem: '5-09',
        href: '/compliance-checklist?item=5-09',
      },
    ]);
    expect(part142.actionDeadline).toBe('2026-10-01');
    // The bystander answered nothing: compliant.
    const theirs = (await bystander.get<ComplianceReport>('/api/regulatory/compliance-report'))
      .body;
    expect(theirs.overallStatus).toBe('compliant');

    // Seeing the same version again stores nothing and raises nothing.
    const again = await refreshAndWait(admin);
    expect(again).toMatchObject({ status: 'succeeded', versionsStored: 0, changesFound: 0 });
    expect((await admin.get('/api/regulatory/alerts/count')).body).toEqual({ unacknowledged: 1 });
  });

  it('re-review gives warning until acknowledged; acknowledge is saved, audited, 409 twice, and survives a restart', async () => {
    await answer(admin, '5-09', 'compliant', 1, 'Re-reviewed against the amended 142.53(a)(2)');
    let report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.overallStatus).toBe('warning');
    expect(report.regulations[0]!.requiredActions[0]!.text).toBe(
      'Confirm the re-review of the amended 142.53 by acknowledging its alert',
    );

    const { alerts } = (
      await admin.get<AlertsResponse>('/api/regulatory/alerts?status=unacknowledged')
    ).body;
    const id = alerts.find((a) => a.type === 'checklist-update')!.id;
    const ack = await admin.post(`/api/regulatory/alerts/${id}/acknowledge`);
    expect(ack.status).toBe(200);
    expect(ack.body.alert).toMatchObject({
      acknowledged: true,
      acknowledgedBy: { name: 'Avery Admin' },
    });
    expect((await admin.post(`/api/regulatory/alerts/${id}/acknowledge`)).status).toBe(409);
    expect((await bystander.post(`/api/regulatory/alerts/${id}/acknowledge`)).status).toBe(404);
    const [entry] = await handle.db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.action} = 'acknowledge_regulatory_alert' and ${auditLogs.organizationId} = ${org.organization.id}`,
      );
    expect(entry?.details).toMatchObject({ alertId: id, type: 'checklist-update' });

    report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.overallStatus).toBe('compliant');

    await server.close();
    server = await startServer(handle.db, env);
    admin = await signedIn(server as never, org.email);
    const history = (await admin.get<AlertsResponse>('/api/regulatory/alerts?status=history')).body;
    expect(history.alerts.find((a) => a.id === id)).toMatchObject({
      acknowledged: true,
      acknowledgedBy: { name: 'Avery Admin' },
    });
    expect(history.counts).toMatchObject({ checklistUpdates: 0 });
  });

  it('a 500, malformed XML, a huge body or a backwards version list leave stored data untouched, and say why', async () => {
    const before = await snapshot(handle.db);
    const cases: [EcfrFixture['mode'], RegExp][] = [
      ['server-error', /the eCFR answered 500/],
      [
        'backwards',
        /the eCFR version list goes backwards: its newest version is 2017-01-03, older than the 2026-10-01 version already stored/,
      ],
      ['huge-body', /is larger than 20 MB; it was not read further/],
    ];
    for (const [mode, why] of cases) {
      fixture.mode = mode;
      const run = await refreshAndWait(admin);
      expect(run.status, mode).toBe('failed');
      expect(run.message).toMatch(/^Nothing was changed: /);
      expect(run.message).toMatch(why);
      expect(await snapshot(handle.db)).toEqual(before);
    }
    const report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.sourceStatus.state).toBe('unreachable');
    expect(report.overallStatus).toBe('unknown');
    expect(report.lastReached).not.toBeNull();
  }, 60_000);

  it('malformed XML of a new version stores nothing of it', async () => {
    // A database one version behind: remove the stored 2026 version and its change.
    fixture.mode = 'malformed-xml';
    const before = await snapshot(handle.db);
    await handle.db.transaction(async (tx) => {
      const [v] = await tx
        .select()
        .from(regulationSectionVersions)
        .where(eq(regulationSectionVersions.versionDate, '2026-10-01'));
      await tx.delete(regulatoryAlerts).where(sql`${regulatoryAlerts.changeId} is not null`);
      await tx.delete(regulationChanges).where(eq(regulationChanges.toVersionId, v!.id));
      await tx.delete(regulationSectionVersions).where(eq(regulationSectionVersions.id, v!.id));
    });
    const behind = await snapshot(handle.db);
    expect(behind.versions).toHaveLength(before.versions.length - 1);
    const run = await refreshAndWait(admin);
    expect(run.status).toBe('failed');
    expect(run.message).toMatch(
      /^Nothing was changed: the eCFR text as of 2026-10-01 could not be read: the XML is malformed/,
    );
    expect(await snapshot(handle.db)).toEqual(behind);
  });

  it('raises deadline alerts from records: retention under 142.73(c)(1) and failed checks without a pass', async () => {
    const inRetentionWindow = new Date(Date.now() - 320 * 24 * 3600_000).toISOString().slice(0, 10);
    const record = await createEvent(admin, {
      eventDate: inRetentionWindow,
      studentName: 'Robin Keep',
    });
    await createEvent(admin, { eventDate: daysFromToday(-400), studentName: 'Old Record' });
    const failed = await createEvent(admin, {
      studentName: 'Jordan Fail',
      licenseNumber: 'ATP-1',
      eventType: 'Proficiency check',
      status: 'failed',
      result: 'Unsatisfactory',
      eventDate: daysFromToday(-10),
    });
    const passedLater = await createEvent(admin, {
      studentName: 'Sam Retry',
      licenseNumber: 'ATP-2',
      eventType: 'Check',
      status: 'failed',
      result: 'Unsatisfactory',
      eventDate: daysFromToday(-12),
    });
    await createEvent(admin, {
      studentName: 'Sam Retry',
      licenseNumber: 'ATP-2',
      eventType: 'check ',
      eventDate: daysFromToday(-3),
    });

    const { alerts, counts } = (
      await admin.get<AlertsResponse>('/api/regulatory/alerts?type=compliance-deadline')
    ).body;
    const retention = alerts.filter((a) => a.source === 'record-retention');
    const end = new Date(`${inRetentionWindow}T00:00:00Z`);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    const endDate = end.toISOString().slice(0, 10);
    const mine = retention.find((a) => a.recordIds.includes(record.id));
    expect(mine).toMatchObject({
      severity: 'info',
      regulation: '14 CFR 142.73(c)(1)',
      dueDate: endDate,
      title: `1 training record reaches the end of the retention period on ${endDate}`,
    });
    expect(mine!.description).toMatch(
      /at least 1 year after the training, testing or checking ends/,
    );
    const rechecks = alerts.filter((a) => a.source === 'practical-test');
    expect(rechecks.map((a) => a.recordIds)).toEqual([[failed.id]]);
    expect(rechecks[0]).toMatchObject({
      severity: 'warning',
      regulation: '14 CFR 142.73(a)(7)',
      title: `Jordan Fail: failed Proficiency check on ${daysFromToday(-10)} has no later pass`,
    });
    expect(rechecks.some((a) => a.recordIds.includes(passedLater.id))).toBe(false);
    expect(counts.complianceDeadlines).toBe(retention.length + 1);

    // Reading again raises nothing twice; a later pass closes the open re-check alert.
    await createEvent(admin, {
      studentName: 'Jordan Fail',
      licenseNumber: 'ATP-1',
      eventType: 'Proficiency check',
      eventDate: daysFromToday(-2),
    });
    const after = (
      await admin.get<AlertsResponse>('/api/regulatory/alerts?type=compliance-deadline')
    ).body;
    expect(after.alerts).toHaveLength(alerts.length);
    expect(after.alerts.find((a) => a.source === 'practical-test')).toMatchObject({
      acknowledged: true,
      acknowledgedBy: null,
    });
  });

  it('exports the alerts as Excel and PDF', async () => {
    const xlsx = await fetch(`${server.baseUrl}/api/regulatory/alerts/export?format=xlsx`, {
      headers: { cookie: admin.cookie! },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.getWorksheet('Alerts')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('Title');
    const titles = sheet.getColumn(4).values.slice(2).map(String);
    const listed = (await admin.get<AlertsResponse>('/api/regulatory/alerts')).body.alerts;
    expect(titles).toEqual(listed.map((a) => a.title));
    expect(titles.some((t) => t.startsWith('Jordan Fail: failed Proficiency check'))).toBe(true);
    const pdf = await fetch(`${server.baseUrl}/api/regulatory/alerts/export?format=pdf`, {
      headers: { cookie: admin.cookie! },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('a new checklist catalogue version raises one alert per existing organization, once', async () => {
    // Last: a version 2 row in this test's own database stands for a newer catalogue release.
    await handle.db.insert(checklistCatalogues).values({
      version: 2,
      label: 'Catalogue v2 (test)',
      itemCount: 200,
      contentHash: 'test',
    });
    expect(await raiseCatalogueUpdateAlerts(handle.db)).toBe(2);
    expect(await raiseCatalogueUpdateAlerts(handle.db)).toBe(0);
    const { alerts } = (
      await admin.get<AlertsResponse>(
        '/api/regulatory/alerts?type=checklist-update&status=unacknowledged',
      )
    ).body;
    expect(alerts.map((a) => [a.source, a.severity, a.title])).toEqual([
      ['catalogue', 'info', 'Checklist catalogue updated to Catalogue v2 (test)'],
    ]);
  });
});

async function answer(
  client: TestClient,
  item: string,
  status: string,
  revision = 0,
  comments?: string,
) {
  const res = await client.patch(`/api/checklist/${item}`, { revision, status, comments });
  if (res.status !== 200)
    throw new Error(`answer failed: ${res.status} ${JSON.stringify(res.body)}`);
}
