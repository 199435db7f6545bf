import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { buildLines, pageTextOf, type PlacedText } from './lines';
import { ocrGeometry, recognizePage, type PreparedPage } from './ocr-page';
import { prepareForOcr } from './read-image';
import { DocumentReadError, type OcrPool, type PageText } from './types';

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

/** A page whose text layer has fewer letters and digits than this is a scan: OCR it. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Runs further apart than this many font sizes are separate form columns. */
const PDF_GAP_FACTOR = 1.1;
const RENDER_DPI = 300;
/** Longest side of a rendered page; a poster-sized page is read at a lower resolution. */
const MAX_RENDER_SIDE = 4400;

interface PdfCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  destroy(pair: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
}

/** pdf.js, loaded on the first PDF read rather than at every start of the server. */
let pdfjs: Promise<typeof PdfjsModule> | undefined;
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

async function openPdf(data: Uint8Array) {
  const { getDocument } = await loadPdfjs();
  return getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
    wasmUrl: join(pdfjsRoot, 'wasm') + '/',
  });
}

export async function readPdf(
  filePath: string,
  ocr: OcrPool,
  limits: { maxPages: number; maxPixels: number },
  signal?: AbortSignal,
): Promise<PageText[]> {
  const data = new Uint8Array(await readFile(filePath));
  const task = await openPdf(data);
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new DocumentReadError(
        'This PDF is password-protected. Remove the password and upload it again.',
      );
    }
    throw new DocumentReadError('This PDF could not be read. The file may be damaged.');
  }
  try {
    if (doc.numPages > limits.maxPages) {
      throw new DocumentReadError(
        `This PDF has ${doc.numPages} pages; documents of up to ${limits.maxPages} pages are ` +
          'read. Split it into smaller files and upload them again.',
      );
    }
    return await readPages(doc, ocr, limits.maxPixels, signal);
  } catch (error) {
    if (error instanceof DocumentReadError || signal?.aborted) throw error;
    throw new DocumentReadError('This PDF could not be read. The file may be damaged.');
  } finally {
    await task.destroy();
  }
}

async function readPages(
  doc: PDFDocumentProxy,
  ocr: OcrPool,
  maxPixels: number,
  signal?: AbortSignal,
): Promise<PageText[]> {
  const pages: Promise<PageText>[] = [];
  const inFlight = new Set<Promise<unknown>>();
  for (let number = 1; number <= doc.numPages; number++) {
    signal?.throwIfAborted();
    const page = await doc.getPage(number);
    const fromText = await textLayer(page);
    if (fromText) {
      pages.push(Promise.resolve(fromText));
      page.cleanup();
      continue;
    }
    // Render the next scanned page while earlier ones are in OCR, but never hold more rendered
    // pages than the pool has workers.
    while (inFlight.size >= ocr.size) await Promise.race(inFlight);
    const image = await renderPage(doc, page, maxPixels);
    page.cleanup();
    const reading = recognizePage(ocr, image, signal).then((result): PageText => ({
      page: number,
      text: result.text,
      lines: result.lines,
      source: 'ocr',
      geometry: ocrGeometry(image, result.quarterTurns),
    }));
    const settled = reading.catch(() => undefined).finally(() => inFlight.delete(settled));
    inFlight.add(settled);
    pages.push(reading);
  }
  return Promise.all(pages);
}

async function textLayer(page: PDFPageProxy): Promise<PageText | undefined> {
  const { Util } = await loadPdfjs();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const pieces: PlacedText[] = [];
  let letters = 0;
  for (const item of content.items as TextItemLike[]) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const t = Util.transform(viewport.transform, item.transform);
    const size = Math.hypot(t[2]!, t[3]!) || 1;
    const x = t[4]!;
    const baseline = t[5]!;
    pieces.push({
      text: item.str,
      box: { x0: x, y0: baseline - size * 0.8, x1: x + item.width, y1: baseline + size * 0.2 },
      confidence: 1,
    });
    letters += item.str.replace(/[^\p{L}\p{N}]/gu, '').length;
  }
  if (letters < MIN_TEXT_LAYER_CHARS) return undefined;
  const lines = buildLines(pieces, PDF_GAP_FACTOR);
  return {
    page: page.pageNumber,
    text: pageTextOf(lines),
    lines,
    source: 'text-layer',
    // The boxes are in the scale-1 viewport: points, origin top left, the page's /Rotate applied.
    geometry: { width: viewport.width, height: viewport.height, quarterTurns: 0 },
  };
}

/** The scale OCR renders a page at: 300 DPI, unless the page is too large for it. */
function ocrScale(page: PDFPageProxy, maxPixels: number) {
  const base = page.getViewport({ scale: 1 });
  return Math.min(
    RENDER_DPI / 72,
    MAX_RENDER_SIDE / Math.max(base.width, base.height),
    Math.sqrt(maxPixels / (base.width * base.height)),
  );
}

/** A page drawn on white at `scale` (1: a pixel per point), as RGBA pixels. */
async function drawPage(doc: PDFDocumentProxy, page: PDFPageProxy, scale: number) {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  // Draw on pdfjs's own canvas: pdfjs bundles its own @napi-rs/canvas, and mixing its images
  // with a canvas from another copy of the native library crashes the process.
  const factory = doc.canvasFactory as PdfCanvasFactory;
  const { canvas, context } = factory.create(width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  try {
    await page.render({ canvas, canvasContext: context, viewport }).promise;
  } catch (error) {
    factory.destroy({ canvas, context });
    throw error;
  }
  const rgba = context.getImageData(0, 0, width, height).data;
  factory.destroy({ canvas, context });
  return {
    data: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length),
    width,
    height,
    channels: 4 as const,
  };
}

async function renderPage(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  maxPixels: number,
): Promise<PreparedPage> {
  const image = await drawPage(doc, page, ocrScale(page, maxPixels));
  return prepareForOcr({ kind: 'raw', ...image }, maxPixels);
}

/**
 * One page of a stored PDF drawn for display, by the path OCR renders pages: at the resolution
 * OCR read it at (`size` 'ocr', so that the page's prepared geometry replays onto it), or scaled
 * so that its long side is `size` pixels. The page as displayed (its /Rotate applied), RGBA.
 * Undefined when the PDF has no such page.
 */
export async function renderPdfPage(
  filePath: string,
  pageNumber: number,
  size: 'ocr' | number,
  maxPixels: number,
): Promise<{ data: Buffer; width: number; height: number; channels: 4 } | undefined> {
  const task = await openPdf(new Uint8Array(await readFile(filePath)));
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch {
      throw new DocumentReadError('This PDF could not be read. The file may be damaged.');
    }
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
      return undefined;
    }
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const scale =
      size === 'ocr'
        ? ocrScale(page, maxPixels)
        : Math.min(size / Math.max(base.width, base.height), ocrScale(page, maxPixels));
    const image = await drawPage(doc, page, scale);
    page.cleanup();
    return image;
  } finally {
    await task.destroy();
  }
}
