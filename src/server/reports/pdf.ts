import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/** The house style of every PDF the server writes (checklist, audit report, generated drafts). */
export const PDF_MARGIN = 50;
export const PDF_MUTED = '#475569';
export const PDF_INK = '#0f172a';

// Liberation Sans ships with pdfjs-dist: full Unicode text without relying on system fonts
// (pdfkit's built-in Helvetica only knows Windows-1252, and comments may hold any script).
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process; every document reuses the bytes. */
function fontFiles() {
  fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'LiberationSans-Regular.ttf')),
    bold: readFileSync(join(FONT_DIR, 'LiberationSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * A US Letter document with the fonts `regular` and `bold` registered and pages buffered (for
 * page numbers at the end); `done` resolves to the file's bytes once `doc.end()` is called.
 */
export function startPdf(info: PDFKit.DocumentInfo): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Creator: 'Centerline', ...info },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
