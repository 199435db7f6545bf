/**
 * Checklist references as the FAA job aid writes them — `142.13(a), V3 C54 S1 P3-4336` — split
 * into Part 142 citations and FAA Order 8900.1 references, and turned into links.
 */

/**
 * eCFR page of one Part 142 section. Part 142 sits in subchapter H of chapter I (not G).
 * Checked against the eCFR's own links; re-check against https://www.ecfr.gov before release.
 */
export const ECFR_SECTION_URL =
  'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-H/part-142/section-{section}';

/**
 * The FAA's page of an Order 8900.1 volume and chapter (and section when given) on FSIMS, the
 * FAA's Flight Standards Information Management System. The FAA is moving 8900.1 to its Dynamic
 * Regulatory System (drs.faa.gov), so this pattern must be checked against the FAA site before
 * each release.
 */
export const ORDER_8900_URL =
  'https://fsims.faa.gov/PICDetail.aspx?docId=8900.1,Vol.{volume},Ch{chapter}';
export const ORDER_8900_SECTION_SUFFIX = ',Sec{section}';

export interface CfrCitation {
  kind: 'cfr';
  /** As written, trimmed: `142.13(a)`. */
  text: string;
  /** `142.13` */
  section: string;
  /** `(a)(1)`, or null for the whole section. */
  paragraph: string | null;
}

export interface OrderReference {
  kind: 'order8900';
  text: string;
  volume: number;
  chapter: number;
  section: number | null;
  /** Paragraph number such as `3-4336`, or null. */
  paragraph: string | null;
}

export interface UnknownReference {
  kind: 'unknown';
  text: string;
}

export type ReferencePart = CfrCitation | OrderReference | UnknownReference;

// `142.13`, `142.13(a)`, `142.11(d)(2)(iv)`, `142.47(a)(5)(ii)(A)`; a leading `14 CFR` or `§` is allowed.
const CFR = /^(?:14\s*CFR\s*)?(?:§+\s*)?(142\.\d+)((?:\([a-z]\)|\(\d+\)|\([ivx]+\)|\([A-Z]\))*)$/;
// `V3 C54`, `V3 C54 S1`, `V3 C54 S1 P3-4336`.
const ORDER = /^V(\d+)\s+C(\d+)(?:\s+S(\d+))?(?:\s+P(\d+-\d+))?$/;

export function parseReferencePart(raw: string): ReferencePart {
  const text = raw.trim().replace(/\s+/g, ' ');
  const cfr = CFR.exec(text);
  if (cfr) return { kind: 'cfr', text, section: cfr[1]!, paragraph: cfr[2] || null };
  const order = ORDER.exec(text);
  if (order) {
    return {
      kind: 'order8900',
      text,
      volume: Number(order[1]),
      chapter: Number(order[2]),
      section: order[3] ? Number(order[3]) : null,
      paragraph: order[4] ?? null,
    };
  }
  return { kind: 'unknown', text };
}

/** Splits a reference string on commas and semicolons; empty parts are dropped. */
export function parseReference(reference: string): ReferencePart[] {
  return reference
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseReferencePart);
}

export function ecfrSectionUrl(section: string): string {
  return ECFR_SECTION_URL.replace('{section}', section);
}

export function order8900Url(volume: number, chapter: number, section: number | null): string {
  const base = ORDER_8900_URL.replace('{volume}', String(volume)).replace(
    '{chapter}',
    String(chapter),
  );
  return section === null
    ? base
    : base + ORDER_8900_SECTION_SUFFIX.replace('{section}', String(section));
}

export interface ReferenceLink {
  text: string;
  /** Null when the part is not a reference we know how to link. */
  href: string | null;
  /** What the link opens, for its accessible name. */
  title: string | null;
  kind: ReferencePart['kind'];
}

export function linkFor(part: ReferencePart): ReferenceLink {
  if (part.kind === 'cfr') {
    return {
      text: part.text,
      href: ecfrSectionUrl(part.section),
      title: `14 CFR ${part.section} on the eCFR`,
      kind: part.kind,
    };
  }
  if (part.kind === 'order8900') {
    const where = `Volume ${part.volume}, Chapter ${part.chapter}${part.section === null ? '' : `, Section ${part.section}`}`;
    return {
      text: part.text,
      href: order8900Url(part.volume, part.chapter, part.section),
      title: `FAA Order 8900.1 ${where}`,
      kind: part.kind,
    };
  }
  return { text: part.text, href: null, title: null, kind: part.kind };
}

/** Every part of a reference with its link (spec: references become links when they hold a known key). */
export function referenceLinks(reference: string): ReferenceLink[] {
  return parseReference(reference).map(linkFor);
}

/** How /far-compliance shows a reference: Part 142 parts after '14 CFR', 8900.1 parts after 'FAA Order 8900.1'. */
export function formatReference(reference: string): string {
  const parts = parseReference(reference);
  const cfr = parts.filter((p) => p.kind === 'cfr').map((p) => p.text);
  const order = parts.filter((p) => p.kind === 'order8900').map((p) => p.text);
  const other = parts.filter((p) => p.kind === 'unknown').map((p) => p.text);
  const pieces: string[] = [];
  if (cfr.length) pieces.push(`14 CFR ${cfr.join(', ')}`);
  if (order.length) pieces.push(`FAA Order 8900.1 ${order.join(', ')}`);
  pieces.push(...other);
  return pieces.join('; ');
}
