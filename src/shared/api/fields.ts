import { z } from 'zod';

/**
 * The field vocabulary, stated once: the fields the document extractor reads, the fields of a
 * training record, their labels, and which record field an extracted field fills.
 */

/** The fields the extractor reads from a document, in the order the validation form shows them. */
export const EXTRACTED_FIELD_NAMES = [
  'studentName',
  'licenseNumber',
  'certificateType',
  'dateOfBirth',
  'address',
  'instructorName',
  'courseName',
  'trainingDate',
  'eventType',
  'result',
] as const;
export const extractedFieldName = z.enum(EXTRACTED_FIELD_NAMES);
export type ExtractedFieldName = z.infer<typeof extractedFieldName>;

/** Labels of the validation form; `licenseNumber` reads 'Certificate Number' (spec §3). */
export const EXTRACTED_FIELD_LABELS: Record<ExtractedFieldName, string> = {
  studentName: 'Student Name',
  licenseNumber: 'Certificate Number',
  certificateType: 'Certificate Type',
  dateOfBirth: 'Date of Birth',
  address: 'Address',
  instructorName: 'Instructor',
  courseName: 'Course',
  trainingDate: 'Training Date',
  eventType: 'Event Type',
  result: 'Result',
};

/**
 * The fields of a training record a person writes or imports, in the order of a 14 CFR 142.73
 * record (the form, the import mapping and its preview list them in this order).
 */
export const RECORD_FIELDS = [
  'studentName',
  'licenseNumber',
  'course',
  'eventType',
  'eventDate',
  'status',
  'result',
  'instructor',
  'evaluator',
  'remarks',
] as const;
export const recordField = z.enum(RECORD_FIELDS);
export type RecordField = z.infer<typeof recordField>;

/**
 * Record field names as people read them: the form, the import mapping, the import's messages,
 * the record page and its versions. `licenseNumber` reads 'Certificate number', the spec's words.
 */
export const RECORD_FIELD_LABELS: Record<RecordField | 'sourceDocumentId', string> = {
  studentName: 'Student name',
  licenseNumber: 'Certificate number',
  course: 'Course / curriculum',
  eventType: 'Event type',
  eventDate: 'Date',
  status: 'Status',
  result: 'Result / grade',
  instructor: 'Instructor',
  evaluator: 'Evaluator',
  remarks: 'Remarks',
  sourceDocumentId: 'Source document',
};

/** A record field's label; a name that is not one (an older ledger entry's) reads as itself. */
export function recordFieldLabel(field: string): string {
  return Object.hasOwn(RECORD_FIELD_LABELS, field)
    ? RECORD_FIELD_LABELS[field as keyof typeof RECORD_FIELD_LABELS]
    : field;
}

// In the record form's order, which is the order a prefilled form names what it filled.
const recordFieldFromExtracted = {
  studentName: 'studentName',
  licenseNumber: 'licenseNumber',
  courseName: 'course',
  eventType: 'eventType',
  trainingDate: 'eventDate',
  instructorName: 'instructor',
  result: 'result',
} as const satisfies Partial<Record<ExtractedFieldName, RecordField>>;

/** The record fields a document's extracted fields fill. */
export type FilledRecordField =
  (typeof recordFieldFromExtracted)[keyof typeof recordFieldFromExtracted];

/**
 * Which record field each extracted field fills, for the form prefilled from a document and for
 * the import's column proposals. The others (date of birth, address, certificate type) have no
 * field of their own in a 142.73 record.
 */
export const RECORD_FIELD_FROM_EXTRACTED: Readonly<
  Partial<Record<ExtractedFieldName, FilledRecordField>>
> = recordFieldFromExtracted;
