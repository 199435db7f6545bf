import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@shared/api/preferences';
import { readerText, textFor } from '../i18n/index';

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
/** The language each document is written in, for the house style's own words and punctuation. */
const documentLanguage = new WeakMap<PDFKit.PDFDocument, Language>();
/** Read once per process; every document reuses the bytes. */
function fontFiles() {
  fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'LiberationSans-Regular.ttf')),
    bold: readFileSync(join(FONT_DIR, 'LiberationSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * A US Letter document in the house style, with the fonts `regular` and `bold` registered. Pages
 * are buffered so that `finish()` can write the page frame's footer on every page,
 * `{footer} · page {n} of {count}` in the reader's language, before it ends the document and
 * resolves to its bytes.
 */
export async function startPdf({
  info,
  footer,
  language = 'en',
}: {
  info: PDFKit.DocumentInfo;
  footer: string;
  /** The reader's language (Settings → System Preferences). */
  language?: Language;
}): Promise<{ doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> }> {
  const { t, number } = readerText(language, 'reports');
  // Loaded on the first report, not at every start of the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Creator: 'Centerline', ...info },
  });
  documentLanguage.set(doc, language);
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = () => {
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      writeFooter(doc, t('footer', { footer, page: number(i + 1), pages: number(range.count) }));
    }
    doc.end();
    return done;
  };
  return { doc, finish };
}

/** The page frame's footer line, in the bottom margin of the current page. */
function writeFooter(doc: PDFKit.PDFDocument, text: string) {
  // Writing inside the bottom margin would otherwise make pdfkit start a new page.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('regular').fontSize(8).fillColor(PDF_MUTED);
  doc.text(text, PDF_MARGIN, doc.page.height - PDF_MARGIN + 15, {
    width: pdfContentWidth(doc),
    align: 'center',
    lineBreak: false,
  });
  doc.page.margins.bottom = bottom;
}

/**
 * pdfkit keeps the layout of every distinct word it has set, for the life of the document: with
 * tens of thousands of names, numbers and dates that cache was what grew with the records
 * (80,000 records would not fit a 200 MB heap). Emptied at each page, it holds one page's words
 * and still spares laying out the words a page repeats.
 */
function forgetWordLayouts(doc: PDFKit.PDFDocument) {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as object;
  }
}

/**
 * A document written as it goes, for reports of thousands of rows: no page is kept once the next
 * one starts, so memory stays flat however long it runs. The page frame is drawn as each page
 * starts, which needs the page count up front: the caller lays the same content out once to
 * learn it (`pages`, 0 for that first pass), then writes it, and compares the `pages()` it ends
 * with. `header` runs along the top of every page after the first.
 */
export async function startStreamedPdf({
  info,
  footer,
  header,
  pages,
  language = 'en',
}: {
  info: PDFKit.DocumentInfo;
  footer: string;
  header: string;
  pages: number;
  language?: Language;
}): Promise<{
  doc: PDFKit.PDFDocument;
  pages: () => number;
  finish: () => Promise<Buffer>;
}> {
  const { t, number } = readerText(language, 'reports');
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PDF_MARGIN,
    info: { Creator: 'Centerline', ...info },
  });
  documentLanguage.set(doc, language);
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let count = 0;
  const frame = () => {
    count += 1;
    forgetWordLayouts(doc);
    const [x, y] = [doc.x, doc.y];
    writeFooter(
      doc,
      t('footer', { footer, page: number(count), pages: number(Math.max(pages, count)) }),
    );
    if (count > 1) {
      const top = doc.page.margins.top;
      doc.page.margins.top = 0;
      doc.font('regular').fontSize(7.5).fillColor(PDF_MUTED);
      doc.text(header, PDF_MARGIN, PDF_MARGIN - 30, {
        width: pdfContentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
      doc.page.margins.top = top;
    }
    doc.x = x;
    doc.y = y;
  };
  // The first page exists before anyone can listen for it.
  frame();
  doc.on('pageAdded', frame);
  return {
    doc,
    pages: () => count,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/** The width between the left and right margins. */
export function pdfContentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - PDF_MARGIN * 2;
}

/** Starts a new page unless at least `height` points are left above the bottom margin. */
export function keepOnPage(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y > doc.page.height - PDF_MARGIN - height) doc.addPage();
}

/** The document's title and, under it, the organization it belongs to. */
export function writePdfTitle(doc: PDFKit.PDFDocument, title: string, organizationName: string) {
  const width = pdfContentWidth(doc);
  doc.font('bold').fontSize(18).fillColor(PDF_INK).text(title, { width });
  doc.font('regular').fontSize(11).text(organizationName, { width });
}

/**
 * In Spanish and French files, the line that says why the FAA's words are in English: regulation
 * and checklist text is reproduced as published (docs/TRANSLATION.md). Null in English.
 */
export function englishSourceNote(language: Language): string | null {
  return language === 'en' ? null : textFor(language, 'reports')('englishSource');
}

/**
 * `Label: value` in small type, the label bold and muted, wrapped to the content width; the
 * label punctuated as the document's language writes it (`Label : value` in French).
 */
export function writePdfField(doc: PDFKit.PDFDocument, label: string, value: string) {
  const width = pdfContentWidth(doc);
  const t = textFor(documentLanguage.get(doc) ?? 'en', 'reports');
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(PDF_MUTED)
    .text(t('fieldLabel', { label }), { continued: true, width });
  doc.font('regular').fillColor(PDF_INK).text(value, { width });
}

/** The organization's ledger as of a report: what lets a reader tie the report to the log. */
export interface LedgerAnchor {
  fingerprint: string;
  origin: string;
  treeSize: number;
  rootHash: string;
  /** The C2SP checkpoint note, with the witness cosignatures received for it. */
  checkpoint: string;
  cosignatures: number;
}

/**
 * The ledger checkpoint at the time of the report: the key's fingerprint (to compare with the one
 * the organization handed over) and the signed checkpoint itself, which a reader keeps by keeping
 * the file and can later prove the log still contains.
 */
export function writeLedgerAnchor(
  doc: PDFKit.PDFDocument,
  anchor: LedgerAnchor,
  language: Language = 'en',
) {
  const { t, number } = readerText(language, 'reports');
  const width = pdfContentWidth(doc);
  keepOnPage(doc, 170);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(11).fillColor(PDF_INK).text(t('ledger.heading'), { width });
  doc.moveDown(0.2);
  writePdfField(doc, t('ledger.fingerprint'), anchor.fingerprint);
  writePdfField(doc, t('ledger.log'), anchor.origin);
  writePdfField(
    doc,
    t('ledger.entries'),
    t('ledger.entriesValue', { count: anchor.treeSize, root: anchor.rootHash }),
  );
  writePdfField(
    doc,
    t('ledger.cosignatures'),
    anchor.cosignatures === 0 ? t('ledger.noCosignatures') : number(anchor.cosignatures),
  );
  doc.moveDown(0.3);
  doc.font('Courier').fontSize(7).fillColor(PDF_INK).text(anchor.checkpoint.trimEnd(), { width });
  doc.font('regular');
}
