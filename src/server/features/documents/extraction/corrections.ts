import type { Correction, FieldName } from '../reading/types';
import { LEXICON, normaliseLabel, type LabelEntry } from './labels';
import type { Lexicon } from './layout';

export interface Learned {
  lexicon: Lexicon;
  /** field + extracted value (normalised) → the value people validated instead. */
  fixes: Map<string, string>;
}

/**
 * Fields whose wording recurs across a centre's paperwork, so a fix learned on one document
 * applies to the next. Identifiers, dates, trainee names and addresses belong to one person:
 * a corrected certificate number on one document says nothing about another's, and learning it
 * would turn correct readings into wrong ones.
 */
const RECURRING_FIELDS: ReadonlySet<FieldName> = new Set([
  'courseName',
  'eventType',
  'certificateType',
  'instructorName',
]);

const fixKey = (field: FieldName, value: string) =>
  `${field}\u0000${value.toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * What an organization's validations teach, applied in the order given (later wins):
 * - a correction with a label says that label holds that field in this organization's paperwork
 *   (e.g. "Crewmember No." → licenseNumber); an emptied value under a label says that label does
 *   not hold that field;
 * - for RECURRING_FIELDS, a corrected value replaces the same extracted value next time (a
 *   course code the centre always writes out in full, an instructor name OCR misreads).
 */
export function learnCorrections(corrections: Correction[]): Learned {
  const fixes = new Map<string, string>();
  if (corrections.length === 0) return { lexicon: LEXICON, fixes };
  const lexicon: Lexicon = new Map(LEXICON);
  for (const c of corrections) {
    const validated = c.validatedValue.trim();
    const extracted = c.extractedValue.trim();
    if (validated && extracted && validated !== extracted && RECURRING_FIELDS.has(c.fieldName))
      fixes.set(fixKey(c.fieldName, extracted), validated);
    if (!c.label) continue;
    const key = normaliseLabel(c.label);
    if (!key) continue;
    const known = lexicon.get(key);
    let entry: LabelEntry;
    if (validated) {
      entry = { text: key, targets: [c.fieldName], generic: false };
    } else {
      const targets = (known?.targets ?? []).filter((t) => t !== c.fieldName);
      entry = {
        text: key,
        targets: targets.length ? targets : ['other'],
        generic: known?.generic ?? false,
      };
    }
    lexicon.set(key, entry);
  }
  return { lexicon, fixes };
}

export function applyFix(learned: Learned, field: FieldName, value: string): string | undefined {
  return learned.fixes.get(fixKey(field, value));
}
