import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFields } from '../extraction/extract-fields';
import { createOcrPool } from './ocr-pool';
import { readDocument } from './read-document';
import { pixelAspect } from './read-image';
import { hugePngHeader, makeZip, minimalDocx } from '../../../test/documents/handmade-files';
import { DocumentReadError, type DocumentKind, type OcrPool } from './types';

let dir: string;
let ocr: OcrPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'centerline-readers-'));
  ocr = createOcrPool({ size: 1 });
});

afterAll(async () => {
  await ocr.close();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Buffer | string) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

function pdf(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  draw(doc);
  doc.end();
  return done;
}

/** The PNG with a pHYs chunk stating its pixels per metre across and down. */
function withPhys(png: Buffer, x: number, y: number): Buffer {
  const data = Buffer.alloc(9);
  data.writeUInt32BE(x, 0);
  data.writeUInt32BE(y, 4);
  data[8] = 1;
  const type = Buffer.from('pHYs', 'latin1');
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 17);
  // After the signature (8 bytes) and IHDR (25 bytes), before anything else.
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

async function readError(
  path: string,
  kind: DocumentKind,
  extra: { maxRows?: number; maxPages?: number } = {},
) {
  const error = await readDocument(path, kind, { ocr, ...extra }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentReadError);
  return (error as DocumentReadError).message;
}

describe('PDF', () => {
  it('reads the text layer with line boxes, keeping form columns apart', async () => {
    const path = await file(
      'record.pdf',
      await pdf((doc) => {
        doc.fontSize(11).text('Student Name:', 72, 100).text('Jordan Ellis', 220, 100);
        doc.text('Instructor:', 340, 100).text('Sam Cole', 420, 100);
        doc.text('Certificate No.: 3456789  Date of Birth: 03/14/1990', 72, 130);
      }),
    );
    const read = await readDocument(path, 'pdf', { ocr });
    expect(read.pages).toHaveLength(1);
    const [page] = read.pages;
    expect(page!.source).toBe('text-layer');
    expect(page!.text.split('\n')[0]).toBe('Student Name:\tJordan Ellis\tInstructor:\tSam Cole');
    const first = page!.lines[0]!;
    expect(first.spans!.map((s) => s.text)).toEqual([
      'Student Name:',
      'Jordan Ellis',
      'Instructor:',
      'Sam Cole',
    ]);
    expect(first.box!.x0).toBeCloseTo(72, 0);
    const fields = Object.fromEntries(extractFields(read, []).map((f) => [f.fieldName, f.value]));
    expect(fields).toMatchObject({
      studentName: 'Jordan Ellis',
      instructorName: 'Sam Cole',
      licenseNumber: '3456789',
      dateOfBirth: '1990-03-14',
    });
  });

  it('refuses a password-protected PDF with a message saying so', async () => {
    const path = await file(
      'locked.pdf',
      await pdf((doc) => doc.text('Secret record', 72, 72), {
        userPassword: 'hunter22',
        ownerPassword: 'owner22',
      }),
    );
    expect(await readError(path, 'pdf')).toBe(
      'This PDF is password-protected. Remove the password and upload it again.',
    );
  });

  it('refuses a corrupt PDF', async () => {
    const path = await file(
      'broken.pdf',
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a pdf at all\n%%EOF',
    );
    expect(await readError(path, 'pdf')).toMatch(/could not be read/);
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const path = await file(
      'long.pdf',
      await pdf((doc) => {
        for (let i = 0; i < 200; i++) doc.addPage();
      }),
    );
    expect(await readError(path, 'pdf')).toBe(
      'This PDF has 201 pages; documents of up to 200 pages are read. Split it into smaller files and upload them again.',
    );
  });
});

describe('images', () => {
  it('OCRs a scanned page and the extractor reads its fields', async () => {
    const canvas = createCanvas(1700, 500);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1700, 500);
    ctx.fillStyle = '#111';
    ctx.font = '44px "Liberation Sans", "DejaVu Sans", sans-serif';
    ctx.fillText('Trainee: Jordan Ellis', 80, 120);
    ctx.fillText('Date of Training: March 3, 2024', 80, 220);
    ctx.fillText('Cert #: 3456789', 80, 320);
    const path = await file('scan.png', canvas.toBuffer('image/png'));
    const read = await readDocument(path, 'image', { ocr });
    expect(read.pages[0]!.source).toBe('ocr');
    expect(read.pages[0]!.text).toContain('Jordan Ellis');
    expect(read.pages[0]!.lines[0]!.confidence).toBeGreaterThan(0.5);
    const fields = Object.fromEntries(extractFields(read, []).map((f) => [f.fieldName, f.value]));
    expect(fields).toMatchObject({
      studentName: 'Jordan Ellis',
      trainingDate: '2024-03-03',
      licenseNumber: '3456789',
    });
  });

  it('makes a fax page in standard mode (200 × 100 DPI) square before reading it', async () => {
    const canvas = createCanvas(1700, 500);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1700, 500);
    ctx.fillStyle = '#111';
    ctx.font = '44px "Liberation Sans", "DejaVu Sans", sans-serif';
    ctx.fillText('Trainee: Jordan Ellis', 80, 120);
    ctx.fillText('Cert #: 3456789', 80, 320);
    // Half the rows, as a fax machine sends them, with the resolution the file states.
    const squashed = await sharp(canvas.toBuffer('image/png'))
      .resize(1700, 250, { fit: 'fill' })
      .png()
      .toBuffer();
    const fax = withPhys(squashed, 7874, 3937); // 200 and 100 DPI in pixels per metre
    expect(await pixelAspect(fax)).toBeCloseTo(2, 2);
    expect(await pixelAspect(squashed)).toBe(1);
    const path = await file('fax.png', fax);
    const read = await readDocument(path, 'image', { ocr });
    const geometry = read.pages[0]!.geometry!;
    expect(geometry.width / geometry.height).toBeCloseTo(1700 / 500, 1);
    expect(read.pages[0]!.text).toContain('Jordan Ellis');
  });

  it('refuses an image of 20000 × 20000 pixels before decoding it', async () => {
    const path = await file('huge.png', hugePngHeader(20_000, 20_000));
    expect(await readError(path, 'image')).toMatch(
      /^This image is 20000 × 20000 pixels, larger than the 50 megapixels we read/,
    );
  });

  it('refuses bytes that are not an image', async () => {
    const path = await file('fake.png', 'MZ this is not a picture');
    expect(await readError(path, 'image')).toMatch(/could not be read/);
  });
});

