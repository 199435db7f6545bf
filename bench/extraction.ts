/**
 * Extraction benchmark: accuracy per field and category, calibration, pages per minute, peak
 * memory, and OCR throughput against native tesseract. By default it starts the server
 * (src/server/main.ts on a throwaway embedded database) and uploads every fixture through the API:
 * documents are scored on GET /api/documents/:id/extracted-data, spreadsheets on the candidate
 * records of POST /api/documents/:id/records/preview. Peak memory is the server process's.
 *   npm run bench:extraction                 the benchmark set (seed 1), through the API
 *   npm run bench:extraction -- --in-process the readers and extractor called directly
 *   npm run bench:extraction -- --upload-memory   only the 10 MB upload's memory
 *   npm run bench:extraction -- --seeds 4    held-out harsh set: calibration across the range
 *   npm run bench:extraction -- --fit        fit the calibration table on seeds 2 and 3 (harsh;
 *                                            in-process, since fitting needs the raw scores) and
 *                                            on the tune families of the hard set
 *   npm run bench:extraction -- --hard-only  only the hard set (bench/fixtures/hard), in-process:
 *                                            accuracy by defect class for tune and held-out
 *                                            families, calibration bands, documents sent to review
 *   --hard 11,12                             the hard set's seeds (default 11,12)
 *   BENCH_API_URL=…                          an already running server (BENCH_EMAIL, BENCH_PASSWORD)
 *   BENCH_PARALLELISM=2                      OCR workers (default: CPU count)
 *   BENCH_VERBOSE=1                          list every wrong field
 *   BENCH_SAVE=file.json                     (hard set) write every judged field with its score
 *   BENCH_READ_CACHE=dir                     keep each document's reading: an extractor change
 *                                            is measured again in seconds (empty it when the
 *                                            readers change)
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rankFields } from '../src/server/features/documents/extraction/extract-fields';
import { mapTableColumns } from '../src/server/features/documents/extraction/table-columns';
import { createOcrPool } from '../src/server/features/documents/reading/ocr-pool';
import { kindOfField } from '../src/server/features/documents/extraction/confidence';
import { readDocument } from '../src/server/features/documents/reading/read-document';
import { imageForOcr } from '../src/server/features/documents/reading/read-image';
import type { OcrPool, ReadResult } from '../src/server/features/documents/reading/types';
import { MAX_UPLOAD_BYTES } from '../src/shared/constants/uploads';
import { ApiClient, type PreviewRow, type ServerProcess } from './extraction/api';
import { compareOcr, nativeTesseractVersion } from './extraction/ocr-compare';
import {
  accuracyTable,
  calibrationTable,
  fitCalibration,
  judge,
  type Judged,
} from './extraction/score';
import type { Truth } from './fixtures/data';
import { generate, type GroundTruth } from './fixtures/generate';
import { startServer } from './extraction/server';
import {
  bandTable,
  hardAccuracyTable,
  hardFieldTable,
  cachedRead,
  reviewTable,
  runHard,
} from './extraction/hard';

const { values } = parseArgs({
  options: {
    fit: { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
    'upload-memory': { type: 'boolean', default: false },
    'no-ocr-compare': { type: 'boolean', default: false },
    seeds: { type: 'string' },
    hard: { type: 'string' },
    'hard-only': { type: 'boolean', default: false },
  },
});
const fit = values.fit!;
// The benchmark set is seed 1; the calibration table is fitted on seed 2 and the harsher seed 3.
const seeds = (values.seeds ?? (fit ? '2,3' : '1')).split(',').map(Number);
// Seed 4 is as harsh as seed 3 but never used for fitting: the held-out check of calibration.
const HARSH_SEEDS = new Set([3, 4]);
const dirOf = (seed: number) =>
  seed === 1 ? 'bench/fixtures/generated' : `bench/fixtures/calibration-${seed}`;
const parallelism = Number(process.env.BENCH_PARALLELISM ?? availableParallelism());
const inProcess = fit || values['in-process']!;
const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'a long bench passphrase' };

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const baselineRss = process.memoryUsage().rss;

type Fixture = GroundTruth & { path: string };

async function fixtures(): Promise<Fixture[]> {
  const all: Fixture[] = [];
  for (const seed of seeds) {
    const dir = dirOf(seed);
    const manifest = join(dir, 'manifest.json');
    if (!existsSync(manifest)) {
      console.log(`Generating fixtures (seed ${seed}) into ${dir} …`);
      await generate(seed, dir, { harsh: HARSH_SEEDS.has(seed) });
    }
    const docs = JSON.parse(await readFile(manifest, 'utf8')) as GroundTruth[];
    const prefix = seeds.length > 1 ? `${seed}/` : '';
    all.push(...docs.map((d) => ({ ...d, file: prefix + d.file, path: join(dir, d.file) })));
  }
  return all;
}

function judgeRead(doc: Fixture, read: ReadResult): Judged[] {
  if (doc.records) {
    const mapping = read.tables[0] ? mapTableColumns(read.tables[0]) : undefined;
    return doc.records.flatMap((truth, i) =>
      judge(
        doc.category,
        `${doc.file}#${i + 1}`,
        truth,
        (mapping?.records[i]?.fields ?? []).map((f) => ({
          field: f.fieldName,
          value: f.value,
          confidence: f.confidence,
        })),
      ),
    );
  }
  const ranked = rankFields(read, []);
  return judge(
    doc.category,
    doc.file,
    doc.fields ?? {},
    ranked.map((r) => ({
      field: r.candidate.field,
      value: r.candidate.value,
      confidence: r.confidence,
      score: r.score,
    })),
  );
}

async function inParallel<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function runInProcess(docs: Fixture[], pool: OcrPool, judged: Judged[], failures: string[]) {
  let pages = 0;
  let ocrPages = 0;
  await inParallel(docs, parallelism, async (doc) => {
    try {
      const read = await cachedRead(doc, () => readDocument(doc.path, doc.kind, { ocr: pool }));
      pages += read.pages.length;
      ocrPages += read.pages.filter((p) => p.source === 'ocr').length;
      judged.push(...judgeRead(doc, read));
    } catch (error) {
      failures.push(`${doc.file}: ${(error as Error).message}`);
      judged.push(...judge(doc.category, doc.file, doc.fields ?? {}, []));
    }
  });
  return { pages, ocrPages };
}

/** A preview row in the extractor's field names: what the import would save for each field. */
function recordFields(row: PreviewRow) {
  const pairs: [keyof Truth, string | null | undefined][] = [
    ['studentName', row.studentName],
    ['licenseNumber', row.licenseNumber],
    ['courseName', row.course],
    ['eventType', row.eventType],
    ['trainingDate', row.eventDate],
    // The fixtures' truth names whoever signed the event; the import keeps evaluators apart.
    ['instructorName', row.instructor ?? row.evaluator],
  ];
  return pairs.flatMap(([field, value]) =>
    value ? [{ field: field as Judged['field'], value, confidence: undefined }] : [],
  );
}
const RECORD_FIELDS = new Set<string>([
  'studentName',
  'licenseNumber',
  'courseName',
  'eventType',
  'trainingDate',
  'instructorName',
]);

