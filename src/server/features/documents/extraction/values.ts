import type { FieldName } from '../reading/types';
import { parseAddress } from './address';
import { parseDate } from './dates';
import { LABEL_WORDS } from './labels';
import { correctWords } from './vocabulary';

/** A value read for a field: normalised, with how well it fits the field's format (0–1). */
export interface ParsedValue {
  value: string;
  validity: number;
  /** Words of an OCR reading that were corrected toward the vocabulary. */
  corrected?: number;
}

const HONORIFICS = /^(mr|mrs|ms|miss|dr|capt|captain|first officer|fo)\.?\s+/i;
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

function titleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/^Mc(\p{L})/u, (_, c: string) => 'Mc' + c.toUpperCase());
}

/** Words of form wording that no person's name is made of. */
const NOT_NAME = new Set(
  'the and of by for to in with that this is are be has have required approved curriculum training checking signature applicant certifies certify completed program course record form'.split(
    ' ',
  ),
);

/** Person names: "ELLIS, JORDAN A." and "Jordan A. Ellis" both become "Jordan A. Ellis". */
export function parseName(text: string): ParsedValue | undefined {
  let t = text
    // OCR reads O as 0 and l as 1 inside names ("0'Brien", "Sofia 0. Novak").
    .replace(/(^|[\s,])0(?=['’.\p{L}])/gu, '$1O')
    .replace(/(?<=\p{L})0(?=\p{L})/gu, 'o')
    .replace(/(?<=\p{L})1(?=\p{L})/gu, 'l')
    .replace(/[“”"_|]/g, ' ')
    .replace(HONORIFICS, '')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(/[.,;:]+$/, (m) => (m.startsWith('.') && /\b\p{Lu}\.$/u.test(t) ? '.' : ''));
  const comma = /^([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s*,\s*([\p{L}'’.\s-]+)$/u.exec(t);
  if (comma && !SUFFIXES.has(comma[2]!.toLowerCase().replace('.', '').trim())) {
    t = `${comma[2]!.trim()} ${comma[1]!.trim()}`;
  }
  const tokens = t.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (const token of tokens) {
    const bare = token.toLowerCase().replace(/[^\p{L}]/gu, '');
    if (kept.length >= 2 && LABEL_WORDS.has(bare)) break;
    kept.push(token);
    if (kept.length === 4) break;
  }
  const leftover = tokens.length - kept.length;
  if (kept.length < 2) return undefined;
  const wordsOk = kept.every((w) => /^\p{L}[\p{L}'’-]*\.?$/u.test(w));
  if (!wordsOk) return undefined;
  if (BOILERPLATE.test(t) || kept.some((w) => NOT_NAME.has(w.toLowerCase()))) return undefined;
  if (kept.some((w) => LABEL_WORDS.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')))) {
    return { value: kept.join(' '), validity: 0.2 };
  }
  const upper = kept.every((w) => w === w.toUpperCase());
  const lower = kept.every((w) => w === w.toLowerCase());
  const value = kept
    .map((w) => (upper || lower || w.length > 2 ? titleCaseIfNeeded(w, upper || lower) : w))
    .join(' ')
    .replace(/\b(\p{Lu})(?=\s)/u, '$1.');
  const initialsOnly = kept.filter((w) => w.replace('.', '').length > 1).length < 2;
  let validity = leftover > 0 ? 0.6 : 1;
  // People write names capitalised; an all-lowercase run is more likely a phrase ("Trainee
  // demonstrated satisfactory…") — unless OCR lost the capitals, so keep it, doubtfully.
  if (lower) validity = Math.min(validity, 0.4);
  if (initialsOnly) validity = Math.min(validity, 0.4);
  return { value, validity };
}

function titleCaseIfNeeded(word: string, force: boolean) {
  return force || word === word.toUpperCase() || word === word.toLowerCase()
    ? titleCase(word)
    : word;
}

/** FAA airman certificate numbers: 7 to 10 digits (older ones may carry a letter prefix). */
export function parseCertificateNumber(text: string): ParsedValue | undefined {
  const t = text.replace(/^\s*(no\.?|number|num|#)\s*[:.]?\s*/i, '').trim();
  const m = /^([A-Za-z]{0,2})\s*([0-9OoIlSB|][0-9OoIlSB| -]{4,14}[0-9OoIlSB|])/.exec(t);
  if (!m) return undefined;
  const prefix = m[1]!.toUpperCase();
  const raw = m[2]!.replace(/[ -]/g, '');
  const digits = raw
    .replace(/[Oo]/g, '0')
    .replace(/[Il|]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8');
  if (!/^\d+$/.test(digits)) return undefined;
  const fixed = digits !== raw;
  const realDigits = raw.replace(/\D/g, '').length;
  if (realDigits < raw.length * 0.7) return undefined;
  const value = prefix + digits;
  const lengthOk = digits.length >= 7 && digits.length <= 10;
  let validity = lengthOk ? (prefix ? 0.7 : 1) : 0.3;
  if (fixed) validity *= 0.8;
  if (/[ -]/.test(m[2]!)) validity *= 0.9;
  return { value, validity };
}

const CERTIFICATE_TYPES: [RegExp, string][] = [
  [/\b(airline transport(?: pilot)?|a\.?t\.?p\.?)\b/i, 'Airline Transport Pilot'],
  [/\b(commercial(?: pilot)?|comm)\b/i, 'Commercial Pilot'],
  [/\b(private(?: pilot)?|ppl)\b/i, 'Private Pilot'],
  [/\b(flight instructor|c\.?f\.?i\.?i?|m\.?e\.?i\.?)\b/i, 'Flight Instructor'],
  [/\bground instructor\b/i, 'Ground Instructor'],
  [/\bstudent(?: pilot)?\b/i, 'Student Pilot'],
  [/\bsport(?: pilot)?\b/i, 'Sport Pilot'],
  [/\brecreational(?: pilot)?\b/i, 'Recreational Pilot'],
  [/\bflight engineer\b/i, 'Flight Engineer'],
  [/\bremote pilot\b/i, 'Remote Pilot'],
];

/** The certificate grade mentioned first; ratings after it ("— Airplane Multiengine Land") go. */
export function parseCertificateType(text: string): ParsedValue | undefined {
  let best: { index: number; value: string } | undefined;
  const named = new Set<string>();
  for (const [re, value] of CERTIFICATE_TYPES) {
    const m = re.exec(text);
    if (m) named.add(value);
    if (m && (!best || m.index < best.index)) best = { index: m.index, value };
  }
  // "Private / Commercial / ATP": a form's printed options, not the holder's certificate.
  if (!best || named.size > 1) return undefined;
  return { value: best.value, validity: best.index < 3 ? 1 : 0.7 };
}

const EVENT_TYPES: [RegExp, string][] = [
  [/\binitial\b/i, 'Initial'],
  [/\brecurrent\b/i, 'Recurrent'],
  [/\bupgrade\b/i, 'Upgrade'],
  [/\btransition\b/i, 'Transition'],
  [/\brequalification\b|\brequal\b/i, 'Requalification'],
  [/\bdifferences\b/i, 'Differences'],
  [/\bproficiency(?: check)?\b|\bp\.?c\.? check\b/i, 'Proficiency Check'],
  [/\bpractical test\b|\bcheckride\b/i, 'Practical Test'],
];

export function parseEventType(text: string): ParsedValue | undefined {
  let best: { index: number; value: string } | undefined;
  for (const [re, value] of EVENT_TYPES) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, value };
  }
  if (!best) return undefined;
  return { value: best.value, validity: best.index < 3 ? 1 : 0.7 };
}

const COURSE_WORDS =
  /\b(training|course|curriculum|program|school|initial|recurrent|upgrade|transition|pilot|ground|simulator|sim|crm|type|rating|instructor|check|indoctrination|qualification|differences)\b/i;

/** Phrases of form and certificate wording; a course title or a name never contains them. */
export const BOILERPLATE =
  /\b(required by|in accordance with|pursuant to|as required|as approved|certif(?:y|ies) that|this (?:record|form|certificate|is to)|has (?:satisfactorily )?completed|the approved|approved (?:curriculum|training program|program)|training and checking|must be|shall|will be|has been|is hereby|signature of)\b/i;

const SENTENCE_REST = /^(?:at|on|in|for|by|from|to|with|of|and|or|the following)\s/i;
const LABEL_OF =
  /^(?:category|type|kind|class|level|name|title|date|place|description)\s+of\s+(?:the\s+)?(?:training|course|curriculum|program|event|check)\b/i;

export function parseCourse(text: string, fromOcr = false): ParsedValue | undefined {
  // Specks beside a word come out as stray stops and colons ("Citation. CJ3", "800XP.:").
  const t = (fromOcr ? text.replace(/(?<=\S)[.:;,]+(?=\s)/g, '') : text)
    .replace(/\s+/g, ' ')
    .replace(/^[\s:.,'"“”‘’|-]+|[\s:,;'"“”‘’|-]+$/g, '')
    .replace(/\.$/, '');
  if (t.length < 3 || !/\p{L}{2}/u.test(t)) return undefined;
  if (parseDate(t, 'event') && t.length < 20) return undefined;
  // Form wording is not a course: "training and checking required by the approved curriculum".
  if (BOILERPLATE.test(t) || t.split(' ').length > 12) return undefined;
  // Nor is the rest of a sentence ("at Pacific Crest Training Center on …") or a label that
  // names what the box holds ("Category of training", "Type of course").
  if (SENTENCE_REST.test(t) || LABEL_OF.test(t)) return undefined;
  const named = COURSE_WORDS.test(t);
  // One word that names no kind of course ("Phase", "Remarks") is a caption, not a title.
  if (!named && !/\s/.test(t)) return undefined;
  return { value: t, validity: named ? 1 : 0.6 };
}

const RESULTS: [RegExp, string][] = [
  [/\bunsatisfactory\b|\bunsat\b/i, 'Unsatisfactory'],
  [/\bsatisfactory\b|\bsat\b/i, 'Satisfactory'],
  [/\bincomplete\b/i, 'Incomplete'],
  [/\bfail(?:ed)?\b|\bdisapproved?\b/i, 'Fail'],
  [/\bpass(?:ed)?\b|\bapproved\b/i, 'Pass'],
];

/**
 * The outcome of a training event or check: Satisfactory, Unsatisfactory, Pass, Fail, Incomplete,
 * or a percentage. A line that prints several outcomes ("Satisfactory / Unsatisfactory", the
 * options of a form) says nothing unless a box marks one: never take the first printed option.
 */
export function parseResult(text: string): ParsedValue | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  const percent = /^(\d{1,3}(?:\.\d)?)\s*(%|percent|\/\s*100)/i.exec(t);
  if (percent && Number(percent[1]) <= 100) return { value: `${percent[1]}%`, validity: 1 };
  const found = RESULTS.filter(([re]) => re.test(t));
  // "Unsatisfactory" contains "satisfactory": keep the longer reading alone.
  const outcomes = new Set(found.map(([, v]) => v));
  if (outcomes.has('Unsatisfactory')) outcomes.delete('Satisfactory');
  if (outcomes.size !== 1) return undefined;
  const [value] = outcomes;
  const first = found.find(([, v]) => v === value)![0].exec(t)!;
  return { value: value!, validity: first.index < 3 ? 1 : 0.6 };
}

/**
 * Reads `text` as a value of `field`. Text from OCR (`fromOcr`) is first corrected toward the
 * vocabulary of course titles and grades; a text layer is taken as written.
 */
/** A tick box as the reader marks it: `[x]` ticked, `[ ]` empty (see reading/tick-boxes.ts). */
const TICKED = /\[x\]\s*([^[\]]+)/gi;
/** A tick box as the readers write it: "[x]" ticked, "[ ]" not. */
export const BOX = /\[[ x]\]/i;

/**
 * The option a form's tick boxes select: the text after the one ticked box. None ticked, or
 * several, select nothing — the printed options are not values.
 */
export function tickedOption(text: string): string | undefined {
  const ticked = [...text.matchAll(TICKED)];
  return ticked.length === 1 ? ticked[0]![1]!.trim() : undefined;
}

export function parseValue(
  field: FieldName,
  text: string,
  fromOcr = false,
): ParsedValue | undefined {
  if (BOX.test(text)) {
    const option = tickedOption(text);
    return option === undefined ? undefined : parseValue(field, option, fromOcr);
  }
  if (fromOcr && (field === 'courseName' || field === 'eventType' || field === 'certificateType')) {
    const { text: fixed, corrected } = correctWords(text);
    const parsed = field === 'courseName' ? parseCourse(fixed, true) : parseField(field, fixed);
    return parsed && corrected > 0 ? { ...parsed, corrected } : parsed;
  }
  return parseField(field, text);
}

function parseField(field: FieldName, text: string): ParsedValue | undefined {
  switch (field) {
    case 'studentName':
    case 'instructorName':
      return parseName(text);
    case 'licenseNumber':
      return parseCertificateNumber(text);
    case 'certificateType':
      return parseCertificateType(text);
    case 'dateOfBirth':
    case 'trainingDate': {
      const d = parseDate(text, field === 'dateOfBirth' ? 'birth' : 'event');
      if (!d) return undefined;
      const extra = text.replace(d.matched, '').replace(/[\s.,;:]/g, '').length;
      return { value: d.iso, validity: (d.ambiguous ? 0.8 : 1) * (extra > 3 ? 0.8 : 1) };
    }
    case 'address':
      return parseAddress(text);
    case 'courseName':
      return parseCourse(text);
    case 'eventType':
      return parseEventType(text);
    case 'result':
      return parseResult(text);
  }
}
