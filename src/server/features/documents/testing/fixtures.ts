import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

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

/** A ZIP with stored (uncompressed) entries: enough for a minimal OOXML package. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function docxBytes(lines = CERTIFICATE_LINES): Buffer {
  const paragraphs = lines.map((l) => `<w:p><w:r><w:t>${escapeXml(l)}</w:t></w:r></w:p>`).join('');
  return zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs}</w:body></w:document>`,
  });
}

/** The first bytes of a Windows executable (MZ header with the PE pointer). */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
