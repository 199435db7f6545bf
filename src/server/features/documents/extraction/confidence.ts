import type { FieldName } from '../reading/types';
import type { Candidate, Relation } from './candidates';

/**
 * Confidence in two steps. First a score from what we can see: how the value is tied to its label,
 * how exactly the label matched, how well the value fits its format, how sure OCR was of the
 * words, and whether the document offers a different value for the same field. Then the score is
 * calibrated: CALIBRATION maps it to the share of fields at that score that were right.
 */
const RELATION_PRIOR: Record<Relation, number> = {
  inline: 3.2,
  right: 3.0,
  table: 2.8,
  below: 2.4,
  prose: 2.2,
  'inline-nosep': 1.8,
  derived: 1.4,
  above: 1.0,
};

export function score(c: Candidate, rivals: Candidate[]): number {
  let s = RELATION_PRIOR[c.relation];
  s += (c.labelStrength - 1) * 8;
  s += Math.log(Math.max(0.01, c.validity)) * 2.5;
  s += Math.min(0, c.ocrConfidence - 0.92) * 8;
  if (c.genericLabel) s -= 0.4;
  if (c.distance > 1) s -= 0.6 * (c.distance - 1);
  if (c.page > 1) s -= 0.2;
  if (c.field === 'courseName' || c.field === 'address') s -= 0.3;
  // A value we had to correct was misread at least once; other words may be misread too.
  s -= 0.5 * (c.corrected ?? 0);
  // Another reading of the same field that nearly as strong and different: one of them is wrong.
  const disagreeing = rivals.filter((r) => r !== c && r.value !== c.value);
  if (disagreeing.length > 0) s -= 0.8;
  const agreeing = rivals.filter((r) => r !== c && r.value === c.value);
  if (agreeing.length > 0) s += 0.4;
  return s;
}

/** Fields whose readings go wrong in the same ways share a calibration table. */
export type FieldKind = 'person' | 'date' | 'code' | 'text';

export function kindOfField(field: FieldName): FieldKind {
  switch (field) {
    case 'studentName':
    case 'instructorName':
      return 'person';
    case 'trainingDate':
    case 'dateOfBirth':
      return 'date';
    case 'licenseNumber':
    case 'certificateType':
    case 'eventType':
    case 'result':
      return 'code';
    case 'courseName':
    case 'address':
      return 'text';
  }
}

export type CalibrationTable = [score: number, probability: number][];

/**
 * Score → probability of being right, piecewise linear between the points.
 * Fitted with `npm run bench:extraction -- --fit --hard 11,12` on 1,504 reported fields of 120
 * generated documents that are not the benchmark set (seed 2, the benchmark's mix, and seed 3,
 * harsher: 110–130 DPI scans, dim and blurred photos) and on the tune families of the hard set
 * (seeds 11 and 12): the hard set's held-out families never reach a fit. Isotonic regression
 * (pool adjacent violators) of right/wrong on the score, each block shrunk by one pseudo-count
 * each way, thinned to at most 10 knots. Refit whenever score() or the readers change.
 */
export const CALIBRATION: CalibrationTable = [
  [-8.16, 0.333],
  [-5.49, 0.5],
  [-3.22, 0.565],
  [-2.19, 0.571],
  [-1.84, 0.6],
  [-0.4, 0.674],
  [0.34, 0.674],
  [1.09, 0.946],
  [2.63, 0.96],
  [3.48, 0.979],
];

/**
 * Per field kind: a table here replaces the shared one for that kind. Tables per kind were fitted
 * the same way on the same material and chosen against on that material (expected calibration
 * error 0.034 against the shared table's 0.014 on the fields they were fitted on: each kind's
 * blocks are small, so their pseudo-counts pull harder), so none is used until there is more to
 * fit on. `npm run bench:extraction -- --fit` prints them.
 */
export const CALIBRATION_BY_KIND: Partial<Record<FieldKind, CalibrationTable>> = {};

/** The probability that a reading with score `s` of a field of this kind is right. */
export function calibrateField(s: number, field: FieldName): number {
  return calibrate(s, CALIBRATION_BY_KIND[kindOfField(field)] ?? CALIBRATION);
}

export function calibrate(s: number, table: CalibrationTable = CALIBRATION): number {
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (s <= first[0]) return first[1];
  if (s >= last[0]) return last[1];
  for (let i = 1; i < table.length; i++) {
    const [x1, y1] = table[i]!;
    const [x0, y0] = table[i - 1]!;
    if (s <= x1) return y0 + ((y1 - y0) * (s - x0)) / (x1 - x0);
  }
  return last[1];
}
