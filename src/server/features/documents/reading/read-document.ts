import { readDocx } from './read-docx';
import { readImage } from './read-image';
import { readPdf } from './read-pdf';
import { readSpreadsheet } from './read-spreadsheet';
import type { DocumentKind, ReadOptions, ReadResult } from './types';

export const READ_DEFAULTS = {
  maxPages: 200,
  maxPixels: 50_000_000,
  maxRows: 50_000,
} as const;

/**
 * Reads a stored file into page text (with line boxes where the layout is known) and tables.
 * Throws DocumentReadError with a message for the user when the file cannot be read; any other
 * error is a fault of ours or of the machine and is worth a retry.
 */
export async function readDocument(
  filePath: string,
  kind: DocumentKind,
  options: ReadOptions,
): Promise<ReadResult> {
  const maxPages = options.maxPages ?? READ_DEFAULTS.maxPages;
  const maxPixels = options.maxPixels ?? READ_DEFAULTS.maxPixels;
  const maxRows = options.maxRows ?? READ_DEFAULTS.maxRows;
  const { ocr, signal } = options;
  signal?.throwIfAborted();
  switch (kind) {
    case 'pdf':
      return { pages: await readPdf(filePath, ocr, { maxPages, maxPixels }, signal), tables: [] };
    case 'image':
      return { pages: await readImage(filePath, ocr, maxPixels, signal), tables: [] };
    case 'xlsx':
    case 'csv':
      return readSpreadsheet(filePath, kind, maxRows, signal);
    case 'docx':
      return { pages: await readDocx(filePath), tables: [] };
  }
}
