import { ImageOff, Minus, Plus, RotateCw } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtractedDataItem } from '@shared/api/documents';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber } from '../../lib/format';
import type { DocumentPage } from './use-document';

export type FieldBox = NonNullable<ExtractedDataItem['box']>;

/** The field a reviewer is checking: its box is marked on the image of its page. */
export interface FocusedField {
  page: number;
  box: FieldBox | null;
  /** The field's name as the form shows it ("Student Name"), for the caption. */
  label: string;
}

export function pageImageUrl(documentId: string, page: number): string {
  return `/api/documents/${encodeURIComponent(documentId)}/pages/${page}/image`;
}

export interface BoxPosition {
  /** Percent of the page image's width and height. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a field's box lies on its page image, in percent: the image is drawn in the proportions
 * of the page's box space (boxWidth × boxHeight), so a box maps onto it as fractions of that
 * space. Undefined when the page has no box space (read before it was kept) or the box is empty.
 */
export function boxPosition(
  box: FieldBox,
  page: Pick<DocumentPage, 'boxWidth' | 'boxHeight'>,
): BoxPosition | undefined {
  const { boxWidth, boxHeight } = page;
  if (!boxWidth || !boxHeight) return undefined;
  const percent = (value: number, of: number) => Math.min(100, Math.max(0, (value / of) * 100));
  const left = percent(Math.min(box.x0, box.x1), boxWidth);
  const top = percent(Math.min(box.y0, box.y1), boxHeight);
  const width = percent(Math.max(box.x0, box.x1), boxWidth) - left;
  const height = percent(Math.max(box.y0, box.y1), boxHeight) - top;
  if (width <= 0 || height <= 0) return undefined;
  return { left, top, width, height };
}

/** Zoom levels, as multiples of the size at which the whole page fits the viewer. */
const ZOOMS = [1, 1.5, 2, 3, 4];
/** A focused field's box is zoomed in on until it is at least this tall on screen. */
const LEGIBLE_BOX_PX = 18;
/** The viewer's height; at Fit the whole page shows within it. */
const VIEW_HEIGHT = 'min(36rem, 70vh)';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls the viewer (only the viewer, not the page) so that `target` sits in its middle. */
function centreIn(viewer: HTMLElement, target: HTMLElement) {
  const view = viewer.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const top = viewer.scrollTop + box.top - view.top - (view.height - box.height) / 2;
  const left = viewer.scrollLeft + box.left - view.left - (view.width - box.width) / 2;
  const to = { top: Math.max(0, top), left: Math.max(0, left) };
  if (typeof viewer.scrollTo === 'function') {
    viewer.scrollTo({ ...to, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  } else {
    viewer.scrollTop = to.top;
    viewer.scrollLeft = to.left;
  }
}

/**
 * A page as it was read — the rendered PDF page, or the photo or scan cut and turned as OCR saw
 * it — with the focused field's box marked, zoomable. The reviewer checks the value against the
 * place it came from.
 */
export function PageImageView({
  documentId,
  documentName,
  page,
  focus,
}: {
  documentId: string;
  documentName: string;
  page: DocumentPage;
  focus?: FocusedField;
}) {
  const { t } = useTranslation('documents');
  const [zoomIndex, setZoomIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const src = pageImageUrl(documentId, page.page);
  const [load, setLoad] = useState({
    src,
    attempt,
    state: 'loading' as 'loading' | 'ready' | 'failed',
  });
  // Another page (or another try) loads afresh.
  if (load.src !== src || load.attempt !== attempt) setLoad({ src, attempt, state: 'loading' });
  const [natural, setNatural] = useState<number | null>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const mark = useRef<HTMLDivElement>(null);
  /** The point of the page at the viewer's centre, kept there when the zoom changes. */
  const anchor = useRef<{ x: number; y: number } | null>(null);

  const zoom = ZOOMS[zoomIndex]!;
  const onPage = focus && focus.page === page.page ? focus : undefined;
  const position = onPage?.box ? boxPosition(onPage.box, page) : undefined;
  const ready = load.state === 'ready';
  // Known before the image arrives when the page has a box space, so the layout does not jump.
  const aspect =
    page.boxWidth && page.boxHeight ? page.boxWidth / page.boxHeight : (natural ?? undefined);
  const fitWidth = aspect ? `min(100%, calc(${aspect.toFixed(4)} * ${VIEW_HEIGHT}))` : '100%';

  const positionKey = position
    ? `${position.left},${position.top},${position.width},${position.height}`
    : '';
  /** The field box last zoomed to, so that the reviewer's own zoom is left alone after. */
  const zoomedFor = useRef('');
  useEffect(() => {
    if (!ready || !positionKey || !viewer.current || !mark.current) return;
    if (zoomedFor.current !== positionKey) {
      zoomedFor.current = positionKey;
      // A newly focused field too small to read at this zoom is zoomed in on.
      const shown = mark.current.getBoundingClientRect().height;
      if (shown > 0 && shown < LEGIBLE_BOX_PX) {
        const wanted = ZOOMS.findIndex((z) => (shown * z) / zoom >= LEGIBLE_BOX_PX);
        const next = wanted === -1 ? ZOOMS.length - 1 : wanted;
        if (next > zoomIndex) {
          setZoomIndex(next);
          return;
        }
      }
    }
    centreIn(viewer.current, mark.current);
  }, [ready, positionKey, zoom, zoomIndex]);

  useLayoutEffect(() => {
    const element = viewer.current;
    const point = anchor.current;
    anchor.current = null;
    if (!element || !point || positionKey) return;
    element.scrollLeft = point.x * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = point.y * element.scrollHeight - element.clientHeight / 2;
  }, [zoom, positionKey]);

  const zoomTo = (index: number) => {
    const next = Math.min(ZOOMS.length - 1, Math.max(0, index));
    if (next === zoomIndex) return;
    const element = viewer.current;
    if (element && element.scrollWidth > 0 && element.scrollHeight > 0) {
      anchor.current = {
        x: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
        y: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
      };
    }
    setZoomIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const keys: Record<string, number> = {
      '+': zoomIndex + 1,
      '=': zoomIndex + 1,
      '-': zoomIndex - 1,
      '0': 0,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    zoomTo(next);
  };

  const alt = t('image.alt', { page: page.page, name: documentName });
  // Relative to the whole page in view; the Fit button is beside it.
  const zoomText = formatNumber(zoom, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {onPage
            ? position
              ? t('image.marked', { field: onPage.label })
              : t('image.unmarked', { field: onPage.label })
            : t('image.selectField')}
        </p>
        <div className="ml-auto flex items-center gap-1" role="group" aria-label={t('image.zoom')}>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t('image.zoomOut')}
            disabled={zoomIndex === 0 || load.state === 'failed'}
            onClick={() => zoomTo(zoomIndex - 1)}
          >
            <Minus />
          </Button>
          <span className="min-w-12 text-center text-sm tabular-nums" aria-live="polite">
            <span className="sr-only">{t('image.zoomLevel')} </span>
            {zoomText}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t('image.zoomIn')}
            disabled={zoomIndex === ZOOMS.length - 1 || load.state === 'failed'}
            onClick={() => zoomTo(zoomIndex + 1)}
          >
            <Plus />
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-8 text-sm"
            aria-label={t('image.fitLabel')}
            disabled={zoomIndex === 0 || load.state === 'failed'}
            onClick={() => zoomTo(0)}
          >
            {t('image.fit')}
          </Button>
        </div>
      </div>
      {load.state === 'failed' ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-muted p-4 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <ImageOff aria-hidden className="size-4 shrink-0" />{' '}
            {t('image.failed', { page: page.page })}
          </p>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            <RotateCw aria-hidden /> {t('image.retry')}
          </Button>
        </div>
      ) : (
        <div
          ref={viewer}
          tabIndex={0}
          role="region"
          aria-label={t('image.viewerLabel', { page: page.page })}
          onKeyDown={onKeyDown}
          className="relative overflow-auto rounded-md border bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          style={{ maxHeight: VIEW_HEIGHT }}
        >
          <div
            className={`relative mx-auto ${!ready && !aspect ? 'min-h-32' : ''}`}
            style={{
              width: zoom === 1 ? fitWidth : `calc(${zoom} * ${fitWidth})`,
              aspectRatio: aspect ? String(aspect) : undefined,
            }}
          >
            <img
              key={attempt}
              src={attempt ? `${src}?try=${attempt}` : src}
              alt={alt}
              draggable={false}
              onLoad={(event) => {
                const image = event.currentTarget;
                if (image.naturalWidth && image.naturalHeight) {
                  setNatural(image.naturalWidth / image.naturalHeight);
                }
                setLoad((current) => ({ ...current, state: 'ready' }));
              }}
              onError={() => setLoad((current) => ({ ...current, state: 'failed' }))}
              className={`block h-auto w-full bg-white shadow-sm select-none ${ready ? '' : 'invisible'}`}
            />
            {!ready && (
              <div className="absolute inset-0 flex min-h-32 items-center justify-center">
                <Spinner label={t('image.loading', { page: page.page })} />
              </div>
            )}
            {ready && position && (
              <div
                ref={mark}
                data-testid="field-box"
                aria-hidden
                className="pointer-events-none absolute rounded-[2px] bg-amber-300/25 outline-2 outline-offset-2 outline-amber-500 shadow-[0_0_0_5px_rgba(255,255,255,0.55)]"
                style={{
                  left: `${position.left}%`,
                  top: `${position.top}%`,
                  width: `${position.width}%`,
                  height: `${position.height}%`,
                }}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
