import paragraphData from './data/part142-paragraphs.json';
import sectionData from './data/part142-sections.json';
import { parseReference, type ReferencePart } from './references';

/**
 * Checks checklist references against the paragraph structure of 14 CFR Part 142
 * (data/part142-paragraphs.json, a copy of the shared Part 142 data) so the product never cites a
 * paragraph that does not exist. Server and tests use it; the client does not need the data.
 */

interface SectionEntry {
  section: string;
  title: string;
  reserved?: boolean;
  paragraphs?: { id: string }[];
  deeper_ids?: string[];
}

const SECTIONS = new Map<string, SectionEntry>(
  (paragraphData as SectionEntry[]).map((entry) => [entry.section, entry]),
);
const SECTION_TITLES = new Map<string, string>(
  (sectionData as { section: string; title: string }[]).map((s) => [s.section, s.title]),
);

/**
 * The FAA Order 8900.1 references we may cite: the five the FAA job aid gives for items 1-01 to
 * 1-05, and Volume 3 Chapter 54 (the Part 142 chapter) as a whole. We never make up a paragraph
 * number of 8900.1.
 */
export const KNOWN_ORDER_8900_REFERENCES = [
  'V2 C10 S1 P2-1153',
  'V3 C54 S1 P3-4336',
  'V3 C54 S2 P3-4355',
  'V3 C54 S1 P3-4334',
  'V3 C54 S2 P3-4354',
  'V3 C54',
] as const;

export function sectionTitle(section: string): string | undefined {
  return SECTION_TITLES.get(section);
}

/** Why a reference part cannot be cited, or null when it can. */
export function referencePartProblem(part: ReferencePart): string | null {
  if (part.kind === 'unknown') return `"${part.text}" is not a Part 142 or Order 8900.1 reference`;
  if (part.kind === 'order8900') {
    return (KNOWN_ORDER_8900_REFERENCES as readonly string[]).includes(part.text)
      ? null
      : `Order 8900.1 reference "${part.text}" is not one we can vouch for`;
  }
  const entry = SECTIONS.get(part.section);
  if (!entry || !SECTION_TITLES.has(part.section))
    return `§ ${part.section} is not a section of Part 142`;
  if (entry.reserved) return `§ ${part.section} is reserved`;
  if (part.paragraph === null) return null;
  const ids = new Set([...(entry.paragraphs ?? []).map((p) => p.id), ...(entry.deeper_ids ?? [])]);
  return ids.has(part.paragraph) ? null : `${part.text} does not exist in Part 142`;
}

/** Every problem of a reference string; an empty list means every part can be cited. */
export function referenceProblems(reference: string): string[] {
  const parts = parseReference(reference);
  if (parts.length === 0) return ['The reference is empty'];
  return parts.map(referencePartProblem).filter((p): p is string => p !== null);
}

export function isValidReference(reference: string): boolean {
  return referenceProblems(reference).length === 0;
}
