import type { GrayImage } from './cleanup';
import { pageTextOf } from './lines';
import type { Box, OcrResult, TextLine, TextSpan } from './types';

/**
 * Tick boxes read from the pixels. OCR reads the printed options of a form ("Satisfactory",
 * "Unsatisfactory") equally well whether their box is ticked or not, and reads the tick itself as
 * noise ("IX]") or not at all. So each small square outline on the page is found, its inside is
 * measured (an X, a check or a fill leaves ink there; an empty box none), and the option after it
 * is marked `[x]` or `[ ]` in the text. The extractor then takes only a ticked option.
 */

const INK = 128;
/** Box sides in pixels at the resolutions we read (about 150–300 DPI). */
const MIN_SIDE = 14;
const MAX_SIDE = 90;
/** Share of each side that must be inked for the outline to be a box. */
const SIDE_COVERAGE = 0.85;
/** Share of the inside that must be inked for the box to count as ticked. */
const TICKED_FILL = 0.06;

export interface TickBox {
  box: Box;
  ticked: boolean;
}

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounding boxes of the 4-connected ink components no larger than a box. */
function smallComponents(image: GrayImage): Component[] {
  const { data, width, height } = image;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const found: Component[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= INK) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const push = (j: number) => {
        if (!seen[j] && data[j]! < INK) {
          seen[j] = 1;
          stack[top++] = j;
        }
      };
      if (x > 0) push(i - 1);
      if (x < width - 1) push(i + 1);
      if (y > 0) push(i - width);
      if (y < height - 1) push(i + width);
    }
    if (x1 - x0 <= MAX_SIDE && y1 - y0 <= MAX_SIDE) found.push({ x0, y0, x1, y1 });
  }
  return found;
}

function inked(image: GrayImage, x: number, y: number): boolean {
  return image.data[y * image.width + x]! < INK;
}

/** Share of positions along a side with ink within `band` pixels of the edge. */
function sideCoverage(
  image: GrayImage,
  c: Component,
  side: 'top' | 'bottom' | 'left' | 'right',
  band: number,
): number {
  const horizontal = side === 'top' || side === 'bottom';
  const from = horizontal ? c.x0 : c.y0;
  const to = horizontal ? c.x1 : c.y1;
  let covered = 0;
  for (let t = from; t <= to; t++) {
    for (let d = 0; d < band; d++) {
      const x = horizontal ? t : side === 'left' ? c.x0 + d : c.x1 - d;
      const y = horizontal ? (side === 'top' ? c.y0 + d : c.y1 - d) : t;
      if (inked(image, x, y)) {
        covered++;
        break;
      }
    }
  }
  return covered / (to - from + 1);
}

function insideFill(image: GrayImage, c: Component): number {
  const inset = Math.max(3, Math.round((c.x1 - c.x0) * 0.2));
  let ink = 0;
  let all = 0;
  for (let y = c.y0 + inset; y <= c.y1 - inset; y++) {
    for (let x = c.x0 + inset; x <= c.x1 - inset; x++) {
      all++;
      if (inked(image, x, y)) ink++;
    }
  }
  return all === 0 ? 0 : ink / all;
}

/** Square outlines of box size on the page, each ticked or not. */
export function findTickBoxes(image: GrayImage): TickBox[] {
  const boxes: TickBox[] = [];
  for (const c of smallComponents(image)) {
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    if (w < MIN_SIDE || h < MIN_SIDE || Math.abs(w - h) > 0.2 * Math.max(w, h)) continue;
    const band = Math.max(2, Math.round(w * 0.12));
    const sides = (['top', 'bottom', 'left', 'right'] as const).map((s) =>
      sideCoverage(image, c, s, band),
    );
    if (sides.some((coverage) => coverage < SIDE_COVERAGE)) continue;
    boxes.push({
      box: { x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 },
      ticked: insideFill(image, c) >= TICKED_FILL,
    });
  }
  return boxes;
}

const middle = (b: Box) => (b.y0 + b.y1) / 2;

/** OCR's reading of the box glyph itself ("IX]", "[]", "O"): a short token without a word in it. */
const BOX_NOISE = /^(?!.*\p{Ll}{3})\S{1,4}$/u;

function markSpan(span: TextSpan, tick: TickBox): TextSpan {
  const words = span.text.split(/\s+/).filter(Boolean);
  // The span begins over the box: OCR read the box as a character or two; drop them.
  if (span.box.x0 <= tick.box.x1 && words.length > 1 && BOX_NOISE.test(words[0]!)) words.shift();
  return {
    ...span,
    text: `${tick.ticked ? '[x]' : '[ ]'} ${words.join(' ')}`,
    box: { ...span.box, x0: Math.min(span.box.x0, tick.box.x0) },
  };
}

/**
 * Marks the option after each tick box in the OCR lines, and joins the marked options of a line
 * into one span ("[ ] Satisfactory [x] Unsatisfactory"), so that the value beside a label holds
 * every option and the extractor can take the ticked one.
 */
export function markTickBoxes(result: OcrResult, image: GrayImage): OcrResult {
  const ticks = findTickBoxes(image);
  if (ticks.length === 0) return result;
  let changed = false;
  const lines = result.lines.map((line): TextLine => {
    if (!line.spans?.length || !line.box) return line;
    const { y0, y1 } = line.box;
    const onLine = ticks.filter((t) => middle(t.box) >= y0 && middle(t.box) <= y1);
    if (onLine.length === 0) return line;
    const marked = new Set<number>();
    const spans = line.spans.map((span) => span);
    for (const tick of onLine) {
      const size = tick.box.x1 - tick.box.x0;
      // The option is the first span ending right of the box and starting within three box widths.
      let index = -1;
      spans.forEach((span, i) => {
        if (span.box.x1 <= tick.box.x1 || span.box.x0 > tick.box.x1 + 3 * size) return;
        if (index === -1 || span.box.x0 < spans[index]!.box.x0) index = i;
      });
      if (index === -1 || marked.has(index)) continue;
      spans[index] = markSpan(spans[index]!, tick);
      marked.add(index);
    }
    if (marked.size === 0) return line;
    changed = true;
    // Join runs of marked spans: the options of one question.
    const joined: TextSpan[] = [];
    spans.forEach((span, i) => {
      const previous = joined[joined.length - 1];
      if (previous && marked.has(i) && marked.has(i - 1)) {
        joined[joined.length - 1] = {
          text: `${previous.text} ${span.text}`,
          box: {
            x0: previous.box.x0,
            y0: Math.min(previous.box.y0, span.box.y0),
            x1: span.box.x1,
            y1: Math.max(previous.box.y1, span.box.y1),
          },
          confidence: Math.min(previous.confidence, span.confidence),
        };
      } else {
        joined.push(span);
      }
    });
    return { ...line, spans: joined, text: joined.map((s) => s.text).join('\t') };
  });
  return changed ? { ...result, lines, text: pageTextOf(lines) } : result;
}
