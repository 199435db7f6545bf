import {
  RECORD_FIELD_FROM_EXTRACTED,
  RECORD_FIELD_LABELS,
  RECORD_FIELDS,
  type RecordField,
} from '@shared/api/fields';
import {
  createTrainingEventRequest,
  eventDateProblem,
  isCalendarDate,
  REQUIRED_IMPORT_FIELDS,
  TRAINING_EVENT_STATUSES,
  type ColumnMapping,
  type ImportRow,
} from '@shared/api/training-events';
import type { z } from 'zod';
import { invalid } from '../../http/errors';
import { columnKey as squash, proposeColumns } from '../../import/columns';
import { mapColumns, parseDate } from '../documents/service';
import type { ImportTable } from './import-file';

// Header spellings seen in training-centre spreadsheets, compared without case, spaces or punctuation.
const SYNONYMS: Record<RecordField, string[]> = {
  studentName: [
    'studentname',
    'student',
    'name',
    'trainee',
    'traineename',
    'pilot',
    'pilotname',
    'fullname',
  ],
  licenseNumber: [
    'licensenumber',
    'licencenumber',
    'license',
    'licence',
    'certificatenumber',
    'certificate',
    'certificateno',
    'certno',
    'cert',
    'certnumber',
    'airmancertificate',
    'licenseno',
    'licenceno',
    'pilotcertificate',
  ],
  course: ['course', 'curriculum', 'coursename', 'program', 'programme', 'trainingprogram'],
  eventType: ['eventtype', 'type', 'event', 'trainingtype', 'checktype'],
  eventDate: ['eventdate', 'date', 'trainingdate', 'completiondate', 'completed', 'dateofevent'],
  status: ['status', 'eventstatus'],
  result: ['result', 'grade', 'score', 'outcome'],
  instructor: ['instructor', 'instructorname', 'cfi', 'trainer'],
  evaluator: ['evaluator', 'examiner', 'checkairman', 'evaluatorname', 'checkpilot'],
  remarks: ['remarks', 'notes', 'comments', 'comment', 'remark'],
};

/** The mapping proposed for a file's header: the first column whose name fits each field. */
export function proposeMapping(columns: string[]): ColumnMapping {
  return proposeColumns(
    columns,
    RECORD_FIELDS,
    (field, key) =>
      SYNONYMS[field].includes(key) || (field === 'studentName' && key.startsWith('fullname')),
  );
}

/**
 * Fills the fields the header wording left open with the document reader's column mapping: its
 * wider label vocabulary ("Crewmember", "Pilot Cert No") and what the cells hold (dates,
 * certificate numbers), as it maps a spreadsheet uploaded in Document Import.
 */
function proposeFromReader(table: ImportTable, mapping: ColumnMapping): ColumnMapping {
  const read = mapColumns({
    name: '',
    page: 1,
    header: table.columns,
    rows: table.rows.map((r) => r.cells),
  });
  const out = { ...mapping };
  const taken = new Set(Object.values(out).filter(Boolean));
  for (const proposal of read.columns) {
    const field = RECORD_FIELD_FROM_EXTRACTED[proposal.fieldName];
    if (!field || out[field]) continue;
    // A name split over two columns is the joined column withJoinedName added.
    const column =
      proposal.columns.length === 1
        ? table.columns[proposal.columns[0]!]
        : table.columns.find((c) => squash(c).startsWith('fullname'));
    if (!column || taken.has(column)) continue;
    out[field] = column;
    taken.add(column);
  }
  return out;
}

