import sharp from 'sharp';
import type { GrayImage } from './cleanup';
import { pageTextOf } from './lines';
import type { OcrPool, OcrResult, TextLine } from './types';

export interface PreparedPage {
  png: Buffer;
  gray: GrayImage;
}

export function encodePng(
  image: GrayImage,
  region?: { top: number; height: number },
): Promise<Buffer> {
  let pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 1 },
  });
  if (region)
    pipeline = pipeline.extract({
      left: 0,
      top: region.top,
      width: image.width,
      height: region.height,
    });
  return pipeline.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

const INK = 128;
/** Columns are counted in bins this wide; a band of text covers many, a ruled box only a few. */
const BIN = 8;
const MAX_BANDS = 6;

interface Band {
  top: number;
  bottom: number;
}

/**
 * Horizontal bands of the page that hold text-like ink but no word tesseract reported. Its page
 * layout analysis sometimes drops a whole line — typically the large bold name on a certificate —
 * which it reads fine on its own.
 */
export function missedBands(image: GrayImage, lines: TextLine[]): Band[] {
  const { data, width, height } = image;
  const covered = new Uint8Array(height);
  for (const line of lines) {
    for (const span of line.spans ?? (line.box ? [{ box: line.box }] : [])) {
      const pad = Math.round((span.box.y1 - span.box.y0) * 0.3);
      for (
        let y = Math.max(0, Math.floor(span.box.y0) - pad);
        y <= Math.min(height - 1, span.box.y1 + pad);
        y++
      ) {
        covered[y] = 1;
      }
    }
  }
  const bins = Math.ceil(width / BIN);
  const minInk = Math.max(12, width * 0.004);
  const bands: Band[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start >= 15) bands.push({ top: start, bottom: end });
    start = -1;
  };
  for (let y = 0; y < height; y++) {
    let ink = 0;
    if (!covered[y]) {
      for (let x = 0, i = y * width; x < width; x++, i++) if (data[i]! < INK) ink++;
    }
    if (ink >= minInk) {
      if (start < 0) start = y;
    } else {
      close(y);
    }
  }
  close(height);
  // Keep bands whose ink is spread across the page like words, not a few ruled lines.
  return bands
    .filter((band) => {
      const used = new Uint8Array(bins);
      for (let y = band.top; y < band.bottom; y++) {
        for (let x = 0, i = y * width; x < width; x++, i++)
          if (data[i]! < INK) used[(x / BIN) | 0] = 1;
      }
      return used.reduce((n, v) => n + v, 0) >= 12;
    })
    .slice(0, MAX_BANDS);
}

/** OCR of a prepared page, with a second look at any band of text the first pass skipped. */
export async function recognizePage(
  ocr: OcrPool,
  page: PreparedPage,
  signal?: AbortSignal,
): Promise<OcrResult> {
  const first = await ocr.recognize(page.png, { signal });
  const bands = missedBands(page.gray, first.lines);
  if (bands.length === 0) return first;
  const extra = await Promise.all(
    bands.map(async (band) => {
      const top = Math.max(0, band.top - 12);
      const height = Math.min(page.gray.height, band.bottom + 12) - top;
      const result = await ocr.recognize(await encodePng(page.gray, { top, height }), { signal });
      return result.lines.map((line) => shift(line, top));
    }),
  );
  const lines = [...first.lines, ...extra.flat()].sort(
    (a, b) => (a.box?.y0 ?? 0) - (b.box?.y0 ?? 0),
  );
  return { text: pageTextOf(lines), lines, confidence: first.confidence };
}

function shift(line: TextLine, dy: number): TextLine {
  const move = <B extends { y0: number; y1: number }>(b: B): B => ({
    ...b,
    y0: b.y0 + dy,
    y1: b.y1 + dy,
  });
  return {
    ...line,
    box: line.box && move(line.box),
    spans: line.spans?.map((s) => ({ ...s, box: move(s.box) })),
  };
}
