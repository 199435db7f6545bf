import { cellText, isDateCell } from './cells';
import { UnreadableFileError } from './errors';
import { MAX_COLUMNS, TableCollector, type ReadLimits, type TabularTable } from './table';
import { checkZip } from './zip-guard';

/** An XLSX of 50,000 rows of ten columns is ~30 MB of XML; far more means a bomb or a dump. */
export const XLSX_ZIP_LIMITS = { maxEntries: 2_000, maxTotalBytes: 200 * 1024 * 1024 };

/**
 * One table per sheet that has a row (only the first sheet with `firstSheetOnly`), streamed so
 * that a sheet over the row limit is refused without being held in memory.
 */
export async function readXlsx(
  filePath: string,
  limits: ReadLimits & { firstSheetOnly?: boolean },
): Promise<TabularTable[]> {
  await checkZip(filePath, XLSX_ZIP_LIMITS, 'spreadsheet');
  try {
    return await readStreaming(filePath, limits);
  } catch (error) {
    if (error instanceof UnreadableFileError || limits.signal?.aborted) throw error;
    // ExcelJS's streaming reader intermittently drops a part of a sound archive (most often
    // xl/workbook.xml, exceljs issue 3064) and then fails; the whole-file reader opens the
    // archive by its central directory and does not. The zip guard above bounds its memory.
  }
  try {
    return await readWhole(filePath, limits);
  } catch (error) {
    if (error instanceof UnreadableFileError || limits.signal?.aborted) throw error;
    throw new UnreadableFileError('This spreadsheet could not be read. The file may be damaged.');
  }
}

type XlsxRow = { number: number; values: unknown };

function addRow(collector: TableCollector, row: XlsxRow, signal?: AbortSignal) {
  signal?.throwIfAborted();
  const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
  const cells = Array.from(values, (value) => cellText(value));
  const dates = cells.flatMap((_, i) => (isDateCell(values[i]) ? [i] : []));
  collector.add({ line: row.number, cells, ...(dates.length > 0 && { dates }) });
}

async function readStreaming(
  filePath: string,
  { maxRows, signal, firstSheetOnly = false }: ReadLimits & { firstSheetOnly?: boolean },
): Promise<TabularTable[]> {
  const collector = new TableCollector(maxRows);
  // Loaded on the first spreadsheet, not at every start of the server.
  const { default: ExcelJS } = await import('exceljs');
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
    for await (const row of sheet) addRow(collector, row as XlsxRow, signal);
    const name = (sheet as unknown as { name?: string }).name ?? `Sheet ${index}`;
    collector.endSheet(name, index);
    if (firstSheetOnly) break;
  }
  return collector.tables;
}

/** The whole-file reader the streaming one falls back on (exported for its test). */
export async function readWhole(
  filePath: string,
  { maxRows, signal, firstSheetOnly = false }: ReadLimits & { firstSheetOnly?: boolean },
): Promise<TabularTable[]> {
  const collector = new TableCollector(maxRows);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(filePath);
  let index = 0;
  for (const sheet of workbook.worksheets) {
    index += 1;
    sheet.eachRow({ includeEmpty: false }, (row) => addRow(collector, row as XlsxRow, signal));
    collector.endSheet(sheet.name, index);
    if (firstSheetOnly) break;
  }
  return collector.tables;
}
