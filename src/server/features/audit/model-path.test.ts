import { afterEach, describe, expect, it } from 'vitest';
import type { RequirementAnalysis } from '@shared/api/audit';
import { DRIVERS } from '../../test/harness';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { startFakeChatServer, type FakeChatServer } from '../../test/fake-chat-server';
import { startAuditServer, type AuditTestServer } from '../../test/audit/server';
import { seedDocument } from '../../test/audit/seed';

const LOG_TEXT =
  'Flight simulator discrepancy log. Each discrepancy is recorded by the instructor after each session and corrected before further use.';

/** The document name quoted in the prompt's evidence list, if any. */
function evidenceName(prompt: string): string | null {
  return /^1\. (.+?), page \d+:/m.exec(prompt)?.[1] ?? null;
}

describe.each(DRIVERS)('audit assistant with a model (%s)', (driver) => {
  let server: AuditTestServer | undefined;
  let model: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    await model?.close();
    server = model = undefined;
  });

  async function analyze(env: Record<string, string>) {
    server = await startAuditServer(driver, { namespace: `audit-model-${driver}`, env });
    const { organization, email } = await createOrganization(server.db);
    await seedDocument(server.db, organization.id, 'FFS Discrepancy Log.pdf', [LOG_TEXT]);
    const admin = await signedIn(server, email);
    const res = await admin.post('/api/audit/analyze-compliance');
    expect(res.status).toBe(200);
    const byId = new Map<string, RequirementAnalysis>(
      res.body.analyses.map((a: RequirementAnalysis) => [a.checklistItemId, a]),
    );
    return { body: res.body, byId };
  }

  it('uses drafts that pass the checks; status and risk still come from the rules', async () => {
    model = await startFakeChatServer((body) => {
      const prompt = body.messages[1]!.content;
      const name = evidenceName(prompt);
      const item = /Checklist item (\S+):/.exec(prompt)![1];
      return name
        ? `Item ${item}: the ${name} (page 1) shows discrepancies recorded after each session, as 14 CFR 142.59(c)(4) requires.`
        : `Item ${item}: no evidence was retrieved for this requirement, so compliance cannot be confirmed yet.`;
    });
    const { body, byId } = await analyze({ AI_BASE_URL: model.url, AI_MODEL: 'local-llm' });
    expect(body.reasoner).toBe('local-llm (model drafts checked against the evidence)');
    const log = byId.get('7-08')!;
    expect(log.draftedBy).toBe('model');
    expect(log.preliminaryResponse).toContain('the FFS Discrepancy Log.pdf (page 1) shows');
    expect(log.complianceStatus).toBe('COMPLIANT');
    expect(log.riskLevel).toBe('LOW');
    expect(model.requests).toHaveLength(200);
    // The model saw the evidence it was to quote, and the rules' decision.
    const prompt = JSON.stringify(model.requests);
    expect(prompt).toContain('FFS Discrepancy Log.pdf, page 1');
    expect(prompt).toContain('Decided status: COMPLIANT');
  }, 120_000);

  it('falls back to the built-in reasoner when the model times out, and says so', async () => {
    model = await startFakeChatServer(() => 'too late', { delayMs: 5_000 });
    const { body, byId } = await analyze({
      AI_BASE_URL: model.url,
      AI_MODEL: 'slow-llm',
      AI_TIMEOUT_MS: '200',
    });
    expect(body.reasoner).toBe('built-in (model unavailable: timeout)');
    expect(byId.get('7-08')!.draftedBy).toBe('built-in');
    expect(byId.get('7-08')!.preliminaryResponse).toMatch(/^Compliant\. Found a discrepancy log/);
    // Retired after the first time-outs, not asked 200 times.
    expect(model.requests.length).toBeLessThanOrEqual(4);
  });

  it('falls back when the model answers nonsense', async () => {
    model = await startFakeChatServer(() => '#### ### 12345 ?? !!');
    const { body, byId } = await analyze({ AI_BASE_URL: model.url, AI_MODEL: 'odd-llm' });
    expect(body.reasoner).toBe(
      'built-in (model unavailable: answers failed checks: answer too short)',
    );
    expect([...byId.values()].every((a) => a.draftedBy === 'built-in')).toBe(true);
    expect(model.requests.length).toBeLessThan(20);
  });

  it('discards a draft that cites a paragraph Part 142 does not have', async () => {
    model = await startFakeChatServer((body) => {
      const prompt = body.messages[1]!.content;
      const name = evidenceName(prompt) ?? 'the documents';
      return `Compliant: ${name} (page 1) records each discrepancy, which satisfies 14 CFR 142.59(c)(9) and 142.99(a).`;
    });
    const { body, byId } = await analyze({ AI_BASE_URL: model.url, AI_MODEL: 'inventive-llm' });
    expect(body.reasoner).toMatch(
      /^built-in \(model unavailable: answers failed checks: cites 142\.59\(c\)\(9\)/,
    );
    const log = byId.get('7-08')!;
    expect(log.draftedBy).toBe('built-in');
    expect(log.preliminaryResponse).not.toContain('142.59(c)(9)');
  });

  it('falls back when the model server answers errors', async () => {
    model = await startFakeChatServer(() => ({
      status: 500,
      body: { error: { message: 'boom' } },
    }));
    const { body } = await analyze({ AI_BASE_URL: model.url, AI_MODEL: 'broken-llm' });
    expect(body.reasoner).toBe('built-in (model unavailable: error)');
    expect(body.summary.compliant).toBeGreaterThan(0);
  });

  it('lets a second request join the running analysis instead of starting another', async () => {
    // The model holds the run open until released, so the second request surely finds it running.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    model = await startFakeChatServer(async () => {
      await gate;
      return 'no';
    });
    let analyses = 0;
    server = await startAuditServer(driver, {
      namespace: `audit-model-${driver}`,
      env: { AI_BASE_URL: model.url, AI_MODEL: 'gated-llm' },
      onHandled: (method, url) => {
        if (method === 'POST' && url === '/api/audit/analyze-compliance') analyses++;
      },
    });
    const { organization, email } = await createOrganization(server.db);
    await seedDocument(server.db, organization.id, 'FFS Discrepancy Log.pdf', [LOG_TEXT]);
    const admin = await signedIn(server, email);
    const auditor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'auditor')).email,
    );
    const first = admin.post('/api/audit/analyze-compliance');
    let running: { id: string; phase: string; percent: number } | undefined;
    while (!running) {
      const runs = (await admin.get('/api/audit/runs')).body.runs;
      running = runs.find((r: { status: string }) => r.status === 'running');
    }
    const progress = (await admin.get(`/api/audit/runs/${running.id}`)).body;
    expect(progress).toMatchObject({ status: 'running', result: null });
    const second = auditor.post('/api/audit/analyze-compliance');
    while (analyses < 2) await new Promise((resolve) => setImmediate(resolve));
    // The second request reached its handler; this round trip lets it look for the active run
    // first (PGlite serves queries in order), while the model still holds the run open.
    expect((await admin.get('/api/audit/runs')).body.runs).toHaveLength(1);
    release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body.runId).toBe(running.id);
    expect(two.body.runId).toBe(running.id);
    expect(one.body.joinedRunningAnalysis).toBe(false);
    expect(two.body.joinedRunningAnalysis).toBe(true);
    expect((await admin.get('/api/audit/runs')).body.runs).toHaveLength(1);
  });
});
