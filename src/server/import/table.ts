import { TooManyRowsError } from './errors';

/** Cells kept per row; a sheet of records has tens of columns, wider rows are cut. */
export const MAX_COLUMNS = 200;

export type TabularFormat = 'csv' | 'xlsx';

export interface TabularRow {
  /** The row's number as the file shows it: the spreadsheet row, or the CSV line it ends on. */
  line: number;
  /** The cells' text as written (not trimmed), at most MAX_COLUMNS. */
  cells: string[];
  /** Indexes of the cells Excel holds as dates (what it makes of `1-01` typed into a cell). */
  dates?: number[];
}

export interface TabularTable {
  /** Sheet name for XLSX, the file name for CSV. */
  name: string;
  /** 1-based position of the sheet in the workbook; 1 for CSV. */
  sheet: number;
  /** The first row that is not empty, trimmed: the column names. */
  header: string[];
  /** The rows after the header that are not empty. */
  rows: TabularRow[];
}

export interface ReadLimits {
  /** Refuse files with more data rows (after each sheet's header) than this. */
  maxRows: number;
  signal?: AbortSignal;
}

const isEmpty = (row: TabularRow) => row.cells.every((c) => c.trim() === '');

/**
 * Turns the rows of each sheet into a table: empty rows are skipped, the first row left is the
 * header, and the data rows of all sheets count against the limit as they arrive.
 */
export class TableCollector {
  readonly tables: TabularTable[] = [];
  private dataRows = 0;
  private header: string[] | undefined;
  private rows: TabularRow[] = [];

  constructor(private readonly maxRows: number) {}

  add(row: TabularRow) {
    if (isEmpty(row)) return;
    if (!this.header) {
      this.header = row.cells.map((c) => c.trim());
      return;
    }
    this.dataRows += 1;
    if (this.dataRows > this.maxRows) throw new TooManyRowsError(this.maxRows);
    this.rows.push(row);
  }

  endSheet(name: string, sheet: number) {
    if (this.header) this.tables.push({ name, sheet, header: this.header, rows: this.rows });
    this.header = undefined;
    this.rows = [];
  }
}
