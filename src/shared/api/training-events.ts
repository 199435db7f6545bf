import { z } from 'zod';
import { IMPORT_MAX_ROWS } from '../constants/imports';
import { RECORD_FIELDS, recordField, type RecordField } from './fields';
import { TRAINING_EVENT_STATUSES, trainingEventSummary } from './records';

export { TRAINING_EVENT_STATUSES };
export type TrainingEventStatus = (typeof TRAINING_EVENT_STATUSES)[number];

/** Event types offered by the form and import; other wording is accepted as typed. */
export const TRAINING_EVENT_TYPES = [
  'Initial',
  'Recurrent',
  'Upgrade',
  'Transition',
  'Check',
  'Proficiency check',
  'Ground school',
  'Simulator session',
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Earliest year accepted: anything before is a typing error, not a training record. */
export const EARLIEST_EVENT_YEAR = 1950;

/**
 * Latest date a completed or failed event may carry: tomorrow in UTC, so a centre east of UTC
 * can record today's event in its own calendar. Pending events may be scheduled later.
 */
export function latestHeldEventDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
}

/** Why `date` cannot be the date of an event with `status`, or null when it can. */
export function eventDateProblem(date: string, status: string, now = new Date()): string | null {
  if (!isCalendarDate(date)) return 'is not a real calendar date (YYYY-MM-DD)';
  if (Number(date.slice(0, 4)) < EARLIEST_EVENT_YEAR) {
    return `is before ${EARLIEST_EVENT_YEAR}`;
  }
  if (status !== 'pending' && date > latestHeldEventDate(now)) {
    return `is in the future; only pending events can be dated later than today`;
  }
  return null;
}

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Fields a person writes; the rest (version, hash, index, who and when) the server sets. */
const trainingEventFields = {
  studentName: text(200),
  licenseNumber: optionalText(50),
  course: optionalText(200),
  eventType: text(100),
  eventDate: z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD'),
  status: z.enum(TRAINING_EVENT_STATUSES),
  result: optionalText(200),
  instructor: optionalText(200),
  evaluator: optionalText(200),
  remarks: optionalText(4000),
  sourceDocumentId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
};

export const createTrainingEventRequest = z.object(trainingEventFields);
export type CreateTrainingEventRequest = z.input<typeof createTrainingEventRequest>;

export const updateTrainingEventRequest = z
  .object(trainingEventFields)
  .partial()
  .extend({
    /** The version the editor saw; a newer one on the server answers 409 instead of overwriting. */
    expectedVersion: z.number().int().min(1).optional(),
  });
export type UpdateTrainingEventRequest = z.input<typeof updateTrainingEventRequest>;

/**
 * A warning written to a record when it names an instructor or evaluator whose file is not
 * current on the event's date (142.47, 142.53), who is not designated for its course
 * (142.47(b)), or who has no file (142.73(b)); or when a session of it was given on a device
 * without a passing preflight that day (142.59(c)(3)), or by an instructor who then passed
 * 8 hours of instruction in 24 consecutive hours (142.49(c)(1)). Kept with the record version it
 * was raised on.
 */
