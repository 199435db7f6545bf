import { open as openFile } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { estimateSkew, flattenBackground, removeBackdrop, type GrayImage } from './cleanup';
import { eraseLeaders } from './leaders';
import { encodePng, ocrGeometry, recognizePage, type PreparedPage } from './ocr-page';
import { DocumentReadError, type OcrPool, type PageText, type PreparedGeometry } from './types';

/** The long side of a letter page at 300 DPI, the resolution tesseract reads best. */
const TARGET_LONG_SIDE = 3300;
const MAX_UPSCALE = 2.5;
/** Skews smaller than this leave lines straight enough; rotating would only blur the glyphs. */
const MIN_DESKEW_DEGREES = 0.2;

export type ImageInput =
  | { kind: 'encoded'; source: Buffer | string }
  | { kind: 'raw'; data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

function open(input: ImageInput, maxPixels: number) {
  return input.kind === 'encoded'
    ? sharp(input.source, { limitInputPixels: maxPixels, failOn: 'error' })
    : sharp(input.data, {
        raw: { width: input.width, height: input.height, channels: input.channels },
        limitInputPixels: maxPixels,
      });
}

/** The first bytes of an image, where PNG and JPEG keep their resolution. */
const HEADER_BYTES = 65_536;

async function header(source: Buffer | string): Promise<Buffer> {
  if (typeof source !== 'string') return source.subarray(0, HEADER_BYTES);
  const file = await openFile(source, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Horizontal and vertical resolution as the file states them (PNG pHYs, JPEG JFIF), if it does. */
function statedResolution(bytes: Buffer): { x: number; y: number } | null {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    for (let at = 8; at + 8 <= bytes.length;) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.subarray(at + 4, at + 8).toString('latin1');
      if (type === 'pHYs' && at + 17 <= bytes.length) {
        return { x: bytes.readUInt32BE(at + 8), y: bytes.readUInt32BE(at + 12) };
      }
      if (type === 'IDAT' || type === 'IEND') return null;
      at += 12 + length;
    }
    return null;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const jfif = bytes.indexOf('JFIF\0', 2, 'latin1');
    if (jfif !== -1 && jfif + 12 <= bytes.length) {
      return { x: bytes.readUInt16BE(jfif + 8), y: bytes.readUInt16BE(jfif + 10) };
    }
  }
  return null;
}

/**
 * How much taller than wide each pixel is: 2 for a fax in standard mode (200 × 100 DPI), whose
 * page looks squashed until its rows are doubled. 1 when the file says nothing or the pixels are
 * square (or the stated figures make no sense).
 */
export async function pixelAspect(source: Buffer | string): Promise<number> {
  const resolution = statedResolution(await header(source));
  if (!resolution || resolution.x <= 0 || resolution.y <= 0) return 1;
  const aspect = resolution.x / resolution.y;
  return aspect >= 1.25 && aspect <= 4 ? aspect : aspect <= 0.8 && aspect >= 0.25 ? aspect : 1;
}

function megapixels(pixels: number) {
  return `${Math.round(pixels / 1e5) / 10} megapixels`;
}

/**
 * Turns a photo, a scan or a rendered PDF page into the image tesseract reads best: upright by
 * EXIF, grayscale, even lighting, about 300 DPI, deskewed, contrast stretched. The pixel limit is
 * checked from the header before any pixel is decoded.
 */

export async function prepareForOcr(
  input: ImageInput,
  maxPixels: number,
): Promise<PreparedPage & { geometry: PreparedGeometry }> {
  let width: number;
  let height: number;
  let aspect = 1;
  if (input.kind === 'encoded') {
    let meta: Metadata;
    try {
      meta = await sharp(input.source, { limitInputPixels: false }).metadata();
    } catch {
      throw new DocumentReadError('This image could not be read. The file may be damaged.');
    }
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    if ((meta.pages ?? 1) > 1) {
      throw new DocumentReadError('Images with several frames are not supported. Upload a PDF.');
    }
    aspect = await pixelAspect(input.source);
  } else {
    ({ width, height } = input);
  }
  if (width * height > maxPixels) {
    throw new DocumentReadError(
      `This image is ${width} × ${height} pixels, larger than the ${megapixels(maxPixels)} ` +
        'we read. Scan it at 300 DPI and upload it again.',
    );
  }
  if (width < 16 || height < 16) {
    throw new DocumentReadError('This image is too small to contain readable text.');
  }
  // Pixels made square first (a fax's rows doubled), then the page brought to about 300 DPI.
  const squareHeight = height * aspect;
  const longSide = Math.max(width, squareHeight);
  const scale = Math.min(MAX_UPSCALE, TARGET_LONG_SIDE / longSide);
  // Upscale small scans; leave large photos at their own resolution up to 1.3× the target.
  const resize = scale > 1.15 || scale < 1 / 1.3 || aspect !== 1;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    let pipeline = open(input, maxPixels).rotate().flatten({ background: '#ffffff' }).grayscale();
    if (resize) {
      pipeline = pipeline.resize(Math.round(width * scale), Math.round(squareHeight * scale), {
        kernel: scale > 1 || aspect > 1 ? 'cubic' : 'lanczos3',
        fit: 'fill',
      });
    }
    decoded = await pipeline.raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    throw new DocumentReadError('This image could not be read. The file may be damaged.');
  }
  const { info } = decoded;
  const source: GrayImage = {
    data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
  const paper = removeBackdrop(source);
  const geometry: PreparedGeometry = {
    width: info.width,
    height: info.height,
    crop: paper === source ? undefined : cropOrigin(source, paper),
    rotate: 0,
  };
  const gray = flattenBackground(paper);
  eraseLeaders(gray);
  const skew = estimateSkew(gray);
  let page = gray;
  if (Math.abs(skew) >= MIN_DESKEW_DEGREES) {
    geometry.rotate = -skew;
    const rotated = await sharp(
      Buffer.from(gray.data.buffer, gray.data.byteOffset, gray.data.length),
      {
        raw: { width: gray.width, height: gray.height, channels: 1 },
      },
    )
      .rotate(geometry.rotate, { background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    page = {
      data: new Uint8Array(
        rotated.data.buffer,
        rotated.data.byteOffset,
        rotated.info.width * rotated.info.height,
      ),
      width: rotated.info.width,
      height: rotated.info.height,
    };
  }
  return { gray: page, png: await encodePng(page), geometry };
}

/**
 * Where `paper`, cut out of `source` by removeBackdrop, lies in it: the offset at which its
 * pixels that are not painted white are the source's own (the backdrop's leftovers are painted
 * white, every other pixel is copied). A handful of inked pixels decide it; the page image the
 * reviewer sees is cut at the same place, so the boxes fall on it.
 */
function cropOrigin(source: GrayImage, paper: GrayImage): PreparedGeometry['crop'] {
  // Ink where there is some (its edges pin the offset to the pixel), else any paper not painted.
  const stride = Math.max(1, Math.floor(paper.data.length / 4096));
  const pick = (below: number) => {
    const found: number[] = [];
    for (let i = 0; i < paper.data.length; i += stride) if (paper.data[i]! < below) found.push(i);
    return found;
  };
  let candidates = pick(160);
  if (candidates.length < 16) candidates = pick(250);
  const samples = candidates.filter(
    (_, k) => k % Math.max(1, Math.floor(candidates.length / 64)) === 0,
  );
  const fits = (left: number, top: number) =>
    samples.every((i) => {
      const x = i % paper.width;
      const y = (i - x) / paper.width;
      return source.data[(y + top) * source.width + x + left] === paper.data[i];
    });
  for (let top = 0; samples.length > 0 && top <= source.height - paper.height; top++) {
    for (let left = 0; left <= source.width - paper.width; left++) {
      if (fits(left, top)) return { left, top, width: paper.width, height: paper.height };
    }
  }
  // Blank paper, or not found (never expected): centred, which is where a desk around the paper leaves it.
  return {
    left: Math.floor((source.width - paper.width) / 2),
    top: Math.floor((source.height - paper.height) / 2),
    width: paper.width,
    height: paper.height,
  };
}

/** The prepared page as a PNG, for callers that only need the image. */
export async function imageForOcr(input: ImageInput, maxPixels: number): Promise<Buffer> {
  return (await prepareForOcr(input, maxPixels)).png;
}

export async function readImage(
  source: Buffer | string,
  ocr: OcrPool,
  maxPixels: number,
  signal?: AbortSignal,
): Promise<PageText[]> {
  const prepared = await prepareForOcr({ kind: 'encoded', source }, maxPixels);
  signal?.throwIfAborted();
  const result = await recognizePage(ocr, prepared, signal);
  return [
    {
      page: 1,
      text: result.text,
      lines: result.lines,
      source: 'ocr',
      geometry: ocrGeometry(prepared, result.quarterTurns),
    },
  ];
}
