import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@shared/api/audit';
import { EXTRACTED_FIELD_LABELS, type ExtractedFieldName } from '@shared/api/fields';
import { classifyDocument, type Classification } from './classify';
import type { ExtractedFieldCandidate, ReadResult } from './reading/types';

/**
 * What a document of each kind should show. A record of training names the trainee, the date and
 * what was trained (14 CFR 142.73(a)); a certificate names its holder. Manuals, specifications
 * and the like carry no per-trainee fields, so nothing is expected of them.
 */
const EXPECTED: Readonly<Record<DocumentType, readonly ExtractedFieldName[]>> = {
  'training-record': [
    'studentName',
    'trainingDate',
    'courseName',
    'eventType',
    'instructorName',
    'result',
  ],
  'grade-sheet': ['studentName', 'trainingDate', 'courseName', 'instructorName', 'result'],
  certificate: ['studentName', 'trainingDate', 'courseName'],
  'instructor-record': ['instructorName', 'trainingDate'],
  manual: [],
  'training-specifications': [],
  'syllabus-curriculum': [],
  'fstd-record': [],
  'log-report': [],
  other: [],
};

/** Without these, a document of the kind cannot become a record: a person must look. */
const ESSENTIAL: Readonly<Partial<Record<DocumentType, readonly ExtractedFieldName[]>>> = {
  'training-record': ['studentName', 'trainingDate'],
  'grade-sheet': ['studentName', 'trainingDate'],
  certificate: ['studentName'],
  'instructor-record': ['instructorName'],
};

export function expectedFieldsOf(kind: string | null): readonly ExtractedFieldName[] {
  return kind && Object.hasOwn(EXPECTED, kind) ? EXPECTED[kind as DocumentType] : [];
}

/** Fewer letters than this in the whole document: nothing legible was read. */
const MIN_LETTERS = 40;
/** OCR pages whose mean word confidence is below this were read poorly. */
const POOR_OCR = 0.55;

export interface ReviewAssessment {
  classification: Classification;
  /** Empty: the document is `processed`; otherwise it is `needs_review` for these reasons. */
  reasons: string[];
}

const list = (names: readonly ExtractedFieldName[]) =>
  names.map((n) => EXTRACTED_FIELD_LABELS[n]).join(', ');

/**
 * Decides, when a document has been read, whether a person must look at it before anyone relies
 * on it. A document never ends `processed` with nothing: unreadable text, a kind that cannot be
 * told, or a record without its essential fields each put it in `needs_review` with the reason.
 */
export function assessReading(
  originalName: string,
  read: ReadResult,
  fields: readonly ExtractedFieldCandidate[],
): ReviewAssessment {
  const text = read.pages.map((p) => p.text).join('\n');
  const classification = classifyDocument({
    originalName,
    text,
    fieldNames: fields.map((f) => f.fieldName),
  });
  const reasons: string[] = [];
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (read.tables.length > 0) return { classification, reasons };
  if (letters < MIN_LETTERS) {
    reasons.push(
      'No legible text could be read from this document. Check that the scan is upright, sharp and at least 200 dpi, then reprocess or upload a better copy; or enter the values by hand.',
    );
    return { classification, reasons };
  }
  const ocrConfidence = read.pages
    .filter((p) => p.source === 'ocr' && p.lines.length > 0)
    .map((p) => p.lines.reduce((sum, l) => sum + l.confidence, 0) / p.lines.length);
  const poor = ocrConfidence.filter((c) => c < POOR_OCR).length;
  if (poor > 0) {
    reasons.push(
      `${poor === 1 && ocrConfidence.length === 1 ? 'The scan was' : `${poor} of ${ocrConfidence.length} scanned pages were`} hard to read (text recognition confidence below ${Math.round(POOR_OCR * 100)} %); check every value against the original.`,
    );
  }
  const found = new Set(fields.map((f) => f.fieldName));
  if (classification.type === 'other' && fields.length === 0) {
    reasons.push(
      'No expected field was found and the kind of document could not be told from its text. Say what it is in a reviewer’s note, or enter its values by hand.',
    );
  }
  const essential = ESSENTIAL[classification.type as DocumentType] ?? [];
  const missing = essential.filter((n) => !found.has(n));
  if (missing.length > 0) {
    reasons.push(
      `This looks like a ${DOCUMENT_TYPE_LABELS[classification.type].toLowerCase()}, but ${list(missing)} ${missing.length === 1 ? 'was' : 'were'} not found; enter ${missing.length === 1 ? 'it' : 'them'} from the original or mark the document reviewed.`,
    );
  }
  return { classification, reasons };
}

/** Essential fields of the kind still without a value, after a person added or validated some. */
export function missingEssentials(
  kind: string | null,
  fieldNames: readonly string[],
): ExtractedFieldName[] {
  const essential = kind ? (ESSENTIAL[kind as DocumentType] ?? []) : [];
  return essential.filter((n) => !fieldNames.includes(n));
}
