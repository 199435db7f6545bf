import { rm, writeFile } from 'node:fs/promises';
import { makeTempDir } from '../storage/temp-dirs';
import { join } from 'node:path';
import { ERROR_CODES } from '@shared/api/errors';
import { IMPORT_MAX_ROWS } from '@shared/constants/imports';
import { AppError, invalid } from '../http/errors';
import { TooManyRowsError, UnreadableFileError } from './errors';
import { readTables } from './read-tables';
import type { TabularFormat, TabularTable } from './table';

export { IMPORT_MAX_ROWS };

export const unsupportedImport = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedMediaType,
    'Import a CSV file or an Excel workbook (.xlsx). Save older .xls workbooks as .xlsx first.',
  );

/** Too many rows is too large a request, whichever import and whichever way the rows came. */
export const tooManyImportRows = () => {
  const limit = IMPORT_MAX_ROWS.toLocaleString('en-US');
  return new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file has more than ${limit} rows; an import takes at most ${limit}. Split it into smaller files.`,
  );
};

const startsWith = (bytes: Buffer, magic: number[]) =>
  bytes.subarray(0, magic.length).equals(Buffer.from(magic));

/** CSV or XLSX, told apart by the bytes, never by the name or the type the browser claims. */
export function importFormatOf(bytes: Buffer): TabularFormat {
  if (bytes.length === 0) throw invalid('The file is empty.');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  const foreign = [
    [0xd0, 0xcf, 0x11, 0xe0], // .xls and other OLE files
    [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
    [0xff, 0xd8, 0xff], // JPEG
    [0x89, 0x50, 0x4e, 0x47], // PNG
  ];
  if (foreign.some((magic) => startsWith(bytes, magic))) throw unsupportedImport();
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw nulProblem(bytes, nul);
  return 'csv';
}

/**
 * A zero byte in a would-be CSV. Many of them (every other byte, or a UTF-16 byte-order mark) is
 * UTF-16 text or a binary file: the wrong type (415, saying how to save it). A stray one in UTF-8
 * text is a bad cell (422, naming its line), not a file of the wrong type.
 */
function nulProblem(bytes: Buffer, first: number): AppError {
  const head = bytes.subarray(0, 4096);
  const zeros = head.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);
  const utf16Mark = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
  if (utf16Mark || zeros / head.length > 0.1) {
    return new AppError(
      415,
      ERROR_CODES.unsupportedMediaType,
      'This file is UTF-16 text or a binary file, not a CSV we can read. Save it as “CSV UTF-8” (or as an Excel workbook, .xlsx) and import it again.',
    );
  }
  let line = 1;
  for (let i = 0; i < first; i++) if (bytes[i] === 0x0a) line++;
  return invalid(
    `Line ${line} of the file holds a NUL character (a zero byte), which no cell can hold. Remove it and import the file again.`,
    [{ path: 'file', message: `NUL character on line ${line}` }],
  );
}

/** The first sheet of an import, held to the import's row limit. */
export function importTableOf(table: TabularTable | undefined): TabularTable {
  if (!table) throw invalid('The file is empty.');
  if (table.rows.length > IMPORT_MAX_ROWS) throw tooManyImportRows();
  return table;
}

/**
 * A stored CSV or XLSX file read as an import: its first sheet, within the import's row limit.
 * A file that cannot be read is a 422 saying why; too many rows a 413.
 */
export async function readImportTable(
  filePath: string,
  format: TabularFormat,
): Promise<TabularTable> {
  try {
    const [first] = await readTables(filePath, format, {
      maxRows: IMPORT_MAX_ROWS,
      firstSheetOnly: true,
    });
    return importTableOf(first?.sheet === 1 ? first : undefined);
  } catch (error) {
    if (error instanceof TooManyRowsError) throw tooManyImportRows();
    if (error instanceof UnreadableFileError) throw invalid(error.message);
    throw error;
  }
}

/** An uploaded import (its bytes): the format sniffed from them and the first sheet. */
export async function readImportFile(
  bytes: Buffer,
): Promise<{ format: TabularFormat; table: TabularTable }> {
  const format = importFormatOf(bytes);
  const dir = await makeTempDir('import');
  try {
    const file = join(dir, `import.${format}`);
    await writeFile(file, bytes);
    return { format, table: await readImportTable(file, format) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
