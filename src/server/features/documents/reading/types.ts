import type { ExtractedFieldName as FieldName } from '@shared/api/fields';
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

/** A run of words on one line, set apart from its neighbours by a wide gap (a form column). */
export interface TextSpan {
  text: string;
  box: Box;
  /** 0–1; the lowest OCR word confidence in the span (1 for text layers). */
  confidence: number;
}

export interface TextLine {
  /** Words of one visual line; runs separated by a wide gap are joined with a tab. */
  text: string;
  /** The tab-separated runs with their boxes, when the reader knows them. */
  spans?: TextSpan[];
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
  /** Each row's number in the file (spreadsheet row, CSV line), where the reader knows it. */
  lines?: number[];
}

export interface ReadResult {
  pages: PageText[];
  tables: TableData[];
}

/** The fields the extractor reads: the API contract's vocabulary, under the names readers use. */
export { EXTRACTED_FIELD_NAMES as FIELD_NAMES } from '@shared/api/fields';
export type { FieldName };

export interface ExtractedFieldCandidate {
  fieldName: FieldName;
  value: string;
  /** Calibrated: fields reported at 0.9 are right about 9 times in 10 (measured by the benchmark). */
  confidence: number;
  page: number;
  box?: Box;
  /** The label the value was found under, as printed; give it back in a Correction. */
  label?: string;
  /** Set when the optional model's reading replaced the extractor's value: the model's name. */
  refinedBy?: string;
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

export interface OcrResult {
  text: string;
  lines: TextLine[];
  /** 0–1, mean word confidence of the page. */
  confidence: number;
}

/** Warm tesseract.js workers shared by every read in the process. */
export interface OcrPool {
  readonly size: number;
  recognize(image: Buffer, options?: { signal?: AbortSignal }): Promise<OcrResult>;
  close(): Promise<void>;
}

export interface OcrPoolOptions {
  /** Workers; defaults to os.availableParallelism(). */
  size?: number;
}

export interface ReadOptions {
  ocr: OcrPool;
  /** Refuse documents with more pages than this (default 200). */
  maxPages?: number;
  /** Refuse images and rendered pages larger than this many pixels (default 50 megapixels). */
  maxPixels?: number;
  /** Refuse spreadsheets with more data rows than this (default 50,000). */
  maxRows?: number;
  signal?: AbortSignal;
}
