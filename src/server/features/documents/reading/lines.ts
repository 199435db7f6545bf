import type { Box, TextLine, TextSpan } from './types';

/** A positioned piece of text: an OCR word or a PDF text-layer run. Boxes have y growing down. */
export interface PlacedText {
  text: string;
  box: Box;
  /** 0–1 */
  confidence: number;
  /** Pieces with the same key were put on one line by the reader (tesseract's own lines). */
  line?: string;
}

const height = (b: Box) => Math.max(1, b.y1 - b.y0);
const centreY = (b: Box) => (b.y0 + b.y1) / 2;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** Form rules, underlines, speckles and stray punctuation carry no field text. */
function isNoise(piece: PlacedText): boolean {
  const text = piece.text.trim();
  if (text === '') return true;
  // A lone, doubtful character is usually a form border or a speck read as "1", "i" or "t".
  if (text.length === 1 && piece.confidence < 0.6) return true;
  return !/[\p{L}\p{N}#&]/u.test(text);
}

interface Group {
  pieces: PlacedText[];
  box: Box;
}

function verticalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap / Math.max(1, Math.min(height(a), height(b)));
}

/**
 * Groups pieces into visual lines, then splits each line into spans wherever the horizontal gap
 * is wider than `gapFactor` times the line's typical height — the gap between a form's columns,
 * not between words. Lines the reader assembled itself (tesseract follows baselines, which copes
 * with residual skew) are kept together; lines that sit side by side at the same height (a label
 * in one column, its value in the next, which OCR often puts in different blocks) are merged.
 */
export function buildLines(pieces: PlacedText[], gapFactor: number): TextLine[] {
  const byKey = new Map<string, PlacedText[]>();
  const groups: Group[] = [];
  for (const piece of pieces) {
    if (isNoise(piece)) continue;
    if (piece.line === undefined) {
      groups.push({ pieces: [piece], box: piece.box });
      continue;
    }
    const list = byKey.get(piece.line);
    if (list) list.push(piece);
    else byKey.set(piece.line, [piece]);
  }
  for (const list of byKey.values())
    groups.push({ pieces: list, box: union(list.map((p) => p.box)) });
  groups.sort((a, b) => centreY(a.box) - centreY(b.box));
  const rows: Group[] = [];
  for (const group of groups) {
    let best: Group | undefined;
    let bestOverlap = 0.5;
    // Groups arrive in vertical order, so only the last few rows can still overlap.
    for (let i = Math.max(0, rows.length - 4); i < rows.length; i++) {
      const row = rows[i]!;
      const sameSize =
        height(group.box) < height(row.box) * 2.2 && height(row.box) < height(group.box) * 2.2;
      const overlap = verticalOverlap(row.box, group.box);
      if (sameSize && overlap > bestOverlap) [best, bestOverlap] = [row, overlap];
    }
    if (best) {
      best.pieces.push(...group.pieces);
      best.box = union([best.box, group.box]);
    } else {
      rows.push({ pieces: [...group.pieces], box: group.box });
    }
  }
  rows.sort((a, b) => centreY(a.box) - centreY(b.box));
  return rows.map((row) => lineOf(row.pieces, gapFactor));
}

function lineOf(pieces: PlacedText[], gapFactor: number): TextLine {
  const sorted = [...pieces].sort((a, b) => a.box.x0 - b.box.x0);
  const typical = median(sorted.map((p) => height(p.box)));
  const groups: PlacedText[][] = [];
  let previous: PlacedText | undefined;
  for (const piece of sorted) {
    const gap = previous ? piece.box.x0 - previous.box.x1 : 0;
    if (!previous || gap > typical * gapFactor) groups.push([piece]);
    else groups[groups.length - 1]!.push(piece);
    previous = piece;
  }
  const spans: TextSpan[] = groups.map((group) => ({
    text: joinPieces(group),
    box: union(group.map((p) => p.box)),
    // The weakest word: one misread word is enough to make the value wrong.
    confidence: Math.min(...group.map((p) => p.confidence)),
  }));
  return {
    text: spans.map((s) => s.text).join('\t'),
    spans,
    box: union(spans.map((s) => s.box)),
    confidence: mean(sorted.map((p) => p.confidence)),
  };
}

/** Joins pieces with a space only where the layout shows one (PDF runs may split inside a word). */
function joinPieces(group: PlacedText[]): string {
  let text = '';
  let previous: PlacedText | undefined;
  for (const piece of group) {
    const piecesTouch =
      previous !== undefined && piece.box.x0 - previous.box.x1 < height(piece.box) * 0.08;
    if (text && !piecesTouch && !text.endsWith(' ')) text += ' ';
    text += piece.text.trim();
    previous = piece;
  }
  return text.replace(/\s+/g, ' ').trim();
}

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** Page text from lines: one line per row, runs kept apart by tabs. */
export function pageTextOf(lines: TextLine[]): string {
  return lines.map((l) => l.text).join('\n');
}
