import { diffWords } from 'diff';
import type { DiffPart } from '@shared/api/regulatory';
import type { ParagraphChange, StoredParagraph } from '../../db/schema/regulatory';

/*
 * A change between two versions of a section, paragraph by paragraph: a paragraph id present
 * only in the new text was added, only in the old one removed, in both with other words reworded.
 * Whitespace alone is not a change.
 */

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function diffParagraphs(
  before: StoredParagraph[],
  after: StoredParagraph[],
): ParagraphChange[] {
  const old = new Map(before.map((p) => [p.id, p.text]));
  const fresh = new Set(after.map((p) => p.id));
  const changes: ParagraphChange[] = [];
  for (const p of after) {
    const was = old.get(p.id);
    if (was === undefined) changes.push({ id: p.id, kind: 'added', before: null, after: p.text });
    else if (squash(was) !== squash(p.text)) {
      changes.push({ id: p.id, kind: 'reworded', before: was, after: p.text });
    }
  }
  for (const p of before) {
    if (!fresh.has(p.id)) changes.push({ id: p.id, kind: 'removed', before: p.text, after: null });
  }
  return changes;
}

/** Word-level parts of before → after, as jsdiff gives them (added / removed flags). */
export function wordDiff(before: string | null, after: string | null): DiffPart[] {
  return diffWords(before ?? '', after ?? '').map((part) => ({
    value: part.value,
    ...(part.added ? { added: true } : {}),
    ...(part.removed ? { removed: true } : {}),
  }));
}
