/**
 * The hard set: layout families and scan defects the base fixtures never show (bench/fixtures/
 * hard, written without reading the extractor), scored by defect class and by split. Families
 * marked `heldout` are kept out of everything tuned or fitted — rules, thresholds and the
 * calibration table — so their figures are the ones that predict a customer's documents.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  extractFields,
  rankFields,
} from '../../src/server/features/documents/extraction/extract-fields';
import { readDocument } from '../../src/server/features/documents/reading/read-document';
import type { OcrPool, ReadResult } from '../../src/server/features/documents/reading/types';
import { assessReading } from '../../src/server/features/documents/review';
import { generateHard, type HardTruth } from '../fixtures/hard/generate';
import { correct, type Judged } from './score';
import { DEFAULT_REVIEW_THRESHOLD } from '@shared/api/configuration';

export type Split = HardTruth['split'];

export interface HardJudged extends Judged {
  split: Split;
  defect: HardTruth['defect'];
  family: string;
}

export interface HardDocumentResult {
  truth: HardTruth;
  needsReview: boolean;
  reasons: string[];
  judged: HardJudged[];
}

export const hardDir = (seed: number) => `bench/fixtures/hard-${seed}`;

async function hardFixtures(seed: number): Promise<(HardTruth & { path: string })[]> {
  const dir = hardDir(seed);
  if (!existsSync(join(dir, 'truth.json'))) {
    console.log(`Generating the hard set (seed ${seed}) into ${dir} …`);
    await generateHard({ seed, outDir: dir });
  }
  const truths = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as HardTruth[];
  return truths.map((t) => ({ ...t, file: `${seed}/${t.file}`, path: join(dir, t.file) }));
}

/** Every field the truth shows or the extractor reported, right or wrong (absent fields too). */
function judgeHard(truth: HardTruth, read: ReadResult | null): HardJudged[] {
  const ranked = read ? rankFields(read, []) : [];
  const fields = new Set([...Object.keys(truth.fields), ...ranked.map((r) => r.candidate.field)]);
  return [...fields].map((field) => {
    const got = ranked.find((r) => r.candidate.field === field);
    return {
      category: truth.defect as Judged['category'],
      file: truth.file,
      field: field as Judged['field'],
      expected: truth.fields[field as keyof HardTruth['fields']],
      actual: got?.candidate.value,
      confidence: got?.confidence,
      score: got?.score,
      split: truth.split,
      defect: truth.defect,
      family: truth.family,
    };
  });
}

/**
 * BENCH_READ_CACHE=dir keeps each document's reading (the OCR's words and boxes) so that a change
 * to the extractor or its confidence can be measured again in seconds. Only for the extractor:
 * a change to the readers needs the cache emptied.
 */
export async function cachedRead(
  doc: { path: string },
  read: () => Promise<ReadResult>,
): Promise<ReadResult> {
  const dir = process.env.BENCH_READ_CACHE;
  if (!dir) return read();
  const path = join(dir, `${doc.path.replace(/[^\w.-]+/g, '_')}.json`);
  if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as ReadResult;
  const result = await read();
  await mkdir(dir, { recursive: true });
  await writeFile(path, JSON.stringify(result));
  return result;
}

export async function runHard(
  seeds: number[],
  pool: OcrPool,
  parallelism: number,
): Promise<HardDocumentResult[]> {
  const docs = (await Promise.all(seeds.map(hardFixtures))).flat();
  const results: HardDocumentResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      while (next < docs.length) {
        const doc = docs[next++]!;
        let read: ReadResult | null = null;
        try {
          read = await cachedRead(doc, () => readDocument(doc.path, doc.kind, { ocr: pool }));
        } catch (error) {
          console.log(`  ${doc.file}: ${(error as Error).message}`);
        }
        const assessment = read
          ? assessReading(doc.file, read, extractFields(read, []), {
              reviewThreshold: DEFAULT_REVIEW_THRESHOLD,
            })
          : { reasons: ['unreadable'] };
        results.push({
          truth: doc,
          needsReview: assessment.reasons.length > 0,
          reasons: assessment.reasons,
          judged: judgeHard(doc, read),
        });
      }
    }),
  );
  return results;
}

const pct = (n: number, d: number) =>
  d === 0 ? '    – ' : `${((100 * n) / d).toFixed(1)}%`.padStart(6);

