/**
 * The Part 142 inspection checklist as the screens see it: the ten areas and the pure helpers
 * both checklist screens use. Progress arithmetic lives in @shared/checklist/progress so the
 * exports and the screens count alike.
 */
import { CHECKLIST_AREAS, type ChecklistAreaId } from '@shared/checklist/areas';
import { formatNumber } from '../../lib/format';

export {
  CHECKLIST_AREAS,
  CHECKLIST_AREA_IDS,
  CHECKLIST_TOTAL_ITEMS,
  type ChecklistAreaId,
} from '@shared/checklist/areas';
export { summarizeChecklist, type ChecklistSummary } from '@shared/checklist/progress';
export { STATUS_LABELS, type ChecklistStatus } from '@shared/checklist/types';

/** A whole percentage in the reader's language (`2%`, `2 %`); `value` is 0–100. */
export function wholePercent(value: number): string {
  return formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** Spec §9: the list shows a description cut at 100 characters. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

export function truncateDescription(text: string, max = DESCRIPTION_PREVIEW_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

const AREA_NAMES = new Map<string, string>(CHECKLIST_AREAS.map((a) => [a.id, a.name]));

export function areaName(id: string): string {
  return AREA_NAMES.get(id) ?? id;
}

interface Searchable {
  areaId: string;
  description: string;
  reference: string;
}

/** Spec §5: case-insensitive match over description, reference and area title; 'all' = no area filter. */
export function filterChecklistItems<T extends Searchable>(
  items: readonly T[],
  query: string,
  area: ChecklistAreaId | 'all',
): T[] {
  const needle = query.trim().toLowerCase();
  return items.filter(
    (item) =>
      (area === 'all' || item.areaId === area) &&
      (!needle ||
        [item.description, item.reference, areaName(item.areaId)].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}
