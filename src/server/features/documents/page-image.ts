import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { DbOrTx } from '../../db/client';
import { documentPages } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import type { PageGeometry } from './reading/types';
import type { DocumentRow } from './repository';

/**
 * Page images for validation beside the original: a page of a PDF or an uploaded photo or scan,
 * drawn as the page's field boxes see it (reading/render-page.ts), so that the client can lay a
 * field's box over it as fractions of the box space the pages list gives (boxWidth, boxHeight).
 */

/** Long side of a page image: legible on a wide screen, zoomed twice on a laptop. */
export const PAGE_IMAGE_LONG_SIDE = 1600;
/** READ_DEFAULTS.maxPixels: the file was read under this limit, so it is drawn under it too. */
const MAX_PIXELS = 50_000_000;
/** Recently drawn pages, by file, page and geometry: a reviewer pages back and forth. */
const CACHE_BYTES = 48 * 1024 * 1024;

type BoxSpace = { boxWidth: number | null; boxHeight: number | null };

function pagesOf(organizationId: string, documentId: string) {
  return and(
    eq(documentPages.organizationId, organizationId),
    eq(documentPages.documentId, documentId),
  );
}

/** The size of each page's box space, by page number (the pages list's boxWidth, boxHeight). */
export async function pageBoxSpaces(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
): Promise<Map<number, BoxSpace>> {
  const rows = await db
    .select({
      page: documentPages.page,
      boxWidth: documentPages.boxWidth,
      boxHeight: documentPages.boxHeight,
    })
    .from(documentPages)
    .where(pagesOf(organizationId, documentId));
  return new Map(rows.map(({ page, ...space }) => [page, space]));
}

function geometryOf(row: {
  boxWidth: number | null;
  boxHeight: number | null;
  quarterTurns: number | null;
  imageGeometry: PageGeometry['prepared'] | null;
}): PageGeometry | null {
  if (!row.boxWidth || !row.boxHeight) return null;
  return {
    width: row.boxWidth,
    height: row.boxHeight,
    quarterTurns: ((row.quarterTurns ?? 0) & 3) as PageGeometry['quarterTurns'],
    ...(row.imageGeometry && { prepared: row.imageGeometry }),
  };
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;
const drawing = new Map<string, Promise<Buffer | undefined>>();
/** Drawing a page takes a core for a moment; requests take turns rather than crowd the machine. */
let turn: Promise<unknown> = Promise.resolve();

function remember(key: string, image: Buffer) {
  cache.set(key, image);
  cachedBytes += image.length;
  for (const [old, bytes] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(old);
    cachedBytes -= bytes.length;
  }
}

function noPageImage() {
  return new AppError(
    404,
    ERROR_CODES.notFound,
    'Spreadsheets and Word documents have no page image; their text is shown instead.',
  );
}

export interface PageImage {
  /** Names the file, the page and its geometry: a page read again may be drawn differently. */
  etag: string;
  /** The PNG; undefined when the caller's copy (`ifNoneMatch`) is current. */
  png?: Buffer;
}

/**
 * Page `page` of `document` (already found in the actor's organization) as a PNG. 404 for a
 * spreadsheet or Word document, for a page the document does not have, and for a missing file.
 */
export async function pageImageOf(
  services: { db: DbOrTx; blobs: BlobStore },
  document: DocumentRow,
  page: number,
  ifNoneMatch?: string,
): Promise<PageImage> {
  const kind =
    document.mimeType === 'application/pdf'
      ? 'pdf'
      : document.mimeType.startsWith('image/')
        ? 'image'
        : undefined;
  if (!kind) throw noPageImage();
  const [row] = await services.db
    .select({
      boxWidth: documentPages.boxWidth,
      boxHeight: documentPages.boxHeight,
      quarterTurns: documentPages.quarterTurns,
      imageGeometry: documentPages.imageGeometry,
    })
    .from(documentPages)
    .where(and(pagesOf(document.organizationId, document.id), eq(documentPages.page, page)));
  if (!row) throw notFound('Page');
  const geometry = geometryOf(row);
  const key = `${document.blobHash}:${page}:${JSON.stringify(geometry)}`;
  const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return { etag };
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, cached);
    return { etag, png: cached };
  }
  let pending = drawing.get(key);
  if (!pending) {
    const draw = async () => {
      const { renderPageImage } = await import('./reading/render-page');
      return services.blobs.withFile(document.blobHash, (path) =>
        renderPageImage(
          path,
          { kind, page, geometry },
          { longSide: PAGE_IMAGE_LONG_SIDE, maxPixels: MAX_PIXELS },
        ),
      );
    };
    pending = turn.then(draw, draw);
    turn = pending.catch(() => undefined);
    drawing.set(key, pending);
    void pending
      .then((image) => image && remember(key, image))
      .catch(() => undefined)
      .finally(() => drawing.delete(key));
  }
  let image: Buffer | undefined;
  try {
    image = await pending;
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound('Document file');
    throw error;
  }
  if (!image) throw notFound('Page');
  return { etag, png: image };
}
