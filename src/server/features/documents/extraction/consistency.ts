import type { RankedField } from './extract-fields';

/**
 * Above the review threshold only what agrees with the rest of the document. Two fields that
 * cannot both be right go to a person, each at this confidence, whichever of them is wrong.
 */
export const CONFLICT_CONFIDENCE = 0.5;

/** Younger than this at a training event, a date of birth or the event's date is misread. */
const YOUNGEST_IN_TRAINING = 14;
/** Older than this, the same. */
const OLDEST_IN_TRAINING = 90;

const personKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .sort()
    .join(' ');

function yearsBetween(from: string, to: string): number | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return (b - a) / (365.25 * 24 * 3600 * 1000);
}

/**
 * The pairs of fields that contradict each other on one record: the trainee named as their own
 * instructor (one of the two names is another person's, or a label's), and a date of birth that
 * makes the trainee younger than 14 or older than 90 on the day of training. Each such field
 * keeps its value but not its confidence: it is shown for review, not taken as read.
 */
export function contradictions(ranked: readonly RankedField[]): Set<RankedField> {
  const of = (field: string) => ranked.find((r) => r.candidate.field === field);
  const out = new Set<RankedField>();
  const trainee = of('studentName');
  const instructor = of('instructorName');
  if (
    trainee &&
    instructor &&
    personKey(trainee.candidate.value) !== '' &&
    personKey(trainee.candidate.value) === personKey(instructor.candidate.value)
  ) {
    out.add(trainee).add(instructor);
  }
  const born = of('dateOfBirth');
  const trained = of('trainingDate');
  if (born && trained) {
    const age = yearsBetween(born.candidate.value, trained.candidate.value);
    if (age !== null && (age < YOUNGEST_IN_TRAINING || age > OLDEST_IN_TRAINING)) {
      out.add(born).add(trained);
    }
  }
  return out;
}

/** The ranked fields with every contradicted one lowered to CONFLICT_CONFIDENCE. */
export function withContradictionsLowered(ranked: RankedField[]): RankedField[] {
  const contradicted = contradictions(ranked);
  if (contradicted.size === 0) return ranked;
  return ranked.map((r) =>
    contradicted.has(r) ? { ...r, confidence: Math.min(r.confidence, CONFLICT_CONFIDENCE) } : r,
  );
}
