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
  { maxRows, signal, firstSheetOnly = false }: ReadLimits & { firstSheetOnly?: boolean },
): Promise<TabularTable[]> {
  await checkZip(filePath, XLSX_ZIP_LIMITS, 'spreadsheet');
  const collector = new TableCollector(maxRows);
  // Loaded on the first spreadsheet, not at every start of the server.
  const { default: ExcelJS } = await import('exceljs');
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
      for await (const row of sheet) {
        signal?.throwIfAborted();
        const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
        const cells = Array.from(values, (value) => cellText(value));
        const dates = cells.flatMap((_, i) => (isDateCell(values[i]) ? [i] : []));
        collector.add({ line: row.number, cells, ...(dates.length > 0 && { dates }) });
      }
      const name = (sheet as unknown as { name?: string }).name ?? `Sheet ${index}`;
      collector.endSheet(name, index);
      if (firstSheetOnly) break;
    }
  } catch (error) {
    if (error instanceof UnreadableFileError || signal?.aborted) throw error;
    throw new UnreadableFileError('This spreadsheet could not be read. The file may be damaged.');
  }
  return collector.tables;
}
