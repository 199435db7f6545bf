import { UnreadableFileError } from '../../../import/errors';
import { checkZip } from '../../../import/zip-guard';
import { DocumentReadError, type PageText, type TextLine } from './types';

const DOCX_ZIP_LIMITS = { maxEntries: 2_000, maxTotalBytes: 100 * 1024 * 1024 };

/**
 * Word files as raw text. Mammoth writes each paragraph and each table cell on its own line, so
 * a form's label cell and value cell come out as consecutive lines, which the extractor reads as
 * "value below the label".
 */
export async function readDocx(filePath: string): Promise<PageText[]> {
  await checkZip(filePath, DOCX_ZIP_LIMITS, 'Word').catch((error: unknown) => {
    throw error instanceof UnreadableFileError ? new DocumentReadError(error.message) : error;
  });
  let raw: string;
  try {
    const { default: mammoth } = await import('mammoth');
    raw = (await mammoth.extractRawText({ path: filePath })).value;
  } catch {
    throw new DocumentReadError('This Word file could not be read. The file may be damaged.');
  }
  const lines: TextLine[] = raw
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .map((text) => ({ text, confidence: 1 }));
  return [{ page: 1, text: lines.map((l) => l.text).join('\n'), lines, source: 'docx' }];
}
