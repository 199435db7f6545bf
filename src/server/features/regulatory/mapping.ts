import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { parseReference, type CfrCitation } from '@shared/checklist/references';
import type { CatalogueItem } from '@shared/checklist/types';

/*
 * Which checklist items a changed paragraph touches: an item whose reference cites the changed
 * paragraph itself, one of its parents (`142.53(a)` for a change in (a)(2)), or the whole section.
 * Ids are written as cited, so a parent is a prefix ending on a closing parenthesis: `(a)(1)` is a
 * parent of `(a)(1)(i)` and not of `(a)(10)`.
 */

interface IndexedItem {
  item: CatalogueItem;
  citations: CfrCitation[];
}

const indexes = new WeakMap<readonly CatalogueItem[], Map<string, IndexedItem[]>>();

/** The catalogue's Part 142 citations grouped by section, parsed once per catalogue. */
function bySection(items: readonly CatalogueItem[]): Map<string, IndexedItem[]> {
  let index = indexes.get(items);
  if (!index) {
    index = new Map();
    for (const item of items) {
      const citations = parseReference(item.reference).filter(
        (p): p is CfrCitation => p.kind === 'cfr',
      );
      for (const section of new Set(citations.map((c) => c.section))) {
        const list = index.get(section) ?? [];
        list.push({ item, citations: citations.filter((c) => c.section === section) });
        index.set(section, list);
      }
    }
    indexes.set(items, index);
  }
  return index;
}

export const cites = (citation: string | null, changed: string) =>
  citation === null || changed === citation || changed.startsWith(citation);

export interface MappedItem {
  item: CatalogueItem;
  /** The changed paragraphs the item's reference covers. */
  citedParagraphs: string[];
}

export function mapChange(
  section: string,
  changedParagraphs: string[],
  items: readonly CatalogueItem[] = CURRENT_CATALOGUE.items,
): MappedItem[] {
  const out: MappedItem[] = [];
  for (const { item, citations } of bySection(items).get(section) ?? []) {
    const cited = changedParagraphs.filter((id) => citations.some((c) => cites(c.paragraph, id)));
    if (cited.length) out.push({ item, citedParagraphs: cited });
  }
  return out;
}

export function mappedItemNumbers(section: string, changedParagraphs: string[]): string[] {
  return mapChange(section, changedParagraphs).map((m) => m.item.number);
}

export function catalogueItem(number: string): CatalogueItem | undefined {
  return CURRENT_CATALOGUE.items.find((i) => i.number === number);
}
