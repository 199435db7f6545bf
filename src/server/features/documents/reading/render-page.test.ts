import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inkAround, photoBytes } from '../../../test/documents/page-images';
import { createOcrPool } from './ocr-pool';
import { readDocument } from './read-document';
import { renderPageImage } from './render-page';
import type { OcrPool, PageText } from './types';

let dir: string;
let ocr: OcrPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'centerline-page-images-'));
  ocr = createOcrPool({ size: 1 });
});

afterAll(async () => {
  await ocr.close();
  await rm(dir, { recursive: true, force: true });
});

/** A photo placed on a letter page, as a phone's scanning app would leave it. */
function scannedPdf(image: Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.image(image, 36, 36, { width: 540 });
  doc.end();
  return done;
}

/** Reads the file, draws page 1 and checks the student name's line box falls on its text. */
async function readAndDraw(name: string, bytes: Buffer, kind: 'image' | 'pdf') {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const { pages } = await readDocument(path, kind, { ocr });
  const page = pages[0] as PageText;
  expect(page.source).toBe('ocr');
  const geometry = page.geometry!;
  const png = await renderPageImage(
    path,
    { kind, page: 1, geometry },
    { longSide: 1600, maxPixels: 50_000_000 },
  );
  const meta = await sharp(png).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(geometry.width / geometry.height, 2);
  const line = page.lines.find((l) => l.text.includes('Student Name'));
  expect(line?.box, page.text).toBeDefined();
  const ink = await inkAround(png!, line!.box!, geometry);
  expect(ink.inside).toBeGreaterThan(0.05);
  for (const side of ['left', 'right', 'above', 'below'] as const) {
    expect(ink[side], side).toBeLessThan(0.01);
  }
  return geometry;
}

describe('page images drawn as the boxes see them', () => {
  it('turns a photo fed sideways as OCR turned it', async () => {
    const sideways = await sharp(await photoBytes())
      .rotate(90)
      .png()
      .toBuffer();
    const geometry = await readAndDraw('sideways.png', sideways, 'image');
    expect([1, 3]).toContain(geometry.quarterTurns);
    expect(geometry.prepared?.crop).toBeDefined();
  }, 60_000);

  it('draws a scanned PDF page as OCR rendered and read it', async () => {
    // Straight: the line boxes of text left tilted would brush the lines next to them.
    const geometry = await readAndDraw('scan.pdf', await scannedPdf(await photoBytes(0)), 'pdf');
    expect(geometry).toMatchObject({ width: 2550, height: 3300, quarterTurns: 0 });
  }, 60_000);
});
