import { z } from 'zod';

/**
 * What the Part 142 checklist catalogue must hold: ten areas, 200 items (spec:
 * product-regulatory-admin §3). The /test-checklist page compares the server's catalogue with it.
 */
export const EXPECTED_AREAS = [
  { id: 'area1', name: 'Management and Administration', count: 38 },
  { id: 'area2', name: 'Training Specifications', count: 15 },
  { id: 'area3', name: 'Courseware', count: 20 },
  { id: 'area4', name: 'Airman Training Programs', count: 20 },
  { id: 'area5', name: 'Instructor and Evaluator Training and Qualification', count: 20 },
  { id: 'area6', name: 'Facilities', count: 18 },
  { id: 'area7', name: 'Flight Training Equipment', count: 16 },
  { id: 'area8', name: 'Records', count: 17 },
  { id: 'area9', name: 'Training Operations', count: 16 },
  { id: 'area10', name: 'Quality Control Measures', count: 20 },
] as const;

export const EXPECTED_TOTAL = EXPECTED_AREAS.reduce((sum, area) => sum + area.count, 0);

export const catalogueSummary = z.object({
  areas: z.array(
    z.object({ id: z.string(), name: z.string(), count: z.number().int().nonnegative() }),
  ),
  total: z.number().int().nonnegative(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummary>;

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
