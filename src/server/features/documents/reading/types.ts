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
  /** The space the page's boxes are in (PDFs and images; spreadsheets and DOCX have none). */
  geometry?: PageGeometry;
}

/**
 * How the image an OCR page was read from was made from its source (the upright photo or scan,
 * or the rendered PDF page): resized, cut to the paper, straightened. Replaying these steps on
 * the source gives an image whose pixels are those the page's boxes count in.
 */
export interface PreparedGeometry {
  /** The size the upright source was resized to (its own size when it was not resized). */
  width: number;
  height: number;
  /** The paper cut out of the resized image (a photo's desk removed), when it was cut. */
  crop?: { left: number; top: number; width: number; height: number };
  /** Degrees the cut image was then turned clockwise to level its lines, on a white canvas. */
  rotate: number;
}

/** What it takes to draw a page's boxes over an image of the page. */
export interface PageGeometry {
  /**
   * The size of the space the boxes are in, origin top left, y down: pixels of the image OCR
   * read, or PDF points (1/72 inch) of the page as displayed for a text layer.
   */
  width: number;
  height: number;
  /** Quarter turns clockwise the prepared image was given before it was read (OCR), else 0. */
  quarterTurns: 0 | 1 | 2 | 3;
  /** OCR pages: how the image read was made from the source, before the quarter turns. */
  prepared?: PreparedGeometry;
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
