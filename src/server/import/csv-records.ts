import { parse } from 'csv-parse/sync';
import { invalid } from '../http/errors';

export interface CsvRecord {
  /** Line of the file the record ends on (1-based), for row-level error messages. */
  line: number;
  cells: string[];
}

/**
 * Decodes an uploaded CSV (UTF-8, or Windows-1252 as spreadsheet programs on Windows still
 * write it), guesses the delimiter from the first line (Excel writes ';' where the decimal
 * separator is a comma), and parses it. Returns null for binary content (a NUL byte), which the
 * caller refuses with its own message; malformed CSV is a 422 naming the problem.
 */
export function parseCsvRecords(bytes: Buffer): CsvRecord[] | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) return null;
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw invalid(
      `The CSV file could not be read: ${error instanceof Error ? error.message : 'it is malformed'}.`,
    );
  }
  return records.map((r) => ({ line: r.info.lines, cells: r.record }));
}
