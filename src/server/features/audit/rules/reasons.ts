import type { EvidenceQuote } from '@shared/api/audit';
import {
  heldKinds,
  KIND_NOUN,
  kindList,
  type CriterionEvidence,
  type SetAsideMatch,
} from './kinds';
import type { EvidenceCriterion } from './types';

/** The sentences of the reasoning that describe evidence, shared by every verdict. */

const SET_ASIDE_SENTENCES = 3;

function where(q: EvidenceQuote): string {
  return `${q.documentName} (page ${q.page})`;
}

function names(quotes: readonly EvidenceQuote[]): string {
  return [...new Set(quotes.map((q) => q.documentName))].join(', ');
}

/** "Found X (Manual.pdf); Y (Log.pdf)." for the criteria that are satisfied. */
export function foundSentence(satisfied: readonly CriterionEvidence[]): string[] {
  if (satisfied.length === 0) return [];
  return [`Found ${satisfied.map((c) => `${c.criterion.shows} (${names(c.quotes)})`).join('; ')}.`];
}

/** A page of a kind that shows the criterion only in part, with why. */
export function partlySentences(partly: readonly CriterionEvidence[]): string[] {
  return partly.map((c) => {
    const first = c.partial![0]!;
    const because = c.partialBecause ?? c.criterion.partial?.because;
    return `${where(first)} shows ${c.criterion.shows} only in part${because ? `: ${because}` : ''}.`;
  });
}

/** "Missing: X, which takes a manual or …" for criteria nothing admissible satisfies. */
export function missingSentence(missing: readonly CriterionEvidence[]): string[] {
  if (missing.length === 0) return [];
  return [
    `Missing: ${missing.map((c) => `${c.criterion.shows}, which takes ${kindList(c.criterion.kinds)}`).join('; ')}.`,
  ];
}

function asideSentence(criterion: EvidenceCriterion, match: SetAsideMatch): string {
  const words = match.terms.length
    ? match.terms
        .slice(0, 3)
        .map((t) => `“${t}”`)
        .join(', ')
    : 'matching words';
  const found = `Found ${words} in ${where(match.quote)}`;
  if (!match.document) {
    return `${found}, but that document has not been classified, so it does not count as evidence.`;
  }
  if (match.document.provisional) {
    return `${found}, but that document is ${match.document.provisional}: it shows what is intended, not what is done or in force, so it does not count as evidence.`;
  }
  if (match.document.promotional) {
    return `${found}, but that document is advertising (a brochure, web page or FAQ): it says what the centre offers, not what it does, so it does not count as evidence.`;
  }
  if (heldKinds(match.document).length === 0) {
    return `${found}, but what kind of document it is could not be told with confidence (it looks most like ${KIND_NOUN[match.document.kind]}), so it does not count as evidence.`;
  }
  return `${found}, but ${KIND_NOUN[match.document.kind]} cannot show ${criterion.shows}.`;
}

/** Why matching pages did not count: one sentence per document, the first few only. */
export function setAsideSentences(criteria: readonly CriterionEvidence[]): string[] {
  const sentences: string[] = [];
  const seen = new Set<string>();
  for (const c of criteria) {
    // A criterion that is satisfied needs no excuse for the pages that did not count.
    if (c.quotes.length > 0) continue;
    for (const match of c.setAside ?? []) {
      if (seen.has(match.quote.documentId)) continue;
      seen.add(match.quote.documentId);
      sentences.push(asideSentence(c.criterion, match));
    }
  }
  if (sentences.length <= SET_ASIDE_SENTENCES) return sentences;
  return [
    ...sentences.slice(0, SET_ASIDE_SENTENCES),
    `${sentences.length - SET_ASIDE_SENTENCES} more documents with matching words were set aside for the same reason.`,
  ];
}

/** What would settle an item with no admissible evidence: the documents, by kind. */
export function settleSentence(missing: readonly CriterionEvidence[]): string[] {
  if (missing.length === 0) return [];
  return [`What would settle it: ${neededDocuments(missing).join('; ')}.`];
}

export function neededDocuments(missing: readonly CriterionEvidence[]): string[] {
  return missing.map((c) => `${c.criterion.document} (${kindList(c.criterion.kinds)})`);
}
