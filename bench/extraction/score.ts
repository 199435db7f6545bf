/** Scoring for the extraction benchmark: exact match per field, calibration by confidence decile. */
import { FIELD_NAMES, type FieldName } from '../../src/server/features/documents/reading/types';
import type { Category } from '../fixtures/generate';

export interface Judged {
  category: Category;
  file: string;
  field: FieldName;
  expected?: string;
  actual?: string;
  confidence?: number;
  /** Uncalibrated score, when the extractor ran in-process (for fitting the calibration). */
  score?: number;
}

export const correct = (j: Judged) => j.expected !== undefined && j.actual === j.expected;

/** Compares one document's (or spreadsheet row's) fields with its truth. */
export function judge(
  category: Category,
  file: string,
  truth: Partial<Record<FieldName, string>>,
  extracted: { field: FieldName; value: string; confidence?: number; score?: number }[],
): Judged[] {
  const out: Judged[] = [];
  for (const field of FIELD_NAMES) {
    const got = extracted.find((e) => e.field === field);
    const expected = truth[field];
    if (expected === undefined && !got) continue;
    out.push({
      category,
      file,
      field,
      expected,
      actual: got?.value,
      confidence: got?.confidence,
      score: got?.score,
    });
  }
  return out;
}

const pct = (n: number, d: number) =>
  d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`;

/** Accuracy counts only fields the document shows; a missing or wrong value is a miss. */
export function accuracyTable(judged: Judged[]): string {
  const shown = judged.filter((j) => j.expected !== undefined);
  const categories = [...new Set(shown.map((j) => j.category))];
  const lines = [
    `${'field'.padEnd(16)}${categories.map((c) => c.padStart(14)).join('')}${'all'.padStart(14)}`,
  ];
  const cell = (rows: Judged[]) =>
    `${pct(rows.filter(correct).length, rows.length)} (${rows.length})`.padStart(14);
  for (const field of FIELD_NAMES) {
    const rows = shown.filter((j) => j.field === field);
    if (rows.length === 0) continue;
    lines.push(
      `${field.padEnd(16)}${categories.map((c) => cell(rows.filter((j) => j.category === c))).join('')}${cell(rows)}`,
    );
  }
  lines.push(
    `${'overall'.padEnd(16)}${categories.map((c) => cell(shown.filter((j) => j.category === c))).join('')}${cell(shown)}`,
  );
  const spurious = judged.filter((j) => j.expected === undefined && j.actual !== undefined).length;
  lines.push(`fields extracted that the document does not show: ${spurious}`);
  return lines.join('\n');
}

/** Every field we reported, right or wrong, by confidence decile. */
export function calibrationTable(judged: Judged[]): string {
  const reported = judged.filter((j) => j.confidence !== undefined);
  const lines = ['confidence   fields   mean conf   accuracy'];
  for (let d = 0; d < 10; d++) {
    const lo = d / 10;
    const hi = (d + 1) / 10;
    const rows = reported.filter(
      (j) => j.confidence! >= lo && (j.confidence! < hi || (d === 9 && j.confidence! <= 1)),
    );
    if (rows.length === 0) continue;
    const mean = rows.reduce((s, j) => s + j.confidence!, 0) / rows.length;
    lines.push(
      `${lo.toFixed(1)}–${hi.toFixed(1)}   ${String(rows.length).padStart(6)}   ${mean.toFixed(3).padStart(9)}   ${pct(rows.filter(correct).length, rows.length)}`,
    );
  }
  const brier =
    reported.reduce((s, j) => s + (j.confidence! - (correct(j) ? 1 : 0)) ** 2, 0) /
    Math.max(1, reported.length);
  lines.push(`Brier score ${brier.toFixed(4)} over ${reported.length} reported fields`);
  return lines.join('\n');
}

/**
 * Isotonic regression (pool adjacent violators) of correctness on score, thinned to at most
 * `points` knots: the calibration table for src/server/features/documents/extraction/confidence.ts.
 */
export function fitCalibration(judged: Judged[], points = 10): [number, number][] {
  const samples = judged
    .filter((j) => j.score !== undefined)
    .map((j) => ({ x: j.score!, y: correct(j) ? 1 : 0 }))
    .sort((a, b) => a.x - b.x);
  const blocks: { x: number; sum: number; n: number }[] = [];
  for (const s of samples) {
    blocks.push({ x: s.x, sum: s.y, n: 1 });
    while (
      blocks.length > 1 &&
      blocks.at(-2)!.sum / blocks.at(-2)!.n >= blocks.at(-1)!.sum / blocks.at(-1)!.n
    ) {
      const last = blocks.pop()!;
      const prev = blocks.at(-1)!;
      prev.x = (prev.x * prev.n + last.x * last.n) / (prev.n + last.n);
      prev.sum += last.sum;
      prev.n += last.n;
    }
  }
  // Shrink each block toward 0.5 by one pseudo-observation each way: a block of 40 right answers
  // is evidence for ~0.98, not for certainty.
  const shrunk = blocks.map(
    (b) =>
      [Number(b.x.toFixed(2)), Number(((b.sum + 1) / (b.n + 2)).toFixed(3))] as [number, number],
  );
  // Shrinking blocks of different sizes can break monotony; restore it with a running maximum.
  const knots = shrunk.map(
    ([x], i) => [x, Math.max(...shrunk.slice(0, i + 1).map(([, p]) => p))] as [number, number],
  );
  if (knots.length <= points) return knots;
  const step = (knots.length - 1) / (points - 1);
  return Array.from({ length: points }, (_, i) => knots[Math.round(i * step)]!);
}
