import type { DocumentKind } from '@shared/constants/uploads';

/**
 * The boundary between the document pipeline (upload, jobs, storage, API) and the readers and
 * extractor. The pipeline hands a stored file to `readDocument`, stores its pages and tables,
 * then asks `extractFields` for the fields. Both sides depend only on these types.
 */

export type { DocumentKind };

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextLine {
  text: string;
  /** Pixel box on the page image (OCR) or PDF user-space box (text layer), when known. */
  box?: Box;
  /** 0–1; OCR word confidence averaged over the line. Text layers and DOCX are 1. */
  confidence: number;
}

export interface PageText {
  /** 1-based page number (sheet index for spreadsheets). */
  page: number;
  text: string;
  lines: TextLine[];
  source: 'text-layer' | 'ocr' | 'table' | 'docx';
}

export interface TableData {
  /** Sheet name for XLSX, the file name for CSV. */
  name: string;
  page: number;
  header: string[];
  rows: string[][];
}

export interface ReadResult {
  pages: PageText[];
  tables: TableData[];
}

export const FIELD_NAMES = [
  'studentName',
  'licenseNumber',
  'certificateType',
  'dateOfBirth',
  'address',
  'instructorName',
  'courseName',
  'trainingDate',
  'eventType',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface ExtractedFieldCandidate {
  fieldName: FieldName;
  value: string;
  /** Calibrated: fields reported at 0.9 are right about 9 times in 10 (measured by the benchmark). */
  confidence: number;
  page: number;
  box?: Box;
}

/** A validation that changed an extracted value; extraction learns from them per organization. */
export interface Correction {
  fieldName: FieldName;
  extractedValue: string;
  validatedValue: string;
  /** The label text the value was found under, when known. */
  label?: string;
}

/** A failure whose message the user may read (shown on the document as its error). */
export class DocumentReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentReadError';
  }
}
