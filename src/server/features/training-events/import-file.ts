import { invalid } from '../../http/errors';
import { readImportFile as readTabularImport } from '../../import/import-file';
import type { TabularFormat, TabularTable } from '../../import/table';

export interface ImportTable {
  format: TabularFormat;
  columns: string[];
  /** `rowNumber` as a spreadsheet shows it: the header is row 1. */
  rows: { rowNumber: number; cells: string[] }[];
}

/** Columns a record import reads; a sheet of records has about ten. */
const MAX_COLUMNS = 100;

/**
 * The first sheet of a file (uploaded, or a spreadsheet document's) as the record import reads
 * it: cells trimmed, the header's named columns, every row with its number in the file.
 */
export function importTableOf(format: TabularFormat, table: TabularTable): ImportTable {
  if (table.rows.length === 0) throw invalid('The file has a header row but no training events.');
  // Trailing empty header cells name nothing; a value under them is reported on its row.
  const named = table.header.findLastIndex((c) => c !== '') + 1;
  const columns = table.header.slice(0, Math.min(named, MAX_COLUMNS));
  const seen = new Set<string>();
  for (const c of columns) {
    if (c !== '' && seen.has(c.toLowerCase()))
      throw invalid(`The header names the column "${c}" twice.`);
    seen.add(c.toLowerCase());
  }
  const rows = table.rows.map((r) => ({ rowNumber: r.line, cells: r.cells.map((c) => c.trim()) }));
  return { format, columns, rows };
}

/** An uploaded CSV or XLSX file, told apart by its bytes. */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  const { format, table } = await readTabularImport(bytes);
  return importTableOf(format, table);
}
