import type { Box, PageText } from '../reading/types';
import { LEXICON, MAX_LABEL_WORDS, normaliseLabel, type LabelEntry } from './labels';

export interface Span {
  text: string;
  box?: Box;
  confidence: number;
}

export interface Row {
  page: number;
  /** Position of the row on its page. */
  index: number;
  spans: Span[];
  /** Typical text height, in the page's units; 0 when the reader gave no boxes. */
  height: number;
}

/** A label found at the start of a segment of a span, and what follows it there. */
export interface LabelHit {
  row: Row;
  span: Span;
  spanIndex: number;
  /** True for the last segment of its span: only then can the value sit in the next span. */
  endsSpan: boolean;
  label: string;
  entry: LabelEntry;
  /** 1 for an exact wording, lower for a near miss (OCR errors). */
  strength: number;
  /** ':' when a colon (or '#') separated label and value, 'none' when only a space did. */
  separator: ':' | 'none';
  value: string;
}

/**
 * Leader dots between a label and its value ("Pilot cert. no. ........ 9988654") as OCR reads
 * them: a run of dots, or dots and a few round letters repeated ("....cccooeeiiiiii,").
 */
function isLeader(token: string): boolean {
  const bare = token.replace(/[.,:;'’`_-]/g, '');
  const dots = (token.match(/\./g) ?? []).length;
  if (bare === '') return dots >= 3;
  if (!/^[oceivnmsaruw]+$/.test(bare) || new Set(bare).size > 5) return false;
  return /(.)\1{2,}/.test(bare) && (bare.length >= 6 || dots >= 2);
}

/**
 * A span with leader dots inside is a label and its value: two spans, each with its share of
 * the box (by characters). Leaders at an end are dropped.
 */
function splitAtLeaders(span: Span): Span[] {
  const tokens = span.text.split(/(\s+)/);
  const leaderAt = tokens.findIndex((t) => t.trim() !== '' && isLeader(t));
  if (leaderAt < 0) return [span];
  let end = leaderAt;
  while (end + 1 < tokens.length && (tokens[end + 1]!.trim() === '' || isLeader(tokens[end + 1]!)))
    end++;
  const before = tokens.slice(0, leaderAt).join('').trim();
  const after = tokens
    .slice(end + 1)
    .join('')
    .trim();
  const part = (text: string, from: number, to: number): Span => ({
    text,
    confidence: span.confidence,
    ...(span.box
      ? {
          box: {
            ...span.box,
            x0: span.box.x0 + ((span.box.x1 - span.box.x0) * from) / span.text.length,
            x1: span.box.x0 + ((span.box.x1 - span.box.x0) * to) / span.text.length,
          },
        }
      : {}),
  });
  const out: Span[] = [];
  if (before) out.push(part(before, 0, before.length));
  if (after)
    out.push(...splitAtLeaders(part(after, span.text.length - after.length, span.text.length)));
  return out;
}

export function rowsOf(page: PageText): Row[] {
  return page.lines.map((line, index) => {
    const spans: Span[] = line.spans?.length
      ? line.spans.flatMap((s) =>
          splitAtLeaders({ text: s.text, box: s.box, confidence: s.confidence }),
        )
      : line.text
          .split(/\t| {3,}/)
          .map((t) => t.trim())
          .filter(Boolean)
          .map((text) => ({ text, confidence: line.confidence }));
    const height = line.box ? line.box.y1 - line.box.y0 : 0;
    return { page: page.page, index, spans, height };
  });
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

export type Lexicon = Map<string, LabelEntry>;

/** Looks a label up, forgiving OCR slips in long labels ("Studemt Name", "Date of Birh"). */
export function lookupLabel(
  text: string,
  lexicon: Lexicon = LEXICON,
): { entry: LabelEntry; strength: number } | undefined {
  const key = normaliseLabel(text);
  if (!key) return undefined;
  const exact = lexicon.get(key);
  if (exact) return { entry: exact, strength: 1 };
  if (key.length < 5) return undefined;
  const squeezed = key.replace(/ /g, '');
  let best: { entry: LabelEntry; strength: number } | undefined;
  for (const [candidate, entry] of lexicon) {
    if (candidate.length < 5 || Math.abs(candidate.length - key.length) > 3) continue;
    const distance = Math.min(
      levenshtein(key, candidate),
      levenshtein(squeezed, candidate.replace(/ /g, '')) + 0.5,
    );
    const strength = 1 - distance / Math.max(key.length, candidate.length);
    const needed = candidate.length >= 8 ? 0.8 : 0.83;
    if (strength >= needed && (!best || strength > best.strength)) best = { entry, strength };
  }
  return best;
}

/**
 * Splits a span where a further "Label:" starts inside it — a line typed as
 * "Certificate No.: 3456789 Date of Birth: 03/14/1990" holds two fields.
 */
export function segmentsOf(text: string, lexicon: Lexicon = LEXICON): string[] {
  const words = [...text.matchAll(/\S+/g)];
  const cuts: number[] = [0];
  let segmentStart = 0;
  for (let end = 0; end < words.length; end++) {
    if (!/[:;#]$/.test(words[end]![0]) && words[end + 1]?.[0] !== ':') continue;
    // The longest label ending at this colon: "Student Name:" rather than "Name:".
    for (let start = Math.max(segmentStart, end - MAX_LABEL_WORDS + 1); start <= end; start++) {
      const phrase = words
        .slice(start, end + 1)
        .map((w) => w[0])
        .join(' ');
      if (!lexicon.has(normaliseLabel(phrase))) continue;
      if (start > segmentStart) cuts.push(words[start]!.index);
      segmentStart = end + 1;
      break;
    }
  }
  return cuts
    .map((start, n) => text.slice(start, cuts[n + 1] ?? text.length).trim())
    .filter(Boolean);
}

const SEPARATORS = /^[\s:#.\-–—=]+/;

/** The number of a form's box before its label: "1.", "12a.", "B)" (FAA forms number them). */
const BOX_NUMBER = /^\s*(?:\d{1,2}[a-z]?|[a-z])[.)]\s+(?=\p{L})/iu;

/** Reads a label at the start of a segment: "Label: value", "Label value" or a bare "Label". */
export function labelAt(
  segment: string,
  lexicon: Lexicon = LEXICON,
): ReturnType<typeof unnumberedLabelAt> {
  const number = BOX_NUMBER.exec(segment);
  if (number) {
    const found = unnumberedLabelAt(segment.slice(number[0].length), lexicon);
    if (found) return found;
  }
  return unnumberedLabelAt(segment, lexicon);
}

function unnumberedLabelAt(segment: string, lexicon: Lexicon) {
  // OCR often reads a colon as a semicolon.
  const colon = segment.search(/[:;]/);
  if (colon > 0 && colon <= 48) {
    const head = segment.slice(0, colon);
    const found = lookupLabel(head, lexicon);
    if (found) {
      return {
        ...found,
        label: head.trim(),
        separator: ':' as const,
        value: segment
          .slice(colon + 1)
          .replace(SEPARATORS, '')
          .trim(),
      };
    }
  }
  const words = [...segment.matchAll(/\S+/g)];
  for (let k = Math.min(MAX_LABEL_WORDS, words.length); k >= 1; k--) {
    const end = words[k - 1]!.index + words[k - 1]![0].length;
    const head = segment.slice(0, end);
    const found = lookupLabel(head, lexicon);
    // A near miss of a one-word label is trusted only when it stands alone ("Sudent" over a
    // value, "Cumiculum"), never at the start of a value that merely resembles a label.
    const alone = segment.slice(end).trim() === '';
    if (!found || (found.strength < 1 && k < 2 && !alone)) continue;
    const rest = segment.slice(end);
    const hashed = /#\s*$/.test(head) || /^\s*[#:]/.test(rest);
    return {
      ...found,
      label: head.replace(/[\s:#.]+$/, '').trim(),
      separator: hashed ? (':' as const) : ('none' as const),
      value: rest.replace(SEPARATORS, '').trim(),
    };
  }
  return undefined;
}

export function findLabels(rows: Row[], lexicon: Lexicon = LEXICON): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const row of rows) {
    row.spans.forEach((span, spanIndex) => {
      const segments = segmentsOf(span.text, lexicon);
      segments.forEach((segment, n) => {
        const found = labelAt(segment, lexicon);
        if (!found) return;
        // Only the first segment of a span may be a label without a colon; later ones were cut
        // at a colon, so they always have one.
        hits.push({ row, span, spanIndex, endsSpan: n === segments.length - 1, ...found });
      });
    });
  }
  return hits;
}

/** Horizontal overlap of two boxes as a share of the narrower one. */
export function overlapX(a: Box, b: Box): number {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return overlap / Math.max(1, Math.min(a.x1 - a.x0, b.x1 - b.x0));
}
