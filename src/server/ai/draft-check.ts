import { parseReferencePart } from '@shared/checklist/references';
import { referencePartProblem } from '@shared/checklist/reference-validation';

/**
 * Checks a model-written draft before it replaces the built-in text. A draft that fails any
 * check is discarded; the reason is kept for the run's summary.
 */
export interface DraftContext {
  /** Names of the documents the draft may quote. */
  documentNames: readonly string[];
  /** True when evidence was retrieved: the draft must then name at least one of its documents. */
  mustCiteEvidence: boolean;
}

// `142.13(b)`, `§ 142.73(a)(5)`, `14 CFR 61.57`: two- or three-digit part, dot, section.
const CITATION =
  /(?:§+\s*|14\s*CFR\s*(?:part\s*)?)?\b(\d{2,3}\.\d{1,3})((?:\([a-zA-Z0-9]{1,4}\))*)/g;
const ORDER_8900 = /\bV\d+\s+C\d+(?:\s+S\d+)?(?:\s+P\d+-\d+)?\b/g;
const FILE_NAME = /[\w\-()[\] ]{1,120}\.(?:pdf|docx?|xlsx?|csv|txt|png|jpe?g)\b/gi;

/** The citations of a text that do not exist (in Part 142 or among the known 8900.1 references). */
export function inventedCitations(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    const citation = `${match[1]}${match[2] ?? ''}`;
    if (!citation.startsWith('142.')) {
      problems.push(citation);
      continue;
    }
    if (referencePartProblem(parseReferencePart(citation)) !== null) problems.push(citation);
  }
  for (const match of text.matchAll(ORDER_8900)) {
    if (referencePartProblem(parseReferencePart(match[0])) !== null) problems.push(match[0]);
  }
  return problems;
}

/** Null when the draft may be used; otherwise why not, in a few words. */
export function draftProblem(draft: string, context: DraftContext): string | null {
  const text = draft.trim();
  if (text.length < 40) return 'answer too short';
  if (text.length > 4000) return 'answer too long';
  const words = text.split(/\s+/).filter((w) => /[a-z]{2,}/i.test(w));
  if (words.length < 8) return 'answer is not prose';
  const letters = text.replace(/[^a-z]/gi, '').length;
  if (letters / text.length < 0.55) return 'answer is not prose';
  const invented = inventedCitations(text);
  if (invented.length) return `cites ${invented[0]}, which is not a Part 142 paragraph`;
  const known = context.documentNames.map((n) => n.toLowerCase());
  for (const match of text.matchAll(FILE_NAME)) {
    const name = match[0].trim().toLowerCase();
    if (!known.some((k) => name.endsWith(k) || k.endsWith(name))) {
      return `quotes ${match[0].trim()}, which is not among the retrieved documents`;
    }
  }
  if (context.mustCiteEvidence && !known.some((k) => text.toLowerCase().includes(k))) {
    return 'does not cite the retrieved evidence';
  }
  return null;
}