export const STAFF_WARNING_KINDS = [
  'overdue',
  'not_eligible',
  'not_designated',
  'no_file',
  'device_not_released',
  'duty_limit',
] as const;
export const staffWarning = z.object({
  trainingEventId: z.string(),
  version: z.number().int(),
  /** What the warning is about: the record's instructor or evaluator, or the device used. */
  role: z.enum(['instructor', 'evaluator', 'device']),
  person: z.string(),
  instructorFileId: z.string().nullable(),
  kind: z.enum(STAFF_WARNING_KINDS),
  paragraph: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type StaffWarning = z.infer<typeof staffWarning>;

/** The record as the API returns it: the spec's fields first, then ours. */
export const trainingEvent = trainingEventSummary.extend({
  status: z.enum(TRAINING_EVENT_STATUSES),
  course: z.string().nullable(),
  result: z.string().nullable(),
  instructor: z.string().nullable(),
  evaluator: z.string().nullable(),
  remarks: z.string().nullable(),
  sourceDocumentId: z.string().nullable(),
  version: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only on a single record (GET /:id, create, update): the warnings written to it. */
  warnings: z.array(staffWarning).optional(),
});
export type TrainingEvent = z.infer<typeof trainingEvent>;
export const trainingEventPage = z.array(trainingEvent);

/**
 * The fields a version of a training event commits to in the ledger (the leaf's `data`). Shared
 * so the server writes and the offline verifier checks the same thing.
 */
export const LEDGER_FIELDS = [...RECORD_FIELDS, 'sourceDocumentId'] as const;
export type LedgerField = (typeof LEDGER_FIELDS)[number];

export type TrainingEventLedgerData = Record<LedgerField, string | null> & {
  changedBy: string | null;
};

/** The leaf data of a record: its ledger fields and who wrote this version. */
export function trainingEventLedgerData(
  record: { [K in LedgerField]?: string | null } & { updatedBy?: string | null },
): TrainingEventLedgerData {
  const data = {} as TrainingEventLedgerData;
  for (const field of LEDGER_FIELDS) data[field] = record[field] ?? null;
  data.changedBy = record.updatedBy ?? null;
  return data;
}

/**
 * GET /api/training-events keeps the spec's answer, a plain array. Paging and filters travel in
 * the query string; the total count comes back in `X-Total-Count` (with `X-Page` and
 * `X-Page-Size`), so old clients still get an array and new ones can page.
 */
export const trainingEventQuery = z.object({
  /** Matches student name, licence number or course, case-insensitively. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(TRAINING_EVENT_STATUSES).optional(),
  eventType: z.string().trim().max(100).optional(),
  instructor: z.string().trim().max(200).optional(),
  from: z.string().refine(isCalendarDate, 'Use a date written YYYY-MM-DD').optional(),
  to: z.string().refine(isCalendarDate, 'Use a date written YYYY-MM-DD').optional(),
  /** Records made from this document (the document page links to them). */
  sourceDocumentId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});
export type TrainingEventQuery = z.output<typeof trainingEventQuery>;

export const TOTAL_COUNT_HEADER = 'x-total-count';

export const trainingEventIdParams = z.object({ id: z.uuid() });

export const fieldChange = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** One version of a record, read back from its ledger leaf. */
export const trainingEventVersion = z.object({
  version: z.number().int(),
  ledgerIndex: z.number().int(),
  leafHash: z.string(),
  recordedAt: z.string(),
  changedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** What differs from the previous version; every field for the first one. */
  changes: z.array(fieldChange),
});
export type TrainingEventVersion = z.infer<typeof trainingEventVersion>;
export const trainingEventVersionList = z.array(trainingEventVersion);

export const assignmentRequest = z.object({ userId: z.uuid() });
export const assignment = z.object({
  trainingEventId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  assignedAt: z.string(),
});
export const assignmentList = z.array(assignment);
export const assignmentParams = z.object({ id: z.uuid(), userId: z.uuid() });

/** An import can fill every record field (`RECORD_FIELDS`); these it cannot do without. */
export const REQUIRED_IMPORT_FIELDS = [
  'studentName',
  'eventType',
  'eventDate',
  'status',
] as const satisfies readonly RecordField[];

/** field -> column header of the file (or null: not imported). */
export const columnMapping = z.partialRecord(recordField, z.string().nullable());
export type ColumnMapping = z.infer<typeof columnMapping>;

export const importRowError = z.object({ field: z.string().nullable(), message: z.string() });
export const importRow = z.object({
  /** Row number as a spreadsheet shows it (the header is row 1). */
  rowNumber: z.number().int(),
  values: z.record(z.string(), z.string().nullable()),
  errors: z.array(importRowError),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  mapping: columnMapping,
  rows: z.array(importRow),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  /** Set when this exact file was imported before; committing it again is refused. */
  alreadyImported: z.object({ importedAt: z.string(), rowCount: z.number().int() }).nullable(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  importId: z.string(),
  imported: z.number().int(),
  firstLedgerIndex: z.number().int(),
  lastLedgerIndex: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** Import limits, stated here so the form can say them before upload. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The one row limit of every import (the checklist's too). */
export { IMPORT_MAX_ROWS };

/**
 * The import form (multipart/form-data) as the OpenAPI document describes it. The route reads
 * the stream itself, so this describes the contract and validates nothing.
 */
export const importForm = z.object({
  file: z
    .file()
    .max(IMPORT_MAX_BYTES)
    .meta({
      description:
        `One CSV or XLSX file, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: a header row, ` +
        `then at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows of training events.`,
    }),
  mapping: columnMapping.optional().meta({
    description:
      'JSON text: record field -> column header of the file (null: not imported), the ' +
      `fields being ${RECORD_FIELDS.join(', ')}. Fields left out keep the proposed mapping.`,
  }),
});
