/**
 * A Detailed report of 10,000 training records as PDF and as Excel, on an embedded database:
 * the time of each generation and the process's peak resident memory while it runs, and a check
 * that the files hold every record (pdftotext, a workbook reader).
 *
 *   npm run bench:reports            (BENCH_RECORDS=10000 by default)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { generateReport, requestReport } from '../src/server/features/compliance-reports/service';
import { insertTrainingEvents } from '../src/server/features/training-events/service';
import { benchOrganization } from './organization';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const BATCH = 1000;

const handle = await openDatabase({ kind: 'pglite' });
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

const results = [await measure('pdf'), await measure('xlsx')];
console.table(results);
await app.close();
await handle.close();
const wrong = results.filter((r) => r.rowsInFile !== r.rowsInDatabase);
if (wrong.length > 0) {
  console.error('A file does not hold every record:', wrong);
  process.exitCode = 1;
}
