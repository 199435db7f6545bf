import type { DocumentType } from '@shared/api/audit';
import type { EventFacts } from './record-events';
import { standingOf, type CriterionEvidence, type DocumentClass } from './rules/kinds';
import type { EvidenceCriterion } from './rules/types';

/**
 * "Every instructor", read against the training records: the staff the records name are the
 * people an item about each instructor or evaluator is about. Evidence that names some of them
 * and not the others shows the item only in part, and the reasons say who is missing.
 */

export type StaffRole = 'instructor' | 'evaluator';

/** The kinds that record people one by one; registers and rosters are logs or reports. */
const PERSON_RECORD_KINDS: readonly DocumentType[] = ['instructor-record', 'log-report', 'other'];

const ROLE_OF: Record<string, StaffRole> = {
  instructor: 'instructor',
  evaluator: 'evaluator',
  'airline transport pilot': 'instructor',
};

export function staffRoleOf(everyPerson: string | null): StaffRole | null {
  return everyPerson ? (ROLE_OF[everyPerson] ?? null) : null;
}

/** The people the training records name in a role, as written, each once. */
export function staffOnRecord(events: readonly EventFacts[], role: StaffRole): string[] {
  const names = new Map<string, string>();
  for (const e of events) {
    const name = (role === 'instructor' ? e.instructor : e.evaluator)?.trim();
    if (name) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** The surname a document would use for the person: "Dana Reyes", "D. Reyes", "Captain Reyes". */
function surname(name: string): string | null {
  const last = name
    .replace(/,.*$/, '')
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}'’-]/gu, ''))
    .filter(Boolean)
    .pop();
  return last && last.length >= 3 ? last.toLowerCase() : null;
}

function list(people: readonly string[]): string {
  return people.length <= 1
    ? (people[0] ?? '')
    : `${people.slice(0, -1).join(', ')} and ${people[people.length - 1]}`;
}

/**
 * The words (lower case) of the documents that can satisfy each criterion, gathered once per
 * criterion however many items share it.
 */
export function admissibleWords(
  documents: readonly { id: string; text: string }[],
  classes: ReadonlyMap<string, DocumentClass>,
): (criterion: EvidenceCriterion) => ReadonlySet<string> {
  const cache = new Map<string, Set<string>>();
  return (criterion) => {
    let words = cache.get(criterion.id);
    if (!words) {
      words = new Set();
      for (const d of documents) {
        if (standingOf(criterion, classes.get(d.id)) !== 'full') continue;
        for (const w of d.text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []) words.add(w);
      }
      cache.set(criterion.id, words);
    }
    return words;
  };
}

/**
 * Whether the documents that can satisfy the criterion name everyone on record in the role; if
 * not, its satisfying pages count only in part, with the people no such document names.
 */
export function coverStaff(
  evidence: CriterionEvidence,
  role: StaffRole,
  roster: readonly string[],
  wordsOf: (criterion: EvidenceCriterion) => ReadonlySet<string>,
): CriterionEvidence {
  if (roster.length === 0 || evidence.quotes.length === 0) return evidence;
  // Only records of people name people: a manual chapter on the records system does not.
  if (!evidence.criterion.kinds.every((k) => PERSON_RECORD_KINDS.includes(k))) return evidence;
  const words = wordsOf(evidence.criterion);
  const missing = roster.filter((person) => {
    const last = surname(person);
    return last !== null && !words.has(last);
  });
  if (missing.length === 0) return evidence;
  const verb = role === 'instructor' ? 'instruct' : 'evaluate';
  return {
    ...evidence,
    quotes: [],
    partial: [...evidence.quotes, ...(evidence.partial ?? [])],
    partialBecause: `no document that can show it names ${list(missing)}, who ${missing.length === 1 ? `${verb}s` : verb} in the training records`,
  };
}