async function runThroughApi(
  url: string,
  admin: { email: string; password: string },
  docs: Fixture[],
  judged: Judged[],
  failures: string[],
) {
  const client = new ApiClient(url);
  await client.signIn(admin.email, admin.password);
  let pages = 0;
  let ocrPages = 0;
  await inParallel(docs, parallelism, async (doc) => {
    const result = await client.process(doc.path);
    pages += result.pages?.length ?? 0;
    ocrPages += result.pages?.filter((p) => p.source === 'ocr').length ?? 0;
    if (result.status !== 'processed')
      failures.push(`${doc.file}: ${result.status} ${result.error ?? ''}`);
    if (!doc.records) {
      judged.push(...judge(doc.category, doc.file, doc.fields ?? {}, result.fields));
      return;
    }
    const preview = await client.previewRecords(result.id);
    if (preview.error) failures.push(`${doc.file}: records preview: ${preview.error}`);
    doc.records.forEach((truth, i) => {
      const shown = Object.fromEntries(
        Object.entries(truth).filter(([field]) => RECORD_FIELDS.has(field)),
      );
      const row = preview.rows[i];
      judged.push(
        ...judge(doc.category, `${doc.file}#${i + 1}`, shown, row ? recordFields(row) : []),
      );
    });
  });
  return { pages, ocrPages };
}

