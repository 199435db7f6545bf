/** Dates as people and OCR write them, to ISO `YYYY-MM-DD`. US documents: slashes are M/D/Y. */

export type DateKind = 'birth' | 'event';

export interface ParsedDate {
  iso: string;
  /** True when day and month could be swapped (both ≤ 12) and we went by convention. */
  ambiguous: boolean;
  /** The text the date was read from. */
  matched: string;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = "'?(\\d{4}|\\d{2})";

const PATTERNS: { re: RegExp; order: 'ymd' | 'numeric' | 'mdy-name' | 'dmy-name' }[] = [
  { re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/, order: 'ymd' },
  { re: /(?<!\d)(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d)/, order: 'numeric' },
  {
    re: new RegExp(`\\b${MONTH}[\\s,.-]*${DAY}(?:\\s*,)?[\\s,.-]+${YEAR}(?!\\d)`, 'i'),
    order: 'mdy-name',
  },
  {
    re: new RegExp(
      `(?<!\\d)${DAY}(?:\\s+day)?(?:\\s+of)?[\\s,.-]*${MONTH}(?:\\s*,)?[\\s,.-]*${YEAR}(?!\\d)`,
      'i',
    ),
    order: 'dmy-name',
  },
];

function daysIn(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fullYear(text: string, kind: DateKind, now: Date): number {
  const n = Number(text);
  if (text.length === 4) return n;
  const century = kind === 'birth' && n > now.getUTCFullYear() % 100 ? 1900 : 2000;
  return century + n;
}

function plausible(year: number, kind: DateKind, now: Date) {
  const thisYear = now.getUTCFullYear();
  return kind === 'birth'
    ? year >= 1920 && year <= thisYear - 12
    : year >= 1980 && year <= thisYear + 2;
}

function iso(y: number, m: number, d: number) {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** OCR reads digits as look-alike letters; fix them only inside otherwise numeric dates. */
function fixDigits(text: string): string {
  return text.replace(/[0-9OoIlSB|]{1,4}(?=[-/.]|\b)/g, (run) =>
    /\d/.test(run)
      ? run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5').replace(/B/g, '8')
      : run,
  );
}

/** Finds the first valid date in `text`. */
export function parseDate(text: string, kind: DateKind, now = new Date()): ParsedDate | undefined {
  // Last resort: letters read as digits inside month names ("24-0CT-2021", "Ju1 4").
  const fixLetters = (t: string) =>
    t.replace(/(?<=\p{L})0|0(?=\p{L}{2})/gu, 'O').replace(/(?<=\p{L})1/gu, 'l');
  const candidates = [text, fixDigits(text), fixLetters(text)];
  for (const source of candidates) {
    let best: (ParsedDate & { index: number }) | undefined;
    for (const { re, order } of PATTERNS) {
      const m = re.exec(source);
      if (!m) continue;
      const parsed = fromMatch(m, order, kind, now);
      if (parsed && (!best || m.index < best.index)) best = { ...parsed, index: m.index };
    }
    if (best) return { iso: best.iso, ambiguous: best.ambiguous, matched: best.matched };
  }
  return undefined;
}

function fromMatch(
  m: RegExpExecArray,
  order: (typeof PATTERNS)[number]['order'],
  kind: DateKind,
  now: Date,
): ParsedDate | undefined {
  let y: number;
  let mo: number;
  let d: number;
  let ambiguous = false;
  if (order === 'ymd') {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if (order === 'numeric') {
    const a = Number(m[1]);
    const b = Number(m[3]);
    y = fullYear(m[4]!, kind, now);
    // Dotted dates are European (day first); slashes and dashes are American (month first).
    const dayFirst = m[2] === '.' ? b <= 12 || a > 12 : a > 12;
    [d, mo] = dayFirst ? [a, b] : [b, a];
    ambiguous = a <= 12 && b <= 12 && a !== b;
  } else if (order === 'mdy-name') {
    mo = MONTHS[m[1]!.toLowerCase().replace('.', '')] ?? 0;
    d = Number(m[2]);
    y = fullYear(m[3]!, kind, now);
  } else {
    d = Number(m[1]);
    mo = MONTHS[m[2]!.toLowerCase().replace('.', '')] ?? 0;
    y = fullYear(m[3]!, kind, now);
  }
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || !plausible(y, kind, now)) return undefined;
  return { iso: iso(y, mo, d), ambiguous, matched: m[0] };
}
