import type { ExtractedFieldCandidate } from './reading/types';

/** Below the review threshold the validation form shows (0.85): a person looks at the value. */
export const UNCONFIRMED_CONFIDENCE = 0.6;

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** Dice overlap of the words of two titles, 0–1. */
function similarity(a: string, b: string): number {
  const wa = new Set(words(a));
  const wb = new Set(words(b));
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return (2 * shared) / (wa.size + wb.size);
}

/** Close enough to be the same course written a little differently ("B737 Initial" / "Initial B737"). */
const SAME_COURSE = 0.75;

/**
 * Checks what the extractor read against what the organization already holds. A course that is
 * not, or not close to, one of the organization's courses is said so and put below the review
 * threshold: it may be a new course, or words of the form that are not a course at all.
 */
export function checkAgainstOrganization(
  fields: ExtractedFieldCandidate[],
  knownCourses: readonly string[],
): (ExtractedFieldCandidate & { reviewNotes?: string[] })[] {
  return fields.map((field) => {
    if (field.fieldName !== 'courseName' || knownCourses.length === 0) return field;
    let best = { course: '', score: 0 };
    for (const course of knownCourses) {
      const score = similarity(field.value, course);
      if (score > best.score) best = { course, score };
    }
    if (best.score >= SAME_COURSE) return field;
    const closest = best.score >= 0.4 ? ` The closest on record is “${best.course}”.` : '';
    return {
      ...field,
      confidence: Math.min(field.confidence, UNCONFIRMED_CONFIDENCE),
      reviewNotes: [
        `Not a course this organization has on record.${closest} Confirm it is a course you conduct before it is used.`,
      ],
    };
  });
}