/** Exact-match accuracy over the fields the documents show, by defect class and split. */
export function hardAccuracyTable(results: HardDocumentResult[]): string {
  const judged = results.flatMap((r) => r.judged);
  const shown = judged.filter((j) => j.expected !== undefined);
  const defects = [...new Set(results.map((r) => r.truth.defect))];
  const splits: Split[] = ['tune', 'heldout'];
  const cell = (rows: HardJudged[]) =>
    `${pct(rows.filter(correct).length, rows.length)} (${rows.length})`.padStart(15);
  const lines = [`${'class'.padEnd(14)}${splits.map((s) => s.padStart(15)).join('')}`];
  for (const defect of defects) {
    lines.push(
      `${defect.padEnd(14)}${splits.map((s) => cell(shown.filter((j) => j.defect === defect && j.split === s))).join('')}`,
    );
  }
  lines.push(
    `${'all'.padEnd(14)}${splits.map((s) => cell(shown.filter((j) => j.split === s))).join('')}`,
  );
  for (const split of splits) {
    const spurious = judged.filter(
      (j) => j.split === split && j.expected === undefined && j.actual !== undefined,
    );
    const confident = spurious.filter((j) => (j.confidence ?? 0) >= 0.85);
    lines.push(
      `${split}: ${spurious.length} fields reported that the document does not show (${confident.length} at ≥ 0.85)`,
    );
  }
  return lines.join('\n');
}

/** Accuracy of each field over the held-out families. */
export function hardFieldTable(results: HardDocumentResult[], split: Split): string {
  const shown = results
    .flatMap((r) => r.judged)
    .filter((j) => j.split === split && j.expected !== undefined);
  const fields = [...new Set(shown.map((j) => j.field))];
  return fields
    .map((field) => {
      const rows = shown.filter((j) => j.field === field);
      return `  ${field.padEnd(16)}${pct(rows.filter(correct).length, rows.length)} (${rows.length})`;
    })
    .join('\n');
}

/**
 * Calibration of the reported confidence in 0.05-wide bands from 0.8 up, with the expected
 * calibration error over every band (weighted by the fields in it).
 */
export function bandTable(judged: Judged[]): string {
  const reported = judged.filter((j) => j.confidence !== undefined);
  const lines = ['band          fields   mean conf   accuracy   gap'];
  const bands: [number, number][] = [[0, 0.8]];
  for (let lo = 0.8; lo < 0.999; lo += 0.05) bands.push([lo, Math.min(1.0001, lo + 0.05)]);
  bands[bands.length - 1]![1] = 1.0001;
  let ece = 0;
  for (const [lo, hi] of bands) {
    const rows = reported.filter((j) => j.confidence! >= lo && j.confidence! < hi);
    if (rows.length === 0) continue;
    const mean = rows.reduce((s, j) => s + j.confidence!, 0) / rows.length;
    const accuracy = rows.filter(correct).length / rows.length;
    ece += (rows.length / reported.length) * Math.abs(mean - accuracy);
    lines.push(
      `${lo.toFixed(2)}–${Math.min(1, hi).toFixed(2)}   ${String(rows.length).padStart(6)}   ${mean.toFixed(3).padStart(9)}   ${pct(rows.filter(correct).length, rows.length).padStart(8)}   ${((accuracy - mean) * 100).toFixed(1).padStart(5)}`,
    );
  }
  lines.push(
    `expected calibration error ${ece.toFixed(3)} over ${reported.length} reported fields`,
  );
  return lines.join('\n');
}

/** Documents that went to a person, and the wrong answers given with confidence nobody would see. */
export function reviewTable(results: HardDocumentResult[], split: Split): string {
  const docs = results.filter((r) => r.truth.split === split);
  const reviewed = docs.filter((r) => r.needsReview);
  const silentWrong = docs
    .filter((r) => !r.needsReview)
    .flatMap((r) => r.judged)
    .filter((j) => j.actual !== undefined && !correct(j) && (j.confidence ?? 0) >= 0.85);
  return [
    `  ${reviewed.length} of ${docs.length} documents in needs review`,
    `  ${silentWrong.length} wrong values at ≥ 0.85 confidence on documents not sent to review`,
  ].join('\n');
}
