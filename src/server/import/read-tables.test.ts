import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRowsError, UnreadableFileError } from './errors';
import { readTables } from './read-tables';
import { readWhole } from './read-xlsx';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'centerline-tabular-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, bytes: Buffer | string) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function workbook(sheets: Record<string, ExcelJS.CellValue[][]>) {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    rows.forEach((row, i) => {
      if (row.length > 0) sheet.getRow(i + 1).values = row;
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('CSV', () => {
  it('skips empty lines, takes the first row as the header and numbers rows by their line', async () => {
    const path = await file(
      'records.csv',
      '\r\nName;Date\r\n;\r\nAvery Quinn;2025-01-10\r\n\r\n"Blake\nStone";03/15/2025\r\n',
    );
    const [table] = await readTables(path, 'csv', { maxRows: 10 });
    expect(table).toEqual({
      name: 'records.csv',
      sheet: 1,
      header: ['Name', 'Date'],
      rows: [
        { line: 4, cells: ['Avery Quinn', '2025-01-10'] },
        { line: 7, cells: ['Blake\nStone', '03/15/2025'] },
      ],
    });
  });

  it('reads a file that is not UTF-8 as Windows-1252', async () => {
    const path = await file(
      'legacy.csv',
      Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x52, 0xe9, 0x6e, 0xe9]),
    );
    const [table] = await readTables(path, 'csv', { maxRows: 10 });
    expect(table!.rows[0]!.cells).toEqual(['Réné']);
  });

  it('refuses broken quoting saying where, and more data rows than the limit', async () => {
    const broken = await file('broken.csv', 'Name,Course\nJordan Ellis,"CJ3 Initial\n');
    await expect(readTables(broken, 'csv', { maxRows: 10 })).rejects.toThrow(
      /^The CSV file could not be read: it has a quoted value that is never closed/,
    );
    const rows = Array.from({ length: 21 }, (_, i) => `Pilot ${i}`).join('\n');
    const many = await file('many.csv', `Name\n\n${rows}\n`);
    await expect(readTables(many, 'csv', { maxRows: 21 })).resolves.toHaveLength(1);
    const error = await readTables(many, 'csv', { maxRows: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRowsError);
    expect((error as TooManyRowsError).maxRows).toBe(20);
  });
});

describe('XLSX', () => {
  it('reads every sheet with rows, dates as ISO text, and says which cells Excel holds as dates', async () => {
    const path = await file(
      'book.xlsx',
      await workbook({
        Records: [
          [],
          ['Item Number', 'When', 'Score'],
          [
            new Date(Date.UTC(2024, 0, 1)),
            new Date(Date.UTC(2024, 2, 3, 14, 30)),
            { formula: '1+1', result: 2 },
          ],
          ['', ' '],
          ['1-02', { richText: [{ text: 'Rich ' }, { text: 'text' }] }, { error: '#N/A' }],
        ],
        Empty: [],
        Notes: [['Note'], ['kept']],
      }),
    );
    const tables = await readTables(path, 'xlsx', { maxRows: 10 });
    expect(tables).toEqual([
      {
        name: 'Records',
        sheet: 1,
        header: ['Item Number', 'When', 'Score'],
        rows: [
          { line: 3, cells: ['2024-01-01', '2024-03-03 14:30', '2'], dates: [0, 1] },
          { line: 5, cells: ['1-02', 'Rich text', ''] },
        ],
      },
      { name: 'Notes', sheet: 3, header: ['Note'], rows: [{ line: 2, cells: ['kept'] }] },
    ]);
    const first = await readTables(path, 'xlsx', { maxRows: 10, firstSheetOnly: true });
    expect(first.map((t) => t.name)).toEqual(['Records']);
  });

  it('counts the data rows of all sheets against the limit', async () => {
    const path = await file(
      'two.xlsx',
      await workbook({ A: [['h'], ['1'], ['2']], B: [['h'], ['3']] }),
    );
    await expect(readTables(path, 'xlsx', { maxRows: 3 })).resolves.toHaveLength(2);
    await expect(readTables(path, 'xlsx', { maxRows: 2 })).rejects.toBeInstanceOf(TooManyRowsError);
    await expect(
      readTables(path, 'xlsx', { maxRows: 2, firstSheetOnly: true }),
    ).resolves.toHaveLength(1);
  });

  it('refuses a file that is not a workbook with a message for the sender', async () => {
    const path = await file('damaged.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    const error = await readTables(path, 'xlsx', { maxRows: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toBe(
      'This spreadsheet file could not be read. The file may be damaged.',
    );
  });
});

describe('XLSX read whole (the fallback of the streaming reader)', () => {
  it('gives the same tables as the streaming reader, sheets, dates and row numbers included', async () => {
    const path = await file(
      'two-sheets.xlsx',
      await workbook({
        Roster: [
          ['Name', 'Start'],
          ['Avery Quinn', new Date(Date.UTC(2021, 2, 1))],
          [],
          ['Blake Stone', 'n/a'],
        ],
        Empty: [],
        Devices: [['Device'], ['FFS 2']],
      }),
    );
    const streamed = await readTables(path, 'xlsx', { maxRows: 10 });
    const whole = await readWhole(path, { maxRows: 10 });
    expect(whole).toEqual(streamed);
    expect(whole.map((t) => t.name)).toEqual(['Roster', 'Devices']);
    await expect(readWhole(path, { maxRows: 1 })).rejects.toBeInstanceOf(TooManyRowsError);
  });
});
