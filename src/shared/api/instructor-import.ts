import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importRow } from './training-events';

/**
 * Importing instructor and evaluator files from a spreadsheet: the columns it can fill, the
 * column mapping, the preview with its per-row errors and the commit (the same shape as the
 * training-records import).
 */

/** Columns an instructor import can fill; `name`, `role`, `employedFrom` are required. */
export const INSTRUCTOR_IMPORT_FIELDS = [
  'name',
  'role',
  'employedFrom',
  'employedUntil',
  'email',
  'certificates',
  'course',
  'device',
  'designatedAt',
] as const;
export type InstructorImportField = (typeof INSTRUCTOR_IMPORT_FIELDS)[number];
export const REQUIRED_INSTRUCTOR_IMPORT_FIELDS = [
  'name',
  'role',
  'employedFrom',
] as const satisfies readonly InstructorImportField[];

export const instructorColumnMapping = z.partialRecord(
  z.enum(INSTRUCTOR_IMPORT_FIELDS),
  z.string().nullable(),
);

/** Same shape as the training-records import: rows with their per-row errors. */
export const instructorImportPreview = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  mapping: instructorColumnMapping,
  rows: z.array(importRow),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  alreadyImported: z.object({ importedAt: z.string(), rowCount: z.number().int() }).nullable(),
});
export type InstructorImportPreview = z.infer<typeof instructorImportPreview>;

export const instructorImportResult = z.object({
  importId: z.string(),
  imported: z.number().int(),
  instructorIds: z.array(z.string()),
});
export type InstructorImportResult = z.infer<typeof instructorImportResult>;

export type InstructorColumnMapping = z.infer<typeof instructorColumnMapping>;

/** Import fields as people read them: the mapping, the preview's columns and the row errors. */
export const INSTRUCTOR_IMPORT_FIELD_LABELS: Record<InstructorImportField, string> = {
  name: 'Name',
  role: 'Role',
  employedFrom: 'Employed from',
  employedUntil: 'Employed until',
  email: 'E-mail',
  certificates: 'Certificates',
  course: 'Designated course',
  device: 'Device',
  designatedAt: 'Designated on',
};

/** `preview` checks and writes nothing; `commit` writes every row or none. */
export const INSTRUCTOR_IMPORT_MODES = ['preview', 'commit'] as const;
export type InstructorImportMode = (typeof INSTRUCTOR_IMPORT_MODES)[number];

/**
 * The import form (multipart/form-data) as the OpenAPI document describes it. The route reads
 * the stream itself, so this describes the contract and validates nothing.
 */
export const instructorImportForm = z.object({
  file: z
    .file()
    .max(IMPORT_MAX_BYTES)
    .meta({
      description:
        `One CSV or XLSX file, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: a header row, then ` +
        `at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, one instructor or evaluator each.`,
    }),
  mapping: instructorColumnMapping.optional().meta({
    description:
      'JSON text: import field -> column header of the file (null: not imported), the fields ' +
      `being ${INSTRUCTOR_IMPORT_FIELDS.join(', ')}. Fields left out keep the proposed mapping.`,
  }),
  mode: z.enum(INSTRUCTOR_IMPORT_MODES).default('preview').meta({
    description:
      '`preview` (200, writes nothing) or `commit` (201, every row or none; 422 when a row has an error).',
  }),
});
