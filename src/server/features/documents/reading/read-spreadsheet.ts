import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { checkZip } from './zip-guard';
import { DocumentReadError, type PageText, type TableData, type TextLine } from './types';

/** An XLSX of 50,000 rows of ten columns is ~30 MB of XML; far more means a bomb or a dump. */
export const XLSX_ZIP_LIMITS = { maxEntries: 2_000, maxTotalBytes: 200 * 1024 * 1024 };
const MAX_COLUMNS = 200;

export interface SpreadsheetRead {
  pages: PageText[];
  tables: TableData[];
}

function tooManyRows(maxRows: number) {
  return new DocumentReadError(
    `This spreadsheet has more than ${maxRows.toLocaleString('en-US')} rows. ` +
      'Split it into smaller files and upload them again.',
  );
}

/** Cells as text: dates as YYYY-MM-DD (the extractor's canonical form), formulas as results. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    }
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return '';
    return '';
  }
  return String(value).trim();
}

function toTable(name: string, page: number, rows: string[][]): TableData | undefined {
  const nonEmpty = rows.filter((r) => r.some((c) => c !== ''));
  if (nonEmpty.length === 0) return undefined;
  const width = Math.max(...nonEmpty.map((r) => r.findLastIndex((c) => c !== '') + 1));
  const square = nonEmpty.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  const [header, ...body] = square;
  return { name, page, header: header!, rows: body };
}

/** The same rows as page text, so that search and the label extractor see them too. */
function pageOf(table: TableData): PageText {
  const lines: TextLine[] = [table.header, ...table.rows].map((cells) => ({
    text: cells.join('\t'),
    confidence: 1,
  }));
  return { page: table.page, text: lines.map((l) => l.text).join('\n'), lines, source: 'table' };
}

export async function readXlsx(
  filePath: string,
  maxRows: number,
  signal?: AbortSignal,
): Promise<SpreadsheetRead> {
  await checkZip(filePath, XLSX_ZIP_LIMITS, 'spreadsheet');
  const tables: TableData[] = [];
  let total = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let index = 0;
    for await (const sheet of reader) {
      index += 1;
      const rows: string[][] = [];
      for await (const row of sheet) {
        signal?.throwIfAborted();
        const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
        rows[row.number - 1] = Array.from(values, cellText);
        total += 1;
        if (total > maxRows + 1) throw tooManyRows(maxRows);
      }
      const name = (sheet as unknown as { name?: string }).name ?? `Sheet ${index}`;
      const table = toTable(
        name,
        index,
        Array.from(rows, (r) => r ?? []),
      );
      if (table) tables.push(table);
    }
  } catch (error) {
    if (error instanceof DocumentReadError || signal?.aborted) throw error;
    throw new DocumentReadError('This spreadsheet could not be read. The file may be damaged.');
  }
  if (tables.length === 0) throw new DocumentReadError('This spreadsheet has no rows.');
  return { pages: tables.map(pageOf), tables };
}

/** Picks the delimiter that splits the first line into the most fields. */
function sniffDelimiter(head: string): string {
  const firstLine = head.split(/\r?\n/)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

async function sniffHead(filePath: string): Promise<{ head: string; encoding: BufferEncoding }> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(65_536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    try {
      // Cut a few bytes so that a character split at the window's end does not count as invalid.
      new TextDecoder('utf-8', { fatal: true }).decode(
        bytes.subarray(0, Math.max(0, bytesRead - 4)),
      );
      return { head: bytes.toString('utf8'), encoding: 'utf8' };
    } catch {
      // Spreadsheet programs on Windows still export CSV in Windows-1252, close to latin1.
      return { head: bytes.toString('latin1'), encoding: 'latin1' };
    }
  } finally {
    await handle.close();
  }
}

export async function readCsv(
  filePath: string,
  maxRows: number,
  signal?: AbortSignal,
): Promise<SpreadsheetRead> {
  const { head, encoding } = await sniffHead(filePath);
  const input = createReadStream(filePath);
  const parser = input.pipe(
    parse({
      bom: true,
      encoding,
      delimiter: sniffDelimiter(head.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 1_000_000,
    }),
  );
  // pipe() does not forward read errors; without this a vanished file would hang the read.
  input.on('error', (error) => parser.destroy(error));
  const rows: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      signal?.throwIfAborted();
      rows.push(record.slice(0, MAX_COLUMNS));
      if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
    }
  } catch (error) {
    parser.destroy();
    input.destroy();
    if (error instanceof DocumentReadError || signal?.aborted) throw error;
    if (error instanceof CsvError) throw csvError(error);
    // A read error is the machine's, not the file's: let the job retry it.
    throw error;
  }
  const table = toTable(basename(filePath), 1, rows);
  if (!table) throw new DocumentReadError('This CSV file has no rows.');
  return { pages: [pageOf(table)], tables: [table] };
}

function csvError(error: CsvError): DocumentReadError {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` on line ${line}` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new DocumentReadError(
        `This CSV file has a quoted value that is never closed${where}. Fix the quotes and upload it again.`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new DocumentReadError(
        `This CSV file has a stray quote${where}. Fix the quotes and upload it again.`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new DocumentReadError(`This CSV file has a row longer than 1 MB${where}.`);
    default:
      return new DocumentReadError(`This CSV file could not be read${where}: ${error.message}`);
  }
}
