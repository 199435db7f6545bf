import type { ChecklistAreaId } from './areas';

/**
 * The statuses of a response. The spec's editable checklist has four (compliant, non-compliant,
 * pending, not-applicable); /far-compliance also counts "partial", so we support it as a fifth
 * status an editor may choose ("partially compliant"). Every status but pending counts as done.
 */
export const CHECKLIST_STATUSES = [
  'pending',
  'compliant',
  'partial',
  'non-compliant',
  'not-applicable',
] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

export const STATUS_LABELS: Record<ChecklistStatus, string> = {
  pending: 'Pending',
  compliant: 'Compliant',
  partial: 'Partial',
  'non-compliant': 'Non-compliant',
  'not-applicable': 'Not applicable',
};

/** Longest comment or finding we keep (characters). Longer text is refused with a 422. */
export const CHECKLIST_TEXT_MAX = 20_000;

/** One question of the catalogue: a yes/no inspection question with its references. */
export interface CatalogueItem {
  /** `1-01`, or a sub-item such as `1-18-1`. */
  number: string;
  areaId: ChecklistAreaId;
  description: string;
  /**
   * Written like the FAA job aid: Part 142 citations and Order 8900.1 references separated by
   * commas, e.g. `142.13(a), V3 C54 S1 P3-4336`.
   */
  reference: string;
}

/** A catalogue version. Published versions never change; a new text is a new version. */
export interface Catalogue {
  version: number;
  label: string;
  items: readonly CatalogueItem[];
}
