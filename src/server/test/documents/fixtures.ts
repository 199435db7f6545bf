import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { minimalDocx } from './handmade-files';

/** Fixture files built in the test from real libraries, so nothing binary is checked in. */

export const CERTIFICATE_LINES = [
  'Training Completion Certificate',
  'Student Name: Jordan Avery Pilot',
  'Certificate No.: 3456789',
  'Course: Citation CE-525 Initial Type Rating',
  'Date of Training: 2025-03-14',
  'Instructor: Morgan Lee',
];

export function pdfBytes(lines = CERTIFICATE_LINES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 72,
      info: { CreationDate: new Date(0) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

export function pngBytes(lines = CERTIFICATE_LINES.slice(0, 3)): Promise<Buffer> {
  const text = lines.map((line, i) => `<text x="40" y="${70 + i * 50}">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${100 + lines.length * 50}">
    <rect width="100%" height="100%" fill="white"/>
    <g font-family="DejaVu Sans" font-size="30" fill="black">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Records');
  sheet.addRow(['Student Name', 'Certificate Number', 'Course', 'Training Date', 'Instructor']);
  sheet.addRow(['Jordan Avery Pilot', '3456789', 'CE-525 Initial', '2025-03-14', 'Morgan Lee']);
  sheet.addRow(['Casey Quinn', '4567890', 'CE-525 Recurrent', '2025-04-02', 'Morgan Lee']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const CSV_TEXT =
  'Student Name,Certificate Number,Course,Training Date,Instructor\r\n' +
  'Jordan Avery Pilot,3456789,CE-525 Initial,2025-03-14,Morgan Lee\r\n';

/** A Word file with one paragraph per line. */
export function docxBytes(lines = CERTIFICATE_LINES): Buffer {
  return minimalDocx(lines);
}

/** The first bytes of a Windows executable (MZ header with the PE pointer). */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
