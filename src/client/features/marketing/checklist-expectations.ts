import type { CatalogueSummary } from '@shared/api/checklist';
import { CHECKLIST_AREAS, CHECKLIST_TOTAL_ITEMS } from '@shared/checklist/areas';

export { catalogueSummary, type CatalogueSummary } from '@shared/api/checklist';

/**
 * What the Part 142 checklist catalogue must hold: ten areas, 200 items (spec:
 * product-regulatory-admin §3). The /test-checklist page compares the server's catalogue with it.
 */
export const EXPECTED_AREAS = CHECKLIST_AREAS.map(({ id, name, count }) => ({ id, name, count }));

export const EXPECTED_TOTAL = CHECKLIST_TOTAL_ITEMS;

export interface AreaCheck {
  key: string;
  name: string;
  expected: number | null;
  found: number;
  ok: boolean;
}

export interface CatalogueCheck {
  areas: AreaCheck[];
  total: number;
  totalOk: boolean;
  /** The reported total equals the sum of the areas' counts. */
  sumOk: boolean;
  ok: boolean;
}

const normalise = (name: string) => name.trim().toLowerCase();

/** Compares a catalogue summary with the expected areas; `null` means the catalogue is missing. */
export function checkCatalogue(summary: CatalogueSummary | null): CatalogueCheck {
  const reported = summary?.areas ?? [];
  const used = new Set<number>();
  const areas: AreaCheck[] = EXPECTED_AREAS.map((area) => {
    const index = reported.findIndex(
      (candidate, i) =>
        !used.has(i) &&
        (normalise(candidate.name) === normalise(area.name) || candidate.id === area.id),
    );
    if (index >= 0) used.add(index);
    const found = reported[index]?.count ?? 0;
    return { key: area.id, name: area.name, expected: area.count, found, ok: found === area.count };
  });
  reported.forEach((area, index) => {
    if (!used.has(index))
      areas.push({
        key: `extra-${area.id}`,
        name: area.name,
        expected: null,
        found: area.count,
        ok: false,
      });
  });
  const total = summary?.total ?? 0;
  const sum = reported.reduce((acc, area) => acc + area.count, 0);
  const totalOk = total === EXPECTED_TOTAL;
  const sumOk = summary !== null && sum === total;
  return { areas, total, totalOk, sumOk, ok: totalOk && sumOk && areas.every((area) => area.ok) };
}
