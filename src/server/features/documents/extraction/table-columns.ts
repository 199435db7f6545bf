import {
  FIELD_NAMES,
  type Correction,
  type ExtractedFieldCandidate,
  type FieldName,
  type TableData,
} from '../reading/types';
import type { Candidate } from './candidates';
import { calibrateField, score } from './confidence';
import { learnCorrections } from './corrections';
import { lookupLabel, type Lexicon } from './layout';
import { LEXICON, normaliseLabel } from './labels';
import { parseValue } from './values';

export interface ColumnMapping {
  fieldName: FieldName;
  /** Column indexes; two for a name split into first and last name columns. */
  columns: number[];
  header: string;
  /** 0–1: how sure we are that the column holds the field. */
  confidence: number;
}

export interface CandidateRecord {
  /** Index into table.rows. */
  row: number;
  fields: ExtractedFieldCandidate[];
}

export interface TableMapping {
  table: string;
  page: number;
  columns: ColumnMapping[];
  records: CandidateRecord[];
}

const FIRST_NAME = /^(first|given)( name)?$|^(student|trainee|pilot) first name$/;
const LAST_NAME = /^(last|family|sur)( ?name)?$|^(student|trainee|pilot) last name$/;
const SAMPLE = 200;

/** Share of the column's non-empty cells (first rows) that read as the field, and how well. */
function fit(table: TableData, column: number, field: FieldName): number {
  const cells = table.rows
    .slice(0, SAMPLE)
    .map((r) => r[column] ?? '')
    .filter((c) => c !== '');
  if (cells.length === 0) return 0;
  const total = cells.reduce((sum, c) => sum + (parseValue(field, c)?.validity ?? 0), 0);
  return total / cells.length;
}

/**
 * Proposes which column holds which field, from the header wording and from what the cells
 * contain, and turns each row into a candidate training record. The user confirms the mapping.
 */
export function mapTableColumns(table: TableData, corrections: Correction[] = []): TableMapping {
  return mapColumns(table, learnCorrections(corrections).lexicon);
}

export function mapColumns(table: TableData, lexicon: Lexicon = LEXICON): TableMapping {
  const proposals: ColumnMapping[] = [];
  const first = table.header.findIndex((h) => FIRST_NAME.test(normaliseLabel(h)));
  const last = table.header.findIndex((h) => LAST_NAME.test(normaliseLabel(h)));
  if (first >= 0 && last >= 0) {
    proposals.push({
      fieldName: 'studentName',
      columns: [first, last],
      header: `${table.header[first]} + ${table.header[last]}`,
      confidence: 0.95,
    });
  }
  table.header.forEach((header, column) => {
    if (column === first || column === last) return;
    const found = lookupLabel(header, lexicon);
    const fields = found ? found.entry.targets.filter((t): t is FieldName => t !== 'other') : [];
    const byHeader = fields.map((field) => ({
      field,
      strength: found!.strength,
      content: fit(table, column, field),
    }));
    // A header we do not know: go by content alone, for fields whose values are distinctive.
    const byContent = found
      ? []
      : (
          [
            'trainingDate',
            'licenseNumber',
            'certificateType',
            'eventType',
            'address',
          ] as FieldName[]
        ).map((field) => ({
          field,
          strength: 0.5,
          content: fit(table, column, field),
        }));
    for (const option of [...byHeader, ...byContent]) {
      const confidence = option.strength * (0.35 + 0.65 * option.content);
      if (option.content >= 0.5)
        proposals.push({ fieldName: option.field, columns: [column], header, confidence });
    }
  });
  proposals.sort((a, b) => b.confidence - a.confidence);
  const columns: ColumnMapping[] = [];
  for (const p of proposals) {
    const taken = columns.some(
      (c) => c.fieldName === p.fieldName || c.columns.some((i) => p.columns.includes(i)),
    );
    if (!taken) columns.push(p);
  }
  columns.sort((a, b) => FIELD_NAMES.indexOf(a.fieldName) - FIELD_NAMES.indexOf(b.fieldName));
  const records = table.rows.map((cells, row) => ({
    row,
    fields: recordFields(table, cells, columns),
  }));
  return { table: table.name, page: table.page, columns, records };
}

function recordFields(
  table: TableData,
  cells: string[],
  columns: ColumnMapping[],
): ExtractedFieldCandidate[] {
  const fields: ExtractedFieldCandidate[] = [];
  for (const mapping of columns) {
    const text = mapping.columns
      .map((i) => cells[i] ?? '')
      .join(' ')
      .trim();
    if (!text) continue;
    const parsed = parseValue(mapping.fieldName, text);
    if (!parsed) continue;
    const candidate: Candidate = {
      field: mapping.fieldName,
      value: parsed.value,
      page: table.page,
      relation: 'table',
      labelStrength: Math.min(1, mapping.confidence + 0.05),
      genericLabel: false,
      validity: parsed.validity,
      ocrConfidence: 1,
      distance: 0,
    };
    fields.push({
      fieldName: mapping.fieldName,
      value: parsed.value,
      confidence: Math.round(calibrateField(score(candidate, []), mapping.fieldName) * 1000) / 1000,
      page: table.page,
      label: mapping.header,
    });
  }
  return fields;
}
