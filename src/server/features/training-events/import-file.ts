import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ERROR_CODES } from '@shared/api/errors';
import { IMPORT_MAX_ROWS } from '@shared/api/training-events';
import { AppError, invalid } from '../../http/errors';
import { checkZip } from '../documents/reading/zip-guard';
import { parseCsvRecords } from '../../import/csv-records';

export interface ImportTable {
  format: 'csv' | 'xlsx';
  columns: string[];
  /** `rowNumber` as a spreadsheet shows it: the header is row 1. */
  rows: { rowNumber: number; cells: string[] }[];
}

const XLSX_LIMITS = { maxEntries: 500, maxTotalBytes: 100 * 1024 * 1024 };
const MAX_COLUMNS = 100;

export const unsupportedImport = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedMediaType,
    'Import a CSV file or an Excel workbook (.xlsx). Save older .xls workbooks as .xlsx first.',
  );

const tooManyRows = (count: string) =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file has ${count} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}. Split it into smaller files.`,
  );

/** An Excel cell as text; dates (Excel keeps them as UTC midnights) as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return String(v.error);
    return '';
  }
  return String(value);
}

function tableOf(format: ImportTable['format'], raw: { rowNumber: number; cells: string[] }[]) {
  const rows = raw
    .map((r) => ({ rowNumber: r.rowNumber, cells: r.cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const [head, ...body] = rows;
  if (!head) throw invalid('The file is empty.');
  if (body.length === 0) throw invalid('The file has a header row but no training events.');
  if (body.length > IMPORT_MAX_ROWS) throw tooManyRows(body.length.toLocaleString('en-US'));
  const columns = head.cells.slice(0, MAX_COLUMNS);
  const seen = new Set<string>();
  for (const c of columns) {
    if (c !== '' && seen.has(c.toLowerCase()))
      throw invalid(`The header names the column "${c}" twice.`);
    seen.add(c.toLowerCase());
  }
  return { format, columns, rows: body };
}

function readCsv(bytes: Buffer): ImportTable {
  const records = parseCsvRecords(bytes);
  if (!records) throw unsupportedImport();
  return tableOf(
    'csv',
    records.map((r) => ({ rowNumber: r.line, cells: r.cells })),
  );
}

async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  const dir = await mkdtemp(join(tmpdir(), 'centerline-records-import-'));
  try {
    const file = join(dir, 'import.xlsx');
    await writeFile(file, bytes);
    try {
      await checkZip(file, XLSX_LIMITS, 'spreadsheet');
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'The spreadsheet could not be read.');
    }
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw invalid('The spreadsheet could not be read. The file may be damaged.');
    }
    // The first worksheet holds the records; others may hold notes.
    const sheet = workbook.worksheets[0];
    if (!sheet) throw invalid('The workbook has no worksheet.');
    if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) {
      throw tooManyRows(`about ${(sheet.actualRowCount - 1).toLocaleString('en-US')}`);
    }
    const rows: { rowNumber: number; cells: string[] }[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
      rows.push({ rowNumber: row.number, cells: Array.from(values, cellText) });
    });
    return tableOf('xlsx', rows);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** CSV or XLSX, told apart by the bytes, never by the name or the type the browser claims. */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) throw invalid('The file is empty.');
  const magic = bytes.subarray(0, 5);
  if (magic.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsx(bytes);
  if (magic.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw unsupportedImport();
  if (magic.toString('latin1') === '%PDF-') throw unsupportedImport();
  if (magic.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) throw unsupportedImport();
  if (magic.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) throw unsupportedImport();
  return readCsv(bytes);
}
