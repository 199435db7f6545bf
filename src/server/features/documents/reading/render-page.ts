import sharp, { type Sharp } from 'sharp';
import { renderPdfPage } from './read-pdf';
import type { PageGeometry } from './types';

/**
 * A page drawn for the reviewer as its boxes see it, so that a field's box can be laid over it
 * as fractions of the box space: a text-layer PDF page drawn at display size (its boxes are
 * points of the displayed page), an OCR page (a photo, a scan, a scanned PDF page) replaying what
 * prepareForOcr did to its source — resize, cut to the paper, level — and the quarter turns OCR
 * gave it, but in colour and without the clean-up only tesseract wants.
 */

export interface PageToRender {
  kind: 'pdf' | 'image';
  page: number;
  /** Null for pages read before the geometry was kept: the page is drawn upright, as it is. */
  geometry: PageGeometry | null;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const WHITE = '#ffffff';

const open = (image: Raw) =>
  sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });

async function raw(pipeline: Sharp): Promise<Raw> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const png = (pipeline: Sharp) => pipeline.png({ compressionLevel: 6 }).toBuffer();

/**
 * The page as a PNG whose long side is at most `longSide` pixels and whose width and height are
 * those of the box space, scaled. Undefined when the file has no such page.
 */
export async function renderPageImage(
  filePath: string,
  target: PageToRender,
  limits: { longSide: number; maxPixels: number },
): Promise<Buffer | undefined> {
  const { geometry } = target;
  const { longSide, maxPixels } = limits;
  const fitted = (pipeline: Sharp) =>
    pipeline.resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true });

  if (!geometry) {
    if (target.kind === 'image') {
      return png(fitted(uprightImage(filePath, maxPixels)));
    }
    const drawn = await renderPdfPage(filePath, target.page, longSide, maxPixels);
    return drawn && png(open(drawn).removeAlpha());
  }

  // Scale of the box space on the image sent; every step below works at this scale.
  let k = longSide / Math.max(geometry.width, geometry.height);
  /** The box space at scale k: the size of the image sent. */
  const boxSpace = (pipeline: Sharp) =>
    pipeline.resize(
      Math.max(1, Math.round(geometry.width * k)),
      Math.max(1, Math.round(geometry.height * k)),
      { fit: 'fill' },
    );

  if (target.kind === 'pdf' && !geometry.prepared) {
    // A text layer: its boxes are points of the page as displayed.
    const drawn = await renderPdfPage(filePath, target.page, longSide, maxPixels);
    if (!drawn) return undefined;
    return png(boxSpace(open(drawn).removeAlpha()));
  }

  const prepared = geometry.prepared ?? {
    width: geometry.quarterTurns % 2 ? geometry.height : geometry.width,
    height: geometry.quarterTurns % 2 ? geometry.width : geometry.height,
    rotate: 0,
  };
  let source: Sharp;
  if (target.kind === 'image') {
    const meta = await sharp(filePath, { limitInputPixels: false }).metadata();
    const sourceWidth = meta.autoOrient?.width ?? meta.width ?? prepared.width;
    // Never larger than the photo itself: OCR enlarges small scans, the reviewer need not.
    k = Math.min(k, sourceWidth / prepared.width);
    source = uprightImage(filePath, maxPixels);
  } else {
    const side = Math.ceil(Math.max(prepared.width, prepared.height) * k);
    const drawn = await renderPdfPage(filePath, target.page, side, maxPixels);
    if (!drawn) return undefined;
    source = open(drawn).removeAlpha();
  }

  const sized = { width: Math.round(prepared.width * k), height: Math.round(prepared.height * k) };
  let image = await raw(
    source.resize(Math.max(1, sized.width), Math.max(1, sized.height), { fit: 'fill' }),
  );
  const crop = prepared.crop;
  if (crop) {
    const left = Math.min(image.width - 1, Math.round(crop.left * k));
    const top = Math.min(image.height - 1, Math.round(crop.top * k));
    image = await raw(
      open(image).extract({
        left,
        top,
        width: Math.max(1, Math.min(image.width - left, Math.round(crop.width * k))),
        height: Math.max(1, Math.min(image.height - top, Math.round(crop.height * k))),
      }),
    );
  }
  if (prepared.rotate !== 0) {
    image = await raw(open(image).rotate(prepared.rotate, { background: WHITE }));
  }
  if (geometry.quarterTurns !== 0) {
    image = await raw(open(image).rotate(geometry.quarterTurns * 90));
  }
  // Rounding at each step may leave a pixel over or under: the image takes the box space's exact
  // proportions, so a box at 40 % of the width is drawn at 40 % of the image.
  return png(boxSpace(open(image)));
}

/** The photo or scan upright by its EXIF orientation, on white, in sRGB: how OCR starts. */
function uprightImage(filePath: string, maxPixels: number): Sharp {
  return sharp(filePath, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .flatten({ background: WHITE })
    .toColourspace('srgb');
}
