import { TooManyRowsError, UnreadableFileError } from '../../../import/errors';
import { readTables } from '../../../import/read-tables';
import type { TabularFormat, TabularTable } from '../../../import/table';
import { DocumentReadError, type PageText, type TableData, type TextLine } from './types';

export interface SpreadsheetRead {
  pages: PageText[];
  tables: TableData[];
}

/** Cells trimmed, every row as wide as the widest, with each row's number in the file. */
function toTableData(table: TabularTable): TableData {
  const rows = [table.header, ...table.rows.map((r) => r.cells.map((c) => c.trim()))];
  const width = Math.max(...rows.map((r) => r.findLastIndex((c) => c !== '') + 1));
  const [header, ...body] = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  return {
    name: table.name,
    page: table.sheet,
    header: header!,
    rows: body,
    lines: table.rows.map((r) => r.line),
  };
}

/** The same rows as page text, so that search and the label extractor see them too. */
function pageOf(table: TableData): PageText {
  const lines: TextLine[] = [table.header, ...table.rows].map((cells) => ({
    text: cells.join('\t'),
    confidence: 1,
  }));
  return { page: table.page, text: lines.map((l) => l.text).join('\n'), lines, source: 'table' };
}

/** A CSV or XLSX document through the one tabular reader (`src/server/import/`): every sheet. */
export async function readSpreadsheet(
  filePath: string,
  format: TabularFormat,
  maxRows: number,
  signal?: AbortSignal,
): Promise<SpreadsheetRead> {
  let tables: TabularTable[];
  try {
    tables = await readTables(filePath, format, { maxRows, signal });
  } catch (error) {
    if (error instanceof TooManyRowsError) {
      throw new DocumentReadError(
        `This spreadsheet has more than ${maxRows.toLocaleString('en-US')} rows. ` +
          'Split it into smaller files and upload them again.',
      );
    }
    if (error instanceof UnreadableFileError) throw new DocumentReadError(error.message);
    throw error;
  }
  if (tables.length === 0) {
    throw new DocumentReadError(
      format === 'csv' ? 'This CSV file has no rows.' : 'This spreadsheet has no rows.',
    );
  }
  const data = tables.map(toTableData);
  return { pages: data.map(pageOf), tables: data };
}