/**
 * What one upload of the largest accepted file adds to the server's peak memory: a server that
 * only serves requests (ROLE=web, so no processing starts), its resident memory just before the
 * upload against the highest value sampled every 10 ms while the 10 MB are streamed to the blob
 * store. (VmHWM would not show it: the embedded database's start-up peak is higher.)
 */
async function uploadMemory() {
  const server = await startServer(BENCH_ADMIN, 1, 'web');
  try {
    const client = new ApiClient(server.url);
    await client.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const row = 'Jordan Avery Pilot,3456789,CE-525 Initial,2025-03-14,Morgan Lee\n';
    const header = 'Student Name,Certificate Number,Course,Training Date,Instructor\n';
    const rows = Math.floor((MAX_UPLOAD_BYTES - header.length) / row.length);
    const bytes = new TextEncoder().encode(header + row.repeat(rows));
    await new Promise((r) => setTimeout(r, 1000));
    const before = await server.rss();
    let after = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        after = Math.max(after, await server.rss());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const status = await client.uploadOnly('ten-megabytes.csv', bytes);
    await new Promise((r) => setTimeout(r, 200));
    sampling = false;
    await sampler;
    console.log(
      `\nUpload of ${(bytes.length / 2 ** 20).toFixed(2)} MB (answer ${status}): the server's resident memory went from ${(before / 2 ** 20).toFixed(0)} MB to ${(after / 2 ** 20).toFixed(0)} MB (+${((after - before) / 2 ** 20).toFixed(1)} MB; target under 64 MB)`,
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  const docs = await fixtures();
  const external = process.env.BENCH_API_URL;
  const server: (ServerProcess & { startRss: number }) | undefined =
    inProcess || external ? undefined : await startServer(BENCH_ADMIN, parallelism);
  const judged: Judged[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let counted: { pages: number; ocrPages: number };
  if (inProcess) {
    const pool = createOcrPool({ size: parallelism });
    counted = await runInProcess(docs, pool, judged, failures);
    await pool.close();
  } else {
    const url = external ?? server!.url;
    const admin = external
      ? { email: process.env.BENCH_EMAIL ?? '', password: process.env.BENCH_PASSWORD ?? '' }
      : BENCH_ADMIN;
    counted = await runThroughApi(url, admin, docs, judged, failures);
  }
  const { pages, ocrPages } = counted;
  const seconds = (performance.now() - started) / 1000;
  const serverPeak = server ? await server.peakRss() : 0;
  await server?.stop();
  const where = inProcess
    ? 'in-process'
    : `through the API (${external ?? 'src/server/main.ts, embedded database'})`;
  console.log(
    `\n${docs.length} documents (seed ${seeds.join(', ')}), ${where}, ${parallelism} OCR workers`,
  );
  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}\n`,
  );
  console.log(
    'Field-level exact-match accuracy (documents that show the field; count in brackets)',
  );
  console.log(accuracyTable(judged));
  console.log('\nCalibration (every reported field)');
  console.log(calibrationTable(judged));
  console.log(
    `\nThroughput: ${pages} pages (${ocrPages} by OCR) in ${seconds.toFixed(1)} s = ${((pages * 60) / seconds).toFixed(1)} pages/min`,
  );
  if (server) {
    console.log(
      `Peak memory of the server (VmHWM, OCR worker threads included): ${(serverPeak / 2 ** 20).toFixed(0)} MB, ${((serverPeak - server.startRss) / 2 ** 20).toFixed(0)} MB above its RSS when it was ready`,
    );
  } else if (inProcess) {
    console.log(
      `Peak memory (RSS of this process, OCR worker threads included): ${(peakRss / 2 ** 20).toFixed(0)} MB, ${((peakRss - baselineRss) / 2 ** 20).toFixed(0)} MB above its start`,
    );
  }
  if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
  if (process.env.BENCH_VERBOSE) {
    for (const w of judged.filter((j) => j.actual !== j.expected)) {
      console.log(
        `  ✗ ${w.file} ${w.field}: expected ${JSON.stringify(w.expected)} got ${JSON.stringify(w.actual)} (${w.confidence?.toFixed(2)})`,
      );
    }
  }
  if (!inProcess && !external) await uploadMemory();
  if (!values['no-ocr-compare'] && !fit) {
    const pool = createOcrPool({ size: parallelism });
    await ocrComparison(docs, pool);
    await pool.close();
  }
  return judged;
}

/**
 * The calibration tables, shared and per field kind, fitted on the base set's fitting seeds and
 * the hard set's tune families only: the held-out families never reach a fit.
 */
function printFit(judged: Judged[]) {
  console.log(`\nFitted on ${judged.filter((j) => j.score !== undefined).length} reported fields.`);
  console.log('CALIBRATION (paste into extraction/confidence.ts):');
  console.log(JSON.stringify(fitCalibration(judged)));
  const byKind: Record<string, [number, number][]> = {};
  for (const kind of ['person', 'date', 'code', 'text'] as const) {
    byKind[kind] = fitCalibration(judged.filter((j) => kindOfField(j.field) === kind));
  }
  console.log('CALIBRATION_BY_KIND:');
  console.log(JSON.stringify(byKind));
}

/** The hard set, in-process: the held-out families' figures are the ones to quote. */
async function hardReport() {
  const hardSeeds = (values.hard ?? '11,12').split(',').map(Number);
  const pool = createOcrPool({ size: parallelism });
  const started = performance.now();
  const results = await runHard(hardSeeds, pool, parallelism);
  await pool.close();
  const seconds = (performance.now() - started) / 1000;
  const judged = results.flatMap((r) => r.judged);
  if (process.env.BENCH_SAVE) {
    // Every judged field with its raw score: calibration tables can be compared offline.
    await writeFile(process.env.BENCH_SAVE, JSON.stringify(judged));
  }
  console.log(
    `\nHard set: ${results.length} documents (seeds ${hardSeeds.join(', ')}), ${seconds.toFixed(0)} s in-process`,
  );
  console.log(
    'Exact-match accuracy by defect class (fields the documents show; count in brackets)',
  );
  console.log(hardAccuracyTable(results));
  console.log('\nHeld-out families, by field');
  console.log(hardFieldTable(results, 'heldout'));
  for (const split of ['heldout', 'tune'] as const) {
    console.log(`\nCalibration, ${split} families`);
    console.log(bandTable(judged.filter((j) => j.split === split)));
    console.log(reviewTable(results, split));
  }
  if (process.env.BENCH_VERBOSE) {
    for (const w of judged.filter((j) => j.actual !== j.expected)) {
      console.log(
        `  ✗ [${w.split} ${w.defect} ${w.family}] ${w.file} ${w.field}: expected ${JSON.stringify(w.expected)} got ${JSON.stringify(w.actual)} (${w.confidence?.toFixed(2)})`,
      );
    }
  }
  return judged;
}

async function ocrComparison(docs: Fixture[], pool: OcrPool) {
  const work = join(tmpdir(), 'centerline-bench-ocr');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const images: string[] = [];
  for (const doc of docs.filter((d) => d.kind === 'image')) {
    const path = join(work, `${images.length}.png`);
    await writeFile(path, await imageForOcr({ kind: 'encoded', source: doc.path }, 50_000_000));
    images.push(path);
  }
  const version = (await nativeTesseractVersion()) ?? 'native tesseract not installed';
  console.log(
    `\nOCR throughput on the same ${images.length} prepared page images (${version}), median of 3 interleaved rounds:`,
  );
  const results = await compareOcr(images, pool, work);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(64)} ${r.seconds.toFixed(1).padStart(6)} s ${r.pagesPerMinute.toFixed(1).padStart(6)} pages/min`,
    );
  }
  if (results[1])
    console.log(
      `  tesseract.js ÷ native, same model: ${(results[0]!.pagesPerMinute / results[1].pagesPerMinute).toFixed(2)}×`,
    );
  if (results[2])
    console.log(
      `  tesseract.js ÷ native, Debian's model: ${(results[0]!.pagesPerMinute / results[2].pagesPerMinute).toFixed(2)}×`,
    );
  await rm(work, { recursive: true, force: true });
}

async function run() {
  if (values['upload-memory']) return uploadMemory();
  if (values['hard-only']) {
    await hardReport();
    return;
  }
  const base = await main();
  const hard = await hardReport();
  if (fit) printFit([...base, ...hard.filter((j) => j.split === 'tune')]);
}

await run().finally(() => clearInterval(sampler));
