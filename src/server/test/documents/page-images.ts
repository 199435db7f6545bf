import sharp from 'sharp';
import { CERTIFICATE_LINES } from './fixtures';

/** Page images (GET /api/documents/:id/pages/:page/image) and the field boxes laid over them. */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A phone photo of a certificate: cream paper turned `degrees` (2.5°) on a dark desk, so that
 * reading crops the desk away and levels the lines — the boxes are pixels of that prepared image,
 * and the page image must be cut and turned the same way for them to land on the text.
 */
export async function photoBytes(degrees = 2.5): Promise<Buffer> {
  const text = CERTIFICATE_LINES.slice(0, 4)
    .map((line, i) => `<text x="50" y="${90 + i * 60}">${line}</text>`)
    .join('');
  const paper = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="400">
        <rect width="100%" height="100%" fill="#f4f1ea"/>
        <g font-family="DejaVu Sans" font-size="30" fill="#222">${text}</g></svg>`,
    ),
  )
    .rotate(degrees, { background: '#3a3a3a' })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1250, height: 650, channels: 3, background: '#3a3a3a' } })
    .composite([{ input: paper, left: 90, top: 80 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Share of dark pixels in a rectangle of a grayscale image, given in fractions of its size. */
function inkShare(image: { data: Buffer; width: number; height: number }, rect: Box) {
  const x0 = Math.max(0, Math.floor(rect.x0 * image.width));
  const x1 = Math.min(image.width, Math.ceil(rect.x1 * image.width));
  const y0 = Math.max(0, Math.floor(rect.y0 * image.height));
  const y1 = Math.min(image.height, Math.ceil(rect.y1 * image.height));
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (image.data[y * image.width + x]! < 110) dark++;
  }
  return dark / Math.max(1, (x1 - x0) * (y1 - y0));
}

/**
 * Where a box of a line of text falls on a page image, mapped through the box space: the share of
 * ink inside it, and around it — the margin to its left, the paper after it, the gaps to the lines
 * above and below (the fixtures leave all four blank). A box that misses its text shows it.
 */
export async function inkAround(
  png: Buffer,
  box: Box,
  space: { width: number; height: number },
): Promise<{ inside: number; left: number; right: number; above: number; below: number }> {
  const gray = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  const pixels = { data: gray.data, width: gray.info.width, height: gray.info.height };
  const at = {
    x0: box.x0 / space.width,
    y0: box.y0 / space.height,
    x1: box.x1 / space.width,
    y1: box.y1 / space.height,
  };
  const h = at.y1 - at.y0;
  return {
    inside: inkShare(pixels, at),
    left: inkShare(pixels, { ...at, x0: at.x0 - 0.03, x1: at.x0 - 0.005 }),
    right: inkShare(pixels, { ...at, x0: at.x1 + 0.02, x1: at.x1 + 0.12 }),
    above: inkShare(pixels, { ...at, y0: at.y0 - 0.5 * h, y1: at.y0 - 0.1 * h }),
    below: inkShare(pixels, { ...at, y0: at.y1 + 0.1 * h, y1: at.y1 + 0.5 * h }),
  };
}
