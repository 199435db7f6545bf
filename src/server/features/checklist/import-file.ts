import { readImportFile as readTabularImport } from '../../import/import-file';

export { IMPORT_MAX_ROWS, unsupportedImport as unsupportedFile } from '../../import/import-file';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

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

/** The first sheet of a CSV or XLSX file (told apart by its bytes), read as the checklist's table. */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  const { table } = await readTabularImport(bytes);
  return {
    header: table.header,
    rows: table.rows.map(({ line, cells, dates }) => ({
      line,
      cells: cells.map((text, i) => ({ text, isDate: dates?.includes(i) ?? false })),
    })),
  };
}
