import { DRAFT_MARKER } from '@shared/api/document-generation';
import type { DraftDocument } from '../templates/types';

export function basisLine(draft: DraftDocument): string {
  return `Regulatory basis: ${draft.regulatoryBasis.map((c) => `14 CFR ${c}`).join(', ')}`;
}

/** The text file of a generated document (the spec's `content`). */
export function renderText(draft: DraftDocument): string {
  const lines: string[] = [
    draft.title.toUpperCase(),
    draft.organizationName,
    '',
    DRAFT_MARKER,
    `Generated ${draft.generatedOn}. ${basisLine(draft)}.`,
  ];
  draft.sections.forEach((section, index) => {
    lines.push('', `${index + 1}. ${section.heading}`, '');
    for (const paragraph of section.paragraphs) lines.push(paragraph, '');
    for (const bullet of section.bullets ?? []) lines.push(`  - ${bullet}`);
    if (section.bullets?.length) lines.push('');
    if (section.table) {
      lines.push(section.table.header.join(' | '));
      lines.push(section.table.header.map((h) => '-'.repeat(Math.min(h.length, 20))).join(' | '));
      for (const row of section.table.rows) lines.push(row.map((c) => c || '________').join(' | '));
      lines.push('');
    }
  });
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