describe('spreadsheets', () => {
  it('keeps CSV rows as a table and as page text', async () => {
    const path = await file(
      'records.csv',
      '\uFEFFStudent Name,Cert #,Date\r\nJordan Ellis,3456789,03/14/2024\r\n"Ellis, Avery",1234567,2024-05-01\r\n',
    );
    const read = await readDocument(path, 'csv', { ocr });
    expect(read.tables[0]).toMatchObject({
      header: ['Student Name', 'Cert #', 'Date'],
      rows: [
        ['Jordan Ellis', '3456789', '03/14/2024'],
        ['Ellis, Avery', '1234567', '2024-05-01'],
      ],
    });
    expect(read.pages[0]!.text).toContain('Jordan Ellis\t3456789');
  });

  it('refuses a CSV with broken quoting, saying where', async () => {
    const path = await file(
      'broken.csv',
      'Name,Course\nJordan Ellis,"CJ3 Initial\nAvery Navarro,King Air\n',
    );
    expect(await readError(path, 'csv')).toMatch(
      /quoted value that is never closed.*Fix the quotes/,
    );
  });

  it('refuses a CSV over the row limit', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Pilot ${i},${1000000 + i}`).join('\n');
    const path = await file('many.csv', `Name,Cert\n${rows}\n`);
    expect(await readError(path, 'csv', { maxRows: 20 })).toBe(
      'This spreadsheet has more than 20 rows. Split it into smaller files and upload them again.',
    );
  });

  it('reads XLSX sheets with real dates as ISO dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Records');
    sheet.addRow(['Trainee', 'Certificate No.', 'Completion Date']);
    sheet.addRow(['Jordan Ellis', '3456789', new Date(Date.UTC(2024, 2, 3))]);
    const path = await file('records.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const read = await readDocument(path, 'xlsx', { ocr });
    expect(read.tables).toEqual([
      {
        name: 'Records',
        page: 1,
        header: ['Trainee', 'Certificate No.', 'Completion Date'],
        rows: [['Jordan Ellis', '3456789', '2024-03-03']],
        lines: [2],
      },
    ]);
  });

  it('refuses a zip bomb dressed as XLSX without inflating it', async () => {
    const zeros = Buffer.alloc(40 * 1024 * 1024);
    const bomb = makeZip(
      Array.from({ length: 6 }, (_, i) => ({ name: `xl/worksheets/sheet${i}.xml`, data: zeros })),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await readError(await file('bomb.xlsx', bomb), 'xlsx')).toMatch(
      /expands to more than 200 MB/,
    );
  });

  it('refuses an XLSX whose entries inflate beyond what they declare', async () => {
    const liar = makeZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 100 },
    ]);
    expect(await readError(await file('liar.xlsx', liar), 'xlsx')).toMatch(/expands to more than/);
  });
});

describe('Word', () => {
  it('reads paragraphs and table cells as lines', async () => {
    const path = await file(
      'record.docx',
      minimalDocx([
        'Training Record',
        ['Student Name', 'Jordan Ellis'],
        'Course: King Air 350 Recurrent',
      ]),
    );
    const read = await readDocument(path, 'docx', { ocr });
    expect(read.pages[0]!.lines.map((l) => l.text)).toEqual([
      'Training Record',
      'Student Name',
      'Jordan Ellis',
      'Course: King Air 350 Recurrent',
    ]);
    const fields = Object.fromEntries(extractFields(read, []).map((f) => [f.fieldName, f.value]));
    expect(fields).toMatchObject({
      studentName: 'Jordan Ellis',
      courseName: 'King Air 350 Recurrent',
      eventType: 'Recurrent',
    });
  });
});
