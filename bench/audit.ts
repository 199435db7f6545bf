/**
 * `npm run bench:audit`: the AI audit assistant on the embedded database (figures go in
 * docs/PERFORMANCE.md, section "Audit assistant").
 *
 * An in-process server on a fresh PGlite data folder; a fixture training center
 * (bench/audit-fixture.ts: twelve documents with realistic page text, a partly answered checklist,
 * training records); then POST /api/audit/analyze-compliance through HTTP, twice (cold and warm).
 * Prints the time per phase and in total, and the share of the 200 items whose status matches
 * the written ground truth (bench/audit-ground-truth.json), listing every mismatch.
 *
 * `npm run bench:audit -- --eval [file] [--verbose]` runs the labelled cases instead
 * (bench/audit-eval/run.ts); --verbose prints every case's verdict with its reasons; --half a|b
 * runs half of the set's items (alternate items in catalogue order).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ComplianceAnalysisResponse } from '../src/shared/api/audit';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { auditRuns } from '../src/server/db/schema';
import { startJobs } from '../src/server/jobs/registry';
import { createOrganizationWithAdmin } from '../src/server/features/setup/service';
import { seedDocument, seedEvents, seedResponse } from '../src/server/test/audit/seed';
import { FIXTURE_DOCUMENTS, FIXTURE_EVENTS, FIXTURE_RESPONSES } from './audit-fixture';

const PASSWORD = 'benchmark password 1234';
const groundTruth = JSON.parse(
  readFileSync(new URL('./audit-ground-truth.json', import.meta.url), 'utf8'),
) as { items: Record<string, { status: string; why: string }> };

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'centerline-bench-audit-'));
  try {
    let t = performance.now();
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.migrate();
    console.log(`fresh PGlite database with migrations: ${ms(performance.now() - t)}`);

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, 'no-client'),
    });
    const app = await buildApp({ db: handle.db, config, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await startJobs(app.services.jobs, app.services.jobDefinitions);
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;

    t = performance.now();
    const email = 'bench-admin@example.test';
    const { organization } = await handle.db.transaction((tx) =>
      createOrganizationWithAdmin(tx, {
        organizationName: 'Northwind Aviation Training Center',
        plan: 'enterprise',
        firstName: 'Avery',
        lastName: 'Admin',
        email,
        password: PASSWORD,
      }),
    );
    const ids = new Map<string, string>();
    for (const doc of FIXTURE_DOCUMENTS) {
      const row = await seedDocument(handle.db, organization.id, doc.name, doc.pages, doc.fields);
      ids.set(doc.key, row.id);
    }
    for (const r of FIXTURE_RESPONSES) {
      await seedResponse(handle.db, organization.id, r.item, {
        status: r.status,
        comments: r.comments,
        findings: r.findings,
        evidence: (r.evidence ?? []).map((key) => ids.get(key)!),
      });
    }
    await seedEvents(handle.db, organization.id, FIXTURE_EVENTS);
    console.log(
      `fixture: ${FIXTURE_DOCUMENTS.length} documents (${FIXTURE_DOCUMENTS.reduce((n, d) => n + d.pages.length, 0)} pages), ` +
        `${FIXTURE_RESPONSES.length} checklist responses, ${FIXTURE_EVENTS.length} training events: ${ms(performance.now() - t)}`,
    );

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    let result: ComplianceAnalysisResponse | undefined;
    for (const label of ['cold', 'warm']) {
      t = performance.now();
      const res = await fetch(`${base}/api/audit/analyze-compliance`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
      });
      const total = performance.now() - t;
      if (!res.ok) throw new Error(`analysis failed: ${res.status} ${await res.text()}`);
      result = (await res.json()) as ComplianceAnalysisResponse;
      const [run] = await handle.db
        .select({ timings: auditRuns.timings })
        .from(auditRuns)
        .where(eq(auditRuns.id, result.runId));
      const phases = Object.entries(run?.timings ?? {})
        .map(([phase, value]) => `${phase} ${ms(value)}`)
        .join(', ');
      const inJob = Object.values(run?.timings ?? {}).reduce((a, b) => a + b, 0);
      console.log(
        `${label} run: ${result.checklistItems} items, ${result.documentCount} documents; total through HTTP ${ms(total)} ` +
          `(analysis ${ms(inJob)}: ${phases}; the rest is queueing and waiting for the job)`,
      );
    }

    const mismatches: string[] = [];
    for (const a of result!.analyses) {
      const expected = groundTruth.items[a.checklistItemId];
      if (!expected) throw new Error(`ground truth lacks ${a.checklistItemId}`);
      if (expected.status !== a.complianceStatus) {
        mismatches.push(
          `  ${a.checklistItemId}: expected ${expected.status}, got ${a.complianceStatus} (${expected.why})`,
        );
      }
    }
    const matched = result!.analyses.length - mismatches.length;
    console.log(
      `status matches ground truth: ${matched} of ${result!.analyses.length} (${((matched / result!.analyses.length) * 100).toFixed(1)}%)`,
    );
    console.log(`summary: ${JSON.stringify(result!.summary)}`);
    if (mismatches.length) console.log(`mismatches:\n${mismatches.join('\n')}`);

    await app.close();
    await handle.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const evalAt = process.argv.indexOf('--eval');
if (evalAt !== -1) {
  const { runAuditEval } = await import('./audit-eval/run');
  const file = process.argv[evalAt + 1];
  const halfAt = process.argv.indexOf('--half');
  const half = halfAt === -1 ? undefined : process.argv[halfAt + 1];
  if (half !== undefined && half !== 'a' && half !== 'b') throw new Error('--half takes a or b');
  await runAuditEval(file?.startsWith('--') ? undefined : file, {
    verbose: process.argv.includes('--verbose'),
    half,
  });
} else {
  await main();
}
