import type { DocumentType } from '@shared/api/audit';
import type { ExtractedFieldName } from '@shared/api/fields';
import type { Language } from '@shared/api/preferences';
import { textFor } from '../../i18n/index';
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

/** Why a person must look at a document, written in any reader's language by `reviewReasonText`. */
export type ReviewReason =
  | { code: 'unreadable' }
  | { code: 'poorScan'; poor: number; pages: number }
  | { code: 'unknownKind' }
  | { code: 'lowConfidence'; fields: readonly ExtractedFieldName[]; threshold: number }
  | { code: 'missingFields'; type: DocumentType; fields: readonly ExtractedFieldName[] };

export interface ReviewAssessment {
  classification: Classification;
  /**
   * Empty: the document is `processed`; otherwise it is `needs_review` for these reasons, in
   * English as the document stores them.
   */
  reasons: string[];
  /** The same reasons, to write them again in another language (a notification's reader's). */
  notes: ReviewReason[];
}

/** One reason as a sentence in `language` (English is what the document stores). */
export function reviewReasonText(reason: ReviewReason, language: Language): string {
  const t = textFor(language, 'document-review');
  switch (reason.code) {
    case 'unreadable':
      return t('reasons.unreadable');
    case 'poorScan':
      return reason.poor === 1 && reason.pages === 1
        ? t('reasons.poorScan', { threshold: Math.round(POOR_OCR * 100) })
        : t('reasons.poorPages', {
            count: reason.poor,
            pages: reason.pages,
            threshold: Math.round(POOR_OCR * 100),
          });
    case 'unknownKind':
      return t('reasons.unknownKind');
    case 'lowConfidence':
      return t('reasons.lowConfidence', {
        count: reason.fields.length,
        threshold: Math.round(reason.threshold * 100),
        fields: reason.fields.map((f) => t(`fields.${f}`)).join(', '),
      });
    case 'missingFields':
      return t('reasons.missingFields', {
        count: reason.fields.length,
        type: t(`documentTypes.${reason.type}`),
        fields: reason.fields.map((f) => t(`fields.${f}`)).join(', '),
      });
  }
}

/**
 * Decides, when a document has been read, whether a person must look at it before anyone relies
 * on it. A document never ends `processed` with nothing: unreadable text, a kind that cannot be
 * told, or a record without its essential fields each put it in `needs_review` with the reason.
 */
export function assessReading(
  originalName: string,
  read: ReadResult,
  fields: readonly ExtractedFieldCandidate[],
  /**
   * `reviewThreshold`: the organization's AI confidence threshold (0–1); an essential field of the
   * kind read under it sends the document to a person.
   */
  { reviewThreshold }: { reviewThreshold: number },
): ReviewAssessment {
  const text = read.pages.map((p) => p.text).join('\n');
  const classification = classifyDocument({
    originalName,
    text,
    fieldNames: fields.map((f) => f.fieldName),
  });
  const notes: ReviewReason[] = [];
  const assessed = () => ({
    classification,
    reasons: notes.map((n) => reviewReasonText(n, 'en')),
    notes,
  });
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (read.tables.length > 0) return assessed();
  if (letters < MIN_LETTERS) {
    notes.push({ code: 'unreadable' });
    return assessed();
  }
  const ocrConfidence = read.pages
    .filter((p) => p.source === 'ocr' && p.lines.length > 0)
    .map((p) => p.lines.reduce((sum, l) => sum + l.confidence, 0) / p.lines.length);
  const poor = ocrConfidence.filter((c) => c < POOR_OCR).length;
  if (poor > 0) notes.push({ code: 'poorScan', poor, pages: ocrConfidence.length });
  const found = new Set(fields.map((f) => f.fieldName));
  if (classification.type === 'other' && fields.length === 0) notes.push({ code: 'unknownKind' });
  const essential = ESSENTIAL[classification.type as DocumentType] ?? [];
  const missing = essential.filter((n) => !found.has(n));
  if (missing.length > 0) {
    notes.push({ code: 'missingFields', type: classification.type, fields: missing });
  }
  // Who and when, read under the organization's threshold: the document is not a record anyone
  // may rely on until a person looked. Other fields under it are flagged in the validation form.
  const doubtful = fields
    .filter((f) => essential.includes(f.fieldName) && f.confidence < reviewThreshold)
    .map((f) => f.fieldName);
  if (doubtful.length > 0) {
    notes.push({
      code: 'lowConfidence',
      fields: [...new Set(doubtful)],
      threshold: reviewThreshold,
    });
  }
  return assessed();
}

/** Essential fields of the kind still without a value, after a person added or validated some. */
export function missingEssentials(
  kind: string | null,
  fieldNames: readonly string[],
): ExtractedFieldName[] {
  const essential = kind ? (ESSENTIAL[kind as DocumentType] ?? []) : [];
  return essential.filter((n) => !fieldNames.includes(n));
}
