import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ERROR_CODES } from '@shared/api/errors';
import { AppError, invalid } from '../../http/errors';
import { checkZip } from '../documents/reading/zip-guard';
import { parseCsvRecords } from '../../import/csv-records';

/** One row per checklist item is all an import needs; 1,000 leaves room for blank and note rows. */
export const IMPORT_MAX_ROWS = 1_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_LIMITS = { maxEntries: 500, maxTotalBytes: 50 * 1024 * 1024 };

export interface ImportCell {
  text: string;
  /** Excel turned the value into a date (what it does to `1-01` typed into a General cell). */
  isDate: boolean;
}

export interface ImportTable {
  header: string[];
  /** `line` is the row's number in the file (the header is line 1). */
  rows: { line: number; cells: ImportCell[] }[];
}

export const unsupportedFile = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedMediaType,
    'Import a CSV file or an Excel workbook (.xlsx). Older .xls workbooks must be saved as .xlsx first.',
  );

const tooManyRows = (count: number | null) =>
  invalid(
    `The file has ${count === null ? 'more than ' + IMPORT_MAX_ROWS.toLocaleString('en-US') : count.toLocaleString('en-US')} rows; ` +
      `an import holds at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} (one row per checklist item).`,
  );

function cellOf(value: unknown): ImportCell {
  if (value === null || value === undefined) return { text: '', isDate: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), isDate: true };
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      const text = (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
      return { text, isDate: false };
    }
    if ('result' in v) return cellOf(v.result);
    if (typeof v.text === 'string') return { text: v.text, isDate: false };
    return { text: '', isDate: false };
  }
  return { text: String(value), isDate: false };
}

function tableOf(rows: { line: number; cells: ImportCell[] }[]): ImportTable {
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.text.trim() !== ''));
  const [head, ...body] = nonEmpty;
  if (!head) throw invalid('The file is empty.');
  if (body.length > IMPORT_MAX_ROWS) throw tooManyRows(body.length);
  return { header: head.cells.map((c) => c.text.trim()), rows: body };
}

function readCsv(bytes: Buffer): ImportTable {
  const records = parseCsvRecords(bytes);
  if (!records) throw unsupportedFile();
  return tableOf(
    records.map((r) => ({ line: r.line, cells: r.cells.map((text) => ({ text, isDate: false })) })),
  );
}

async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  const dir = await mkdtemp(join(tmpdir(), 'centerline-checklist-import-'));
  try {
    const file = join(dir, 'import.xlsx');
    await writeFile(file, bytes);
    try {
      await checkZip(file, XLSX_LIMITS, 'spreadsheet');
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'The spreadsheet could not be read.');
    }
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    const rows: { line: number; cells: ImportCell[] }[] = [];
    try {
      for await (const sheet of reader) {
        for await (const row of sheet) {
          const values = Array.isArray(row.values) ? row.values.slice(1, 51) : [];
          rows.push({ line: row.number, cells: Array.from(values, cellOf) });
          if (rows.length > IMPORT_MAX_ROWS + 200) throw tooManyRows(null);
        }
        // Only the first worksheet is the checklist; others may hold notes.
        break;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalid('The spreadsheet could not be read. The file may be damaged.');
    }
    return tableOf(rows);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** CSV or XLSX by its bytes (never by the name or the type the browser claims). */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) throw invalid('The file is empty.');
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsx(bytes);
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw unsupportedFile();
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw unsupportedFile();
  return readCsv(bytes);
}
