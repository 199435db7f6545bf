import type { DocumentType, EvidenceQuote } from '@shared/api/audit';
import type { EvidenceCriterion } from './types';

/**
 * Below this classification confidence a document's kind is not known well enough for its pages
 * to count as evidence of any kind: they are set aside with the reason.
 */
export const MIN_KIND_CONFIDENCE = 0.45;

/** How a document's kind is known at analysis time. */
export interface DocumentClass {
  kind: DocumentType;
  confidence: number;
  /** Every kind the document shows strongly (a procedure with its log is both), whatever the margin. */
  strongKinds: readonly DocumentType[];
  /** Why the document is not in force (a draft, a blank form, an approval still pending). */
  provisional: string | null;
  /** The one person the document is about, when it is about one person. */
  person: string | null;
  /** Sales copy (a brochure, a web page, an FAQ): evidence for advertising criteria only. */
  promotional: boolean;
  /** Words with which the document records something not done as required ("overdue", "FAIL"). */
  adverse: readonly string[];
  /** Phrases with which the document, of any kind, says something required was not done. */
  breach: readonly string[];
}

/** Kinds that record what was done, entry by entry: their adverse entries may be findings. */
const RECORD_KINDS: readonly DocumentType[] = [
  'log-report',
  'fstd-record',
  'instructor-record',
  'training-record',
  'grade-sheet',
];

/**
 * The words with which a page the criterion would take as proof records something not done: a
 * record's adverse entries, and any document's statements that something required was not done.
 */
function adverseRecord(criterion: EvidenceCriterion, doc: DocumentClass): readonly string[] {
  const proving = heldKinds(doc).filter((k) => criterion.kinds.includes(k));
  return [
    ...new Set([
      ...(proving.some((k) => RECORD_KINDS.includes(k)) ? doc.adverse : []),
      ...doc.breach,
    ]),
  ];
}

/** The kinds a document counts as: its kind when told with confidence, and every strong kind. */
export function heldKinds(doc: DocumentClass): DocumentType[] {
  return [
    ...new Set([...(doc.confidence >= MIN_KIND_CONFIDENCE ? [doc.kind] : []), ...doc.strongKinds]),
  ];
}

const EVERY_PERSON =
  /\b(?:every|each|all|sufficient|enough)\s+(?:[a-z-]+\s+){0,2}?(instructor|evaluator|person|airline transport pilot)s?\b/i;

/**
 * The staff an item asks about one by one ("every instructor", "each evaluator"), or null. A
 * document about one person shows such an item for that person only. Trainee items are left
 * out: the training records show every trainee, and the record checks read them all.
 */
export function everyPersonOf(requirement: string): string | null {
  return EVERY_PERSON.exec(requirement)?.[1]?.toLowerCase() ?? null;
}

/** How a reason names one document of a kind: "a training record cannot show …". */
export const KIND_NOUN: Record<DocumentType, string> = {
  'training-record': 'a training record',
  certificate: 'a certificate',
  'grade-sheet': 'a grade sheet',
  manual: 'a manual',
  'training-specifications': 'the training specifications',
  'syllabus-curriculum': 'a syllabus or curriculum',
  'instructor-record': 'an instructor record',
  'fstd-record': 'a simulator or FSTD record',
  'log-report': 'a log, register or report',
  other: 'a letter, application or agreement',
};

/** "a manual or the training specifications". */
export function kindList(kinds: readonly DocumentType[]): string {
  const nouns = kinds.map((k) => KIND_NOUN[k]);
  return nouns.length <= 1
    ? (nouns[0] ?? '')
    : `${nouns.slice(0, -1).join(', ')} or ${nouns[nouns.length - 1]}`;
}

/**
 * Where a page stands against a criterion: it satisfies it (full), shows it in part (partial), or
 * cannot count (aside: a kind the standard does not admit, or a kind not known with confidence).
 */
export type Standing = 'full' | 'partial' | 'aside';

export function standingOf(
  criterion: EvidenceCriterion,
  doc: DocumentClass | undefined,
  everyPerson: string | null = null,
): Standing {
  // A draft or a blank form shows what is intended, not what is done or in force.
  if (!doc || doc.provisional) return 'aside';
  if (doc.promotional && !criterion.readsAdvertising) return 'aside';
  const kinds = heldKinds(doc);
  if (kinds.some((k) => criterion.kinds.includes(k))) {
    return (everyPerson && doc.person) || adverseRecord(criterion, doc).length > 0
      ? 'partial'
      : 'full';
  }
  if (kinds.some((k) => criterion.partial?.kinds.includes(k))) return 'partial';
  return 'aside';
}

/** Why a page that stands `partial` shows its criterion only in part. */
export function partlyBecause(
  criterion: EvidenceCriterion,
  doc: DocumentClass | undefined,
  everyPerson: string | null,
): string {
  if (everyPerson && doc?.person && heldKinds(doc).some((k) => criterion.kinds.includes(k))) {
    return `it is about ${doc.person} alone, and the item asks about every ${everyPerson}`;
  }
  const adverse = doc ? adverseRecord(criterion, doc) : [];
  if (adverse.length > 0) {
    return `it records something not done as required (${adverse
      .slice(0, 3)
      .map((w) => `“${w}”`)
      .join(', ')}); whether each was put right is for a person to read`;
  }
  return criterion.partial?.because ?? '';
}

/** A matching page that does not count, kept to say why in the reasons. */
export interface SetAsideMatch {
  quote: EvidenceQuote;
  /** The document's kind as classified, and how sure that is; undefined when unknown. */
  document: DocumentClass | undefined;
  /** The words of the page that matched the criterion's query. */
  terms: string[];
}

/** The pages found for one criterion, sorted by what they can prove. */
export interface CriterionEvidence {
  criterion: EvidenceCriterion;
  /** Pages of admissible kinds: each one satisfies the criterion. */
  quotes: EvidenceQuote[];
  /** Pages that show it only in part (criterion.partial, or one person where every one is asked). */
  partial?: EvidenceQuote[];
  /** Why the first of `partial` shows the criterion only in part. */
  partialBecause?: string;
  setAside?: SetAsideMatch[];
}
