import type { ChecklistStatus } from './types';

export interface ChecklistSummary {
  total: number;
  compliant: number;
  partial: number;
  nonCompliant: number;
  notApplicable: number;
  pending: number;
  /** Items with any status but pending (spec §4: they count as done). */
  reviewed: number;
  /** Compliant ÷ total, rounded (spec §4, /far-compliance); null when there is nothing to divide by. */
  compliancePercent: number | null;
  /** Reviewed ÷ total as a 0–100 value, rounded; 0 when empty. */
  progressPercent: number;
}

/** The counts both checklist screens show, over any list of items with a status. */
export function summarizeChecklist(
  items: readonly { status: ChecklistStatus }[],
): ChecklistSummary {
  const counts: Record<ChecklistStatus, number> = {
    pending: 0,
    compliant: 0,
    partial: 0,
    'non-compliant': 0,
    'not-applicable': 0,
  };
  for (const item of items) counts[item.status] += 1;
  const total = items.length;
  const reviewed = total - counts.pending;
  return {
    total,
    compliant: counts.compliant,
    partial: counts.partial,
    nonCompliant: counts['non-compliant'],
    notApplicable: counts['not-applicable'],
    pending: counts.pending,
    reviewed,
    compliancePercent: total ? Math.round((counts.compliant / total) * 100) : null,
    progressPercent: total ? Math.round((reviewed / total) * 100) : 0,
  };
}
