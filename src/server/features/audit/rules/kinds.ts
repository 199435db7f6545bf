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

export function standingOf(criterion: EvidenceCriterion, doc: DocumentClass | undefined): Standing {
  if (!doc || doc.confidence < MIN_KIND_CONFIDENCE) return 'aside';
  if (criterion.kinds.includes(doc.kind)) return 'full';
  if (criterion.partial?.kinds.includes(doc.kind)) return 'partial';
  return 'aside';
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
  /** Pages that show it only in part (criterion.partial). */
  partial?: EvidenceQuote[];
  setAside?: SetAsideMatch[];
}
