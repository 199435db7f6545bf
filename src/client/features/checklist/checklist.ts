/**
 * The Part 142 inspection checklist as the screens see it: its ten areas (names from the spec,
 * §3) and the pure arithmetic both checklist screens show. No catalogue API exists in this
 * version, so the screens run these functions over an empty list and show what that truly gives.
 */

export const CHECKLIST_AREAS = [
  { id: 'area1', number: 1, name: 'Management and Administration' },
  { id: 'area2', number: 2, name: 'Training Specifications' },
  { id: 'area3', number: 3, name: 'Courseware' },
  { id: 'area4', number: 4, name: 'Airman Training Programs' },
  { id: 'area5', number: 5, name: 'Instructor and Evaluator Training and Qualification' },
  { id: 'area6', number: 6, name: 'Facilities' },
  { id: 'area7', number: 7, name: 'Flight Training Equipment' },
  { id: 'area8', number: 8, name: 'Records' },
  { id: 'area9', number: 9, name: 'Training Operations' },
  { id: 'area10', number: 10, name: 'Quality Control Measures' },
] as const;

export type ChecklistAreaId = (typeof CHECKLIST_AREAS)[number]['id'];
export const CHECKLIST_AREA_IDS = CHECKLIST_AREAS.map((a) => a.id) as [
  ChecklistAreaId,
  ...ChecklistAreaId[],
];

/** Size of the full catalogue (spec §9: 200 items across 10 areas). */
export const CHECKLIST_TOTAL_ITEMS = 200;

export type ChecklistStatus =
  'compliant' | 'partial' | 'non-compliant' | 'not-applicable' | 'pending';

export interface ChecklistItem {
  id: string;
  number: string;
  areaId: ChecklistAreaId;
  description: string;
  reference: string;
  status: ChecklistStatus;
}

export function areaName(id: ChecklistAreaId): string {
  return CHECKLIST_AREAS.find((a) => a.id === id)?.name ?? id;
}

/** Spec §5: case-insensitive match over description, reference and area title; 'all' = no area filter. */
export function filterChecklistItems(
  items: readonly ChecklistItem[],
  query: string,
  area: ChecklistAreaId | 'all',
): ChecklistItem[] {
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

export interface ChecklistSummary {
  total: number;
  compliant: number;
  partial: number;
  nonCompliant: number;
  notApplicable: number;
  pending: number;
  /** Items with any status but pending (spec §4: they count as done). */
  reviewed: number;
  /** Compliant ÷ total, rounded; null when there is nothing to divide by. */
  compliancePercent: number | null;
  /** Reviewed ÷ total as a 0–100 bar value; 0 when empty. */
  progressPercent: number;
}

export function summarizeChecklist(items: readonly ChecklistItem[]): ChecklistSummary {
  const count = (status: ChecklistStatus) => items.filter((i) => i.status === status).length;
  const total = items.length;
  const pending = count('pending');
  const compliant = count('compliant');
  return {
    total,
    compliant,
    partial: count('partial'),
    nonCompliant: count('non-compliant'),
    notApplicable: count('not-applicable'),
    pending,
    reviewed: total - pending,
    compliancePercent: total ? Math.round((compliant / total) * 100) : null,
    progressPercent: total ? Math.round(((total - pending) / total) * 100) : 0,
  };
}
