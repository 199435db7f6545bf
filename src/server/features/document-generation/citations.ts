import { referenceProblems } from '@shared/checklist/reference-validation';

// `142.73`, `142.73(c)(1)`, `142.47(a)(5)(ii)(A)`: how Part 142 paragraphs are written in prose.
const CITATION = /\b142\.\d+(?:\((?:[a-z]|\d+|[ivx]+|[A-Z])\))*/g;

/** Every Part 142 citation written in a text, in order, without repeats. */
export function citationsIn(text: string): string[] {
  return [...new Set(text.match(CITATION) ?? [])];
}

/** Citations that name no paragraph of Part 142 (checked against the paragraph structure). */
export function invalidCitations(citations: string[]): string[] {
  return citations.filter((c) => referenceProblems(c).length > 0);
}
