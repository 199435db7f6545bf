import { basename } from 'node:path';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import type { ReadLimits, TabularFormat, TabularTable } from './table';

export interface ReadTablesOptions extends ReadLimits {
  /** Read only the first sheet of a workbook (an import); a document reads them all. */
  firstSheetOnly?: boolean;
  /** The CSV table's name; the file's name by default. */
  name?: string;
}

/**
 * The one reader of tabular files (document processing, the checklist import, the training
 * record import): each sheet's rows that are not empty, the first of them as the header, cells as
 * text with dates as YYYY-MM-DD. Throws UnreadableFileError (TooManyRowsError over the limit) with
 * a message for the person who sent the file; other errors are the machine's.
 */
export function readTables(
  filePath: string,
  format: TabularFormat,
  options: ReadTablesOptions,
): Promise<TabularTable[]> {
  return format === 'xlsx'
    ? readXlsx(filePath, options)
    : readCsv(filePath, options.name ?? basename(filePath), options);
}
