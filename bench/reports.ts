/**
 * A Detailed report of 10,000 training records as PDF and as Excel, on an embedded database:
 * the time of each generation and the process's peak resident memory while it runs, and a check
 * that the files hold every record (pdftotext, a workbook reader). Then the proof archive of the
 * same records, checked by the verifier it carries (rowsInFile -1 when that fails).
 *
 *   npm run bench:reports            (BENCH_RECORDS=10000 by default)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:reports
 *                                    (on PostgreSQL: a fresh database beside that one, dropped after)
 *   BENCH_FORMATS=pdf BENCH_RECORDS=80000 npm run bench:reports   (one format per process)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { unzipSync } from 'fflate';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { proofArchive } from '../src/server/features/compliance-reports/proof-archive';
import { generateReport, requestReport } from '../src/server/features/compliance-reports/service';
import { insertTrainingEvents } from '../src/server/features/training-events/service';
import { benchOrganization } from './organization';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const BATCH = 1000;

const serverUrl = process.env.BENCH_DATABASE_URL;
const benchDatabase = `centerline_bench_${Date.now()}`;
/** On PostgreSQL, a database of the benchmark's own beside the one named, so nothing else is touched. */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let handle: Awaited<ReturnType<typeof openDatabase>>;
if (serverUrl) {
  await onServer(`create database ${benchDatabase}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  handle = await openDatabase({ kind: 'postgres', url: url.toString() });
} else {
  handle = await openDatabase({ kind: 'pglite' });
}
await handle.migrate();
const dir = mkdtempSync(join(tmpdir(), 'centerline-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  CLIENT_DIR: join(tmpdir(), 'centerline-no-client'),
});
const app = await buildApp({ db: handle.db, config, logger: false });
const { blobs, jobs, jobDefinitions, ledgerSigning } = app.services;
const actor = await benchOrganization(handle.db, {
  name: 'Bench Training Center',
  email: 'bench-admin@example.test',
  password: 'a long bench passphrase',
});

const start = Date.parse('2026-01-01');
const insertBegan = performance.now();
for (let done = 0; done < RECORDS; done += BATCH) {
  const inputs = Array.from({ length: Math.min(BATCH, RECORDS - done) }, (_, j) => {
    const i = done + j;
    return {
      studentName: `Trainee ${String(i).padStart(5, '0')}`,
      licenseNumber: `CPL-${100000 + i}`,
      course: ['CE-525 Initial Type Rating', 'B737 Recurrent', 'CRJ-200 Upgrade'][i % 3]!,
      eventType: i % 4 === 0 ? 'Proficiency check' : 'Simulator lesson',
      eventDate: new Date(start + (i % 300) * 86_400_000).toISOString().slice(0, 10),
      status: 'completed' as const,
      result: i % 17 === 0 ? 'Unsatisfactory' : 'Satisfactory',
      instructor: `Instructor ${i % 40}`,
      evaluator: i % 9 === 0 ? null : `Evaluator ${i % 12}`,
      remarks: null,
      sourceDocumentId: null,
    };
  });
  await handle.db.transaction((tx) => insertTrainingEvents(tx, actor, inputs));
}

console.log(
  `${RECORDS} records inserted on ${serverUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - insertBegan) / 1000).toFixed(0)} s`,
);

async function measure(format: 'pdf' | 'xlsx') {
  const report = await requestReport(
    handle.db,
    actor,
    {
      type: 'detailed',
      format,
      from: '2026-01-01',
      to: '2026-12-31',
      scope: { kind: 'organization' },
    },
    { jobs, job: jobDefinitions.reportGeneration },
  );
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  await generateReport(
    { db: handle.db, blobs, signing: ledgerSigning },
    { reportId: report.id, actor: { ...actor } },
  );
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const [row] = await handle.db.query.reports.findMany({
    where: (r, { eq }) => eq(r.id, report.id),
  });
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    void blobs.openRead(row!.sha256!).then((stream) => {
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
  let rows: number;
  if (format === 'pdf') {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], {
      maxBuffer: 1 << 30,
    }).toString();
    rows = text.split('\n').filter((line) => /Trainee \d{5}/.test(line)).length;
  } else {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    rows = book.getWorksheet('Records')!.actualRowCount - 1;
  }
  return {
    format,
    seconds: Number(seconds.toFixed(1)),
    peakRssMb: Math.round(peak / 2 ** 20),
    aboveStartMb: Math.round((peak - base) / 2 ** 20),
    sizeMb: Number((bytes.length / 2 ** 20).toFixed(1)),
    rowsInFile: rows,
    rowsInDatabase: RECORDS,
  };
}

/** The proof archive of the whole year: every record's bundle, written as the reader takes it. */
async function measureArchive() {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  const archive = await proofArchive(handle.db, ledgerSigning, actor, {
    from: '2026-01-01',
    to: '2026-12-31',
    scope: { kind: 'organization' },
  });
  const file = join(dir, 'archive.zip');
  await pipeline(archive.stream, createWriteStream(file));
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  // Unpacked and checked by its own verifier, pinned to the organization's key.
  const folder = join(dir, 'archive');
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(file)))) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), bytes);
  }
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  const verified = spawnSync(
    process.execPath,
    ['verify-archive.mjs', '--public-key', manifest.publicKey.publicKeyHex],
    { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  return {
    format: 'proof archive',
    seconds: Number(seconds.toFixed(1)),
    peakRssMb: Math.round(peak / 2 ** 20),
    aboveStartMb: Math.round((peak - base) / 2 ** 20),
    sizeMb: Number((statSync(file).size / 2 ** 20).toFixed(1)),
    rowsInFile: verified.status === 0 ? manifest.records.length : -1,
    rowsInDatabase: RECORDS,
  };
}

// BENCH_FORMATS=pdf (or xlsx, archive) measures one format per process, so one's memory does not
// colour the next's; the archive holds at most 65,000 records and is left out above that.
const formats = (process.env.BENCH_FORMATS ?? 'pdf,xlsx,archive').split(',');
const results = [];
if (formats.includes('pdf')) results.push(await measure('pdf'));
if (formats.includes('xlsx')) results.push(await measure('xlsx'));
if (formats.includes('archive') && RECORDS <= 65_000) results.push(await measureArchive());
console.table(results);
await app.close();
await handle.close();
if (serverUrl) await onServer(`drop database ${benchDatabase}`);
const wrong = results.filter((r) => r.rowsInFile !== r.rowsInDatabase);
if (wrong.length > 0) {
  console.error('A file does not hold every record:', wrong);
  process.exitCode = 1;
}
