/**
 * Time to export the whole checklist (200 items, every one answered with comments, findings and
 * two evidence documents) through GET /api/checklist/export, on an embedded database.
 *
 *   npm run bench:checklist-export
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CURRENT_CATALOGUE } from '../src/shared/checklist/catalogue';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { documents } from '../src/server/db/schema';
import { readImportFile } from '../src/server/features/checklist/import-file';
import { importChecklist } from '../src/server/features/checklist/import-service';
import { linkEvidence } from '../src/server/features/checklist/service';
import { benchOrganization } from './organization';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EMAIL = 'bench-admin@example.test';
const PASSWORD = 'a long bench passphrase';
const COMMENT =
  'Sampled twelve records against the requirement; procedures in the training manual (rev. 14) ' +
  'match practice observed on site. Interviewed the chief instructor and two evaluators. ';

const handle = await openDatabase({ kind: 'pglite' });
await handle.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-bench-')),
  CLIENT_DIR: join(tmpdir(), 'centerline-no-client'),
});
const app = await buildApp({ db: handle.db, config, logger: false });

const actor = await benchOrganization(handle.db, {
  name: 'Bench Training Center',
  email: EMAIL,
  password: PASSWORD,
});

// Answer every item, then attach two documents to each.
const summary = await app.inject({ method: 'GET', url: '/api/checklist/catalogue-summary' });
const statuses = ['Compliant', 'Partial', 'Non-compliant', 'Not applicable'];
const { items } = CURRENT_CATALOGUE;
const csv = [
  'Item Number,Status,Comments,Findings',
  ...items.map(
    (item, i) =>
      `${item.number},${statuses[i % 4]},"${COMMENT.repeat(3)}","Finding ${i + 1}: ${COMMENT}"`,
  ),
].join('\n');
await importChecklist(handle.db, actor, await readImportFile(Buffer.from(csv)), { dryRun: false });
const docs = await handle.db
  .insert(documents)
  .values(
    Array.from({ length: 40 }, (_, i) => ({
      organizationId: actor.organizationId,
      originalName: `evidence-${String(i + 1).padStart(2, '0')}-training-records.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 120_000,
      blobHash: String(i).padStart(64, '0'),
      status: 'processed',
    })),
  )
  .returning();
for (const [i, item] of items.entries()) {
  for (const doc of [docs[i % 40]!, docs[(i + 7) % 40]!]) {
    await linkEvidence(handle.db, actor, item.number, doc.id);
  }
}

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: EMAIL, password: PASSWORD },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;

console.log(
  `catalogue: ${JSON.parse(summary.body).total} items; every item answered, 400 evidence links`,
);
for (const format of ['pdf', 'xlsx', 'csv'] as const) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/checklist/export?format=${format}`,
      headers: { cookie },
    });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body}`);
    bytes = res.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      format,
      runs: RUNS,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times.at(-1)!),
      bytes,
    }),
  );
}
await app.close();
await handle.close();
