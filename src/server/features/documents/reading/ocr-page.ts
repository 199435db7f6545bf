import sharp from 'sharp';
import { ocrPageSeconds } from '../../../observability/metrics';
import type { GrayImage } from './cleanup';
import { pageTextOf } from './lines';
import { markTickBoxes } from './tick-boxes';
import type { OcrPool, OcrResult, PageGeometry, PreparedGeometry, TextLine } from './types';

export interface PreparedPage {
  png: Buffer;
  gray: GrayImage;
  /** How the image was made from its source (prepareForOcr), to show the page as it was read. */
  geometry?: PreparedGeometry;
}

/** The space of an OCR page's boxes: the prepared image as it was read, turned or not. */
export function ocrGeometry(page: PreparedPage, quarterTurns: 0 | 1 | 2 | 3): PageGeometry {
  const across = quarterTurns % 2 === 1;
  return {
    width: across ? page.gray.height : page.gray.width,
    height: across ? page.gray.width : page.gray.height,
    quarterTurns,
    ...(page.geometry && { prepared: page.geometry }),
  };
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

/** Turns a gray image by a quarter turn clockwise, `turns` times. */
export function rotateGray(image: GrayImage, turns: 1 | 2 | 3): GrayImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  if (turns === 2) {
    for (let i = 0, n = data.length; i < n; i++) out[n - 1 - i] = data[i]!;
    return { data: out, width, height };
  }
  // A quarter turn: the new image is height wide and width tall.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const to = turns === 1 ? x * height + (height - 1 - y) : (width - 1 - x) * height + y;
      out[to] = data[y * width + x]!;
    }
  }
  return { data: out, width: height, height: width };
}

/** Below this mean word confidence the page may be sideways or upside down. */
const DOUBTFUL_CONFIDENCE = 0.6;
/** A turned reading must be this much more legible to be preferred. */
const CLEARLY_BETTER = 1.25;

/** Confident words of three letters or more: what an upright page yields and a turned one not. */
function legibility(result: OcrResult): number {
  const words = result.text.match(/\p{L}{3,}/gu)?.length ?? 0;
  return result.confidence * Math.sqrt(words);
}

/**
 * Whether the page's text runs up and down. Lines of upright text leave blank rows between them
 * and few blank columns; a page fed sideways shows the opposite. Tesseract reads such a page as
 * vertical text with confident but jumbled words, so its confidence alone does not tell.
 */
export function textRunsSideways(image: GrayImage): boolean {
  const { data, width, height } = image;
  const rows = new Uint32Array(height);
  const cols = new Uint32Array(width);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (data[i]! < INK) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  const blankShare = (profile: Uint32Array) => {
    // Within the inked extent only: margins are blank whichever way the page lies.
    let first = 0;
    let last = profile.length - 1;
    while (first < last && profile[first]! <= 2) first++;
    while (last > first && profile[last]! <= 2) last--;
    if (last - first < 20) return 0;
    let blank = 0;
    for (let k = first; k <= last; k++) if (profile[k]! <= 2) blank++;
    return blank / (last - first + 1);
  };
  const blankRows = blankShare(rows);
  const blankCols = blankShare(cols);
  return blankCols > 0.3 && blankCols > blankRows + 0.15;
}

/**
 * OCR of a prepared page, upright or turned. A page whose text runs sideways, or that was read
 * with little confidence, is tried at the other quarter turns (a scanner fed it sideways, a phone
 * held upside down), and the most legible reading is kept: its lines and boxes are those of the
 * turned image.
 */
export async function recognizePage(
  ocr: OcrPool,
  page: PreparedPage,
  signal?: AbortSignal,
): Promise<OcrResult & { quarterTurns: 0 | 1 | 2 | 3 }> {
  const done = ocrPageSeconds.startTimer();
  try {
    return await recognizeAnyTurn(ocr, page, signal);
  } finally {
    done();
  }
}

async function recognizeAnyTurn(
  ocr: OcrPool,
  page: PreparedPage,
  signal?: AbortSignal,
): Promise<OcrResult & { quarterTurns: 0 | 1 | 2 | 3 }> {
  const sideways = textRunsSideways(page.gray);
  const upright = await recognizeUpright(ocr, page, signal);
  if (!sideways && upright.confidence >= DOUBTFUL_CONFIDENCE) {
    return { ...upright, quarterTurns: 0 };
  }
  // Sideways text makes the upright reading suspect: a turned one need not beat it by much.
  const margin = sideways ? 0.8 : CLEARLY_BETTER;
  const uprightScore = legibility(upright);
  let best: { turns: 0 | 1 | 2 | 3; score: number; gray: GrayImage; png: Buffer } | undefined;
  for (const turns of sideways ? ([1, 3] as const) : ([1, 2, 3] as const)) {
    const gray = rotateGray(page.gray, turns);
    const png = await encodePng(gray);
    const score = legibility(await ocr.recognize(png, { signal }));
    if (score > uprightScore * margin && (!best || score > best.score)) {
      best = { turns, score, gray, png };
    }
  }
  if (!best) return { ...upright, quarterTurns: 0 };
  return {
    ...(await recognizeUpright(ocr, { png: best.png, gray: best.gray }, signal)),
    quarterTurns: best.turns,
  };
}

/** OCR of a prepared page, with a second look at any band of text the first pass skipped. */
async function recognizeUpright(
  ocr: OcrPool,
  page: PreparedPage,
  signal?: AbortSignal,
): Promise<OcrResult> {
  const first = await ocr.recognize(page.png, { signal });
  const bands = missedBands(page.gray, first.lines);
  if (bands.length === 0) return markTickBoxes(first, page.gray);
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
  return markTickBoxes({ text: pageTextOf(lines), lines, confidence: first.confidence }, page.gray);
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
