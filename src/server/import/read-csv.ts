import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { UnreadableFileError } from './errors';
import { MAX_COLUMNS, TableCollector, type ReadLimits, type TabularTable } from './table';

/**
 * The file as UTF-8. Spreadsheet programs on Windows still export CSV in Windows-1252, which is
 * what a file that is not valid UTF-8 is taken to be.
 */
async function utf8Bytes(filePath: string): Promise<Buffer> {
  const bytes = await readFile(filePath);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return bytes;
  } catch {
    return Buffer.from(new TextDecoder('windows-1252').decode(bytes));
  }
}

/** Picks the delimiter that splits the first line with text (outside quotes) into the most fields. */
function sniffDelimiter(bytes: Buffer): string {
  const head = bytes.subarray(0, 65_536).toString('utf8');
  const firstLine = head.split(/\r?\n/).find((line) => line.replace(/^\uFEFF/, '').trim()) ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

function* chunksOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

/** One table named `name`; none when every line is empty. */
export async function readCsv(
  filePath: string,
  name: string,
  { maxRows, signal }: ReadLimits,
): Promise<TabularTable[]> {
  const bytes = await utf8Bytes(filePath);
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({
      bom: true,
      encoding: 'utf8',
      delimiter: sniffDelimiter(bytes),
      relax_column_count: true,
      skip_empty_lines: true,
      // Whitespace around a delimiter goes; whitespace inside quotes stays.
      trim: true,
      max_record_size: 1_000_000,
      info: true,
    }),
  );
  const collector = new TableCollector(maxRows);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      signal?.throwIfAborted();
      collector.add({ line: info.lines, cells: record.slice(0, MAX_COLUMNS) });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) throw csvError(error);
    throw error;
  }
  collector.endSheet(name, 1);
  return collector.tables;
}

function csvError(error: CsvError): UnreadableFileError {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` on line ${line}` : '';
  const unreadable = (problem: string) =>
    new UnreadableFileError(`The CSV file could not be read: ${problem}`);
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return unreadable(
        `it has a quoted value that is never closed${where}. Fix the quotes and try again.`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return unreadable(`it has a stray quote${where}. Fix the quotes and try again.`);
    case 'CSV_MAX_RECORD_SIZE':
      return unreadable(`it has a row longer than 1 MB${where}.`);
    default:
      return unreadable(error.message);
  }
}