/** The caller's mapping, checked against the file's columns, with required fields present. */
export function settleMapping(
  table: ImportTable,
  requested: ColumnMapping | undefined,
): ColumnMapping {
  const { columns } = table;
  const mapping = { ...proposeFromReader(table, proposeMapping(columns)), ...requested };
  for (const [field, column] of Object.entries(mapping)) {
    if (column && !columns.includes(column)) {
      throw invalid(
        `The file has no column "${column}" to import as ${RECORD_FIELD_LABELS[field as RecordField]}.`,
      );
    }
  }
  // Without a status column, a result column that says how the event ended stands in for it.
  const missing = REQUIRED_IMPORT_FIELDS.filter(
    (f) => !mapping[f] && !(f === 'status' && mapping.result),
  );
  if (missing.length > 0) {
    throw invalid(
      `Choose the column that holds ${missing.map((f) => RECORD_FIELD_LABELS[f]).join(', ')}; the file's columns are ${columns.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  return mapping;
}

/**
 * YYYY-MM-DD, YYYY/MM/DD or US M/D/YYYY (the FAA's order) to YYYY-MM-DD; other spellings
 * ("July 29, 2022", "29 Jul 2022") as the document reader understands them, when the cell holds
 * nothing but the date; null when not a date. An Excel date with a time of day reads
 * "YYYY-MM-DD HH:MM" (the tabular reader's cell text); the day is the event's date.
 */
export function isoDate(text: string): string | null {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?: \d{2}:\d{2})?$/.exec(text);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  const parsed = /\p{L}/u.test(text) ? parseDate(text, 'event') : undefined;
  return parsed && parsed.matched.trim() === text.trim().replace(/\.$/, '') ? parsed.iso : null;
}

const OUTCOMES: [RegExp, (typeof TRAINING_EVENT_STATUSES)[number]][] = [
  [/^(completed?|satisfactory|sat|pass(ed)?|proficient|qualified)$/i, 'completed'],
  [/^(unsatisfactory|unsat|fail(ed)?|not proficient)$/i, 'failed'],
  [/^(incomplete|in progress|pending|scheduled)$/i, 'pending'],
];

/** The status a result cell implies ("Satisfactory" → completed), when it implies one. */
function statusFromResult(result: string) {
  return OUTCOMES.find(([re]) => re.test(result.trim()))?.[1] ?? null;
}

const FIRST_NAME = new Set(['firstname', 'givenname', 'first', 'forename']);
const LAST_NAME = new Set(['lastname', 'surname', 'familyname', 'last']);

/**
 * Sheets that split the trainee's name over two columns get a third, joined one, so that the
 * name can be mapped like any column (and the preview shows it as it will be saved).
 */
export function withJoinedName(table: ImportTable): ImportTable {
  const squashed = table.columns.map(squash);
  if (squashed.some((c) => SYNONYMS.studentName.includes(c))) return table;
  const first = squashed.findIndex((c) => FIRST_NAME.has(c));
  const last = squashed.findIndex((c) => LAST_NAME.has(c));
  if (first < 0 || last < 0) return table;
  const name = `Full name (${table.columns[first]} + ${table.columns[last]})`;
  const width = table.columns.length;
  return {
    ...table,
    columns: [...table.columns, name],
    rows: table.rows.map(({ rowNumber, cells }) => {
      const padded = Array.from({ length: width }, (_, i) => cells[i] ?? '');
      const joined = [cells[first], cells[last]].map((c) => (c ?? '').trim()).filter(Boolean);
      return { rowNumber, cells: [...padded, ...cells.slice(width), joined.join(' ')] };
    }),
  };
}

type EventInput = z.output<typeof createTrainingEventRequest>;

/** A row of the import, its values as they would be saved, and what is wrong with it. */
export interface CheckedRow extends ImportRow {
  input: EventInput | null;
  key: string | null;
}

/** Two events are the same when trainee, licence, course, type and date all match (case aside). */
export function duplicateKey(e: {
  studentName: string;
  licenseNumber: string | null;
  course: string | null;
  eventType: string;
  eventDate: string;
}) {
  return [e.studentName, e.licenseNumber ?? '', e.course ?? '', e.eventType, e.eventDate]
    .map((v) => v.trim().toLowerCase().replace(/\s+/g, ' '))
    .join('\u0001');
}

/** Checks every row on its own and against the rows above it. */
export function checkRows(table: ImportTable, mapping: ColumnMapping): CheckedRow[] {
  const index = Object.fromEntries(
    RECORD_FIELDS.map((f) => [f, mapping[f] ? table.columns.indexOf(mapping[f]!) : -1]),
  ) as Record<RecordField, number>;
  const firstRowOfKey = new Map<string, number>();
  return table.rows.map(({ rowNumber, cells }) => {
    const values: Record<string, string | null> = {};
    for (const f of RECORD_FIELDS) values[f] = index[f] >= 0 ? cells[index[f]] || null : null;
    const errors: ImportRow['errors'] = [];
    const problem = (field: RecordField | null, message: string) => errors.push({ field, message });

    // Counted to the last filled cell, so a row reads the same from a file or a stored table.
    const width = cells.findLastIndex((c) => c !== '') + 1;
    if (width > table.columns.length) {
      problem(null, `The row has ${width} cells but the header only ${table.columns.length}`);
    }
    if (!values.status && values.result) values.status = statusFromResult(values.result);
    for (const f of REQUIRED_IMPORT_FIELDS)
      if (!values[f]) problem(f, `${RECORD_FIELD_LABELS[f]} is missing`);
    if (values.status) {
      const status = values.status.toLowerCase();
      if ((TRAINING_EVENT_STATUSES as readonly string[]).includes(status)) values.status = status;
      else
        problem(
          'status',
          `Status "${values.status}" is not one of ${TRAINING_EVENT_STATUSES.join(', ')}`,
        );
    }
    if (values.eventDate) {
      const iso = isoDate(values.eventDate);
      if (!iso)
        problem(
          'eventDate',
          `"${values.eventDate}" is not a date (write YYYY-MM-DD or MM/DD/YYYY)`,
        );
      else if (!isCalendarDate(iso))
        problem('eventDate', `${values.eventDate} is not a real calendar date`);
      else {
        values.eventDate = iso;
        const status = values.status ?? 'pending';
        const issue = (TRAINING_EVENT_STATUSES as readonly string[]).includes(status)
          ? eventDateProblem(iso, status)
          : null;
        if (issue) problem('eventDate', `The date ${issue}`);
      }
    }
    let input: EventInput | null = null;
    if (errors.length === 0) {
      const parsed = createTrainingEventRequest.safeParse(values);
      if (parsed.success) input = parsed.data;
      else {
        for (const issue of parsed.error.issues) {
          const field = RECORD_FIELDS.find((f) => f === issue.path[0]) ?? null;
          problem(field, `${field ? RECORD_FIELD_LABELS[field] : 'Value'}: ${issue.message}`);
        }
      }
    }
    const key = input ? duplicateKey(input) : null;
    if (key) {
      const first = firstRowOfKey.get(key);
      if (first !== undefined) problem(null, `Same event as row ${first} of this file`);
      else firstRowOfKey.set(key, rowNumber);
    }
    return { rowNumber, values, errors, input: errors.length === 0 ? input : null, key };
  });
}
