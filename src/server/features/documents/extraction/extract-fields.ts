import {
  FIELD_NAMES,
  type Correction,
  type ExtractedFieldCandidate,
  type FieldName,
  type ReadResult,
} from '../reading/types';
import { labelledCandidates, type Candidate } from './candidates';
import { calibrateField, score } from './confidence';
import { withContradictionsLowered } from './consistency';
import { applyFix, learnCorrections } from './corrections';
import { findLabels, rowsOf } from './layout';
import { normaliseLabel } from './labels';
import { letterCandidates } from './letters';
import { proseCandidates } from './prose';
import { mapColumns } from './table-columns';
import { parseEventType } from './values';

export { mapTableColumns } from './table-columns';
export type { CandidateRecord, ColumnMapping, TableMapping } from './table-columns';

export interface RankedField {
  candidate: Candidate;
  /** Uncalibrated score; the benchmark fits the calibration table on it. */
  score: number;
  confidence: number;
}

function candidatesOf(read: ReadResult, learned: ReturnType<typeof learnCorrections>): Candidate[] {
  const out: Candidate[] = [];
  // A sheet of records is mapped column by column (mapTableColumns); reading its header as
  // labels would take the first record's values for the document's fields.
  const recordSheets = new Set<number>();
  for (const table of read.tables) {
    const mapping = mapColumns(table, learned.lexicon);
    if (mapping.columns.length < 2) continue;
    recordSheets.add(table.page);
    if (table.rows.length !== 1) continue;
    for (const field of mapping.records[0]!.fields) {
      const column = mapping.columns.find((c) => c.fieldName === field.fieldName)!;
      out.push({
        field: field.fieldName,
        value: field.value,
        page: table.page,
        label: field.label,
        relation: 'table',
        labelStrength: Math.min(1, column.confidence + 0.05),
        genericLabel: false,
        validity: 1,
        ocrConfidence: 1,
        distance: 0,
      });
    }
  }
  for (const page of read.pages) {
    if (page.source === 'table' && recordSheets.has(page.page)) continue;
    const rows = rowsOf(page);
    const hits = findLabels(rows, learned.lexicon);
    const prose = proseCandidates(rows);
    out.push(...besideMemoHeader(labelledCandidates(rows, hits, learned.lexicon), rows, prose));
    out.push(...prose);
    out.push(...letterCandidates(rows));
  }
  // Course titles usually say what kind of event they are ("King Air 350 Recurrent").
  for (const course of out.filter((c) => c.field === 'courseName')) {
    const event = parseEventType(course.value);
    if (event)
      out.push({
        ...course,
        field: 'eventType',
        value: event.value,
        relation: 'derived',
        validity: event.validity,
      });
  }
  return out;
}

const MEMO_ADDRESS = /^\s*(?:to|from)\s*:/i;
const MEMO_SUBJECT = /^\s*(?:subject|re)\s*:/i;

/**
 * A memorandum's "DATE:" beside TO, FROM and SUBJECT is the day it was written. When its text
 * says when the training was done ("Training was completed on …"), that date is the event's.
 */
function besideMemoHeader(
  labelled: Candidate[],
  rows: ReturnType<typeof rowsOf>,
  prose: Candidate[],
): Candidate[] {
  const texts = rows.map((r) => r.spans.map((s) => s.text).join(' '));
  const memo = texts.some((t) => MEMO_ADDRESS.test(t)) && texts.some((t) => MEMO_SUBJECT.test(t));
  if (!memo || !prose.some((c) => c.field === 'trainingDate')) return labelled;
  return labelled.filter(
    (c) => !(c.field === 'trainingDate' && c.label && normaliseLabel(c.label) === 'date'),
  );
}

/** Every field's best candidate with its score, for the extractor and its benchmark. */
export function rankFields(read: ReadResult, corrections: Correction[] = []): RankedField[] {
  const learned = learnCorrections(corrections);
  const byField = new Map<FieldName, Candidate[]>();
  for (const c of candidatesOf(read, learned)) {
    byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
  }
  const ranked: RankedField[] = [];
  for (const field of FIELD_NAMES) {
    const group = byField.get(field);
    if (!group) continue;
    const scored = group.map((c) => ({ c, s: score(c, group) }));
    scored.sort((a, b) => b.s - a.s || a.c.page - b.c.page);
    const best = scored[0]!;
    const fixed = applyFix(learned, field, best.c.value);
    const candidate = fixed ? { ...best.c, value: fixed } : best.c;
    ranked.push({ candidate, score: best.s, confidence: calibrateField(best.s, field) });
  }
  return withContradictionsLowered(ranked);
}

/**
 * Fields of a read document, each with a calibrated confidence and the page it came from.
 * `corrections` are the organization's earlier validations (see learnCorrections).
 */
export function extractFields(
  read: ReadResult,
  corrections: Correction[],
): ExtractedFieldCandidate[] {
  return rankFields(read, corrections).map(({ candidate, confidence }) => ({
    fieldName: candidate.field,
    value: candidate.value,
    confidence: Math.round(confidence * 1000) / 1000,
    page: candidate.page,
    ...(candidate.box ? { box: candidate.box } : {}),
    ...(candidate.label ? { label: candidate.label } : {}),
  }));
}
