import type { DocumentType, RiskLevel } from '@shared/api/audit';
import type { Requirement } from '@shared/api/instructors';

/** Checks over the training records (14 CFR 142.73 events) that can prove or disprove an item. */
export type RecordCheckId =
  | 'trainee-name'
  | 'trainee-certificates'
  | 'trainee-course'
  | 'trainee-lesson-instructor'
  | 'trainee-practical-tests'
  | 'trainee-additional-training'
  | 'evaluation-within-7-days'
  | 'instructors-on-record'
  | 'graduation-after-tests'
  | 'no-open-failures';

/**
 * A group of checklist items judged by the same criteria. Everything the reasoner says about an
 * item comes from here or from the evidence it found: nothing else decides a status.
 */
export interface RuleGroup {
  id: string;
  title: string;
  items: readonly string[];
  /** Part 142 paragraphs the group rests on; a test checks each against part142-paragraphs.json. */
  references: readonly string[];
  /** Evidence criteria (by id) every item of the group needs; `itemCriteria` overrides per item. */
  criteria: readonly string[];
  itemCriteria?: Readonly<Record<string, readonly string[]>>;
  /** Training-record checks per item. */
  recordChecks?: Readonly<Record<string, RecordCheckId>>;
  /**
   * Items judged from the instructor files (142.73(b)): the file requirements each item asks
   * about. A centre that keeps files is judged from them; one that does not, from its documents.
   */
  fileChecks?: Readonly<Record<string, readonly Requirement[]>>;
  /** Items a passing record check (or file check) proves on its own, without a document. */
  recordsSuffice?: readonly string[];
  /**
   * Items whose record check can only count against them: a failure or an open unsatisfactory
   * check is evidence, a clean record is not (it cannot show a procedure is followed).
   */
  recordsOnlyAgainst?: readonly string[];
  /** Risk of a confirmed non-compliance; other outcomes are derived from it (rules.ts). */
  severity: RiskLevel;
  recommendation: string;
  /** What to do when the item is not (fully) met. */
  action: string;
  time: { partial: string; nonCompliant: string };
  /** Said when nothing was found, for items that often do not apply (satellites, aircraft). */
  whenAbsent?: string;
}

export const NOT_APPLICABLE_HINT =
  'If this does not apply to the training center, record the item as not applicable in the checklist with the reason.';

/**
 * What the assistant looks for in an organization's documents. Each criterion is a full-text
 * query (PostgreSQL `to_tsquery('english', …)` syntax: `&` and, `|` or, `<->` followed by) over
 * the stored page text, the fact a match shows, and the document an inspector would ask for when
 * nothing matches. Write whole words: the query is stemmed like the pages ("records" finds
 * "record"), whereas a `:*` prefix is not stemmed and misses. Rule groups name the criteria they
 * need; both live in subjects/*.ts.
 */
export interface EvidenceCriterion {
  id: string;
  /** What a matching page shows, as the reasoning states it ("a syllabus for each curriculum"). */
  shows: string;
  query: string;
  /** The document to provide when no page matches. */
  document: string;
  /**
   * The evidence standard: the kinds of document whose page can satisfy the criterion, read from
   * the item's text and the paragraph it cites. A page of any other kind is set aside with the
   * reason, however well its words match (kinds.test.ts: never empty).
   */
  kinds: readonly DocumentType[];
  /**
   * Kinds whose page shows the criterion only in part (a procedure where the rule asks for the
   * record of it being done), and why: such a page can make an item PARTIAL, never COMPLIANT.
   */
  partial?: { kinds: readonly DocumentType[]; because: string };
  /** Advertising itself is evidence here: brochures and web pages count (they are set aside elsewhere). */
  readsAdvertising?: true;
}

/** The words a page uses for a flight simulator or training device. */
export const DEVICE = '(simulator | ffs | ftd | fstd | flight <-> training <-> device)';
