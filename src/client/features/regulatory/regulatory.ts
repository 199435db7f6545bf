/**
 * What the regulatory screens count and how they link, computed from the API's data
 * (`@shared/api/regulatory`). Nothing here invents a figure: an unknown level stays unknown.
 */
import type {
  ChangeSummary,
  ComplianceLevel,
  ComplianceReport,
  RegulationEntry,
} from '@shared/api/regulatory';
import { formatNumber } from '../../lib/format';

/** A whole percentage in the reader's language (`40%`, `40 %`); `value` is 0–100. */
export function wholePercent(value: number): string {
  return formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** The spec shows the first 3 pending changes and required actions of each regulation. */
export const FIRST_SHOWN = 3;

export interface ReportSummary {
  regulations: number;
  /** Regulations whose level is known (not `unknown`). */
  assessed: number;
  compliant: number;
  /** Compliant share of the assessed regulations, rounded; 0 with no regulations (spec §2); null when none could be assessed. */
  compliancePercent: number | null;
  pendingChanges: number;
  requiredActions: number;
}

export function summarizeReport(regulations: readonly RegulationEntry[]): ReportSummary {
  const assessed = regulations.filter((r) => r.complianceLevel !== 'unknown');
  const compliant = assessed.filter((r) => r.complianceLevel === 'compliant').length;
  let compliancePercent: number | null;
  if (regulations.length === 0) compliancePercent = 0;
  else if (assessed.length === 0) compliancePercent = null;
  else compliancePercent = Math.round((compliant / assessed.length) * 100);
  return {
    regulations: regulations.length,
    assessed: assessed.length,
    compliant,
    compliancePercent,
    pendingChanges: regulations.reduce((n, r) => n + r.pendingChanges.length, 0),
    requiredActions: regulations.reduce((n, r) => n + r.requiredActions.length, 0),
  };
}

/** A level's label is `level.<level>` in the regulatory catalogue. */
export const LEVEL_BADGES = {
  compliant: 'success',
  warning: 'warning',
  'non-compliant': 'destructive',
  unknown: 'secondary',
} as const satisfies Record<ComplianceLevel, string>;

/** Spec §4: critical and high destructive, medium secondary, low outline. */
export const PRIORITY_BADGES = {
  critical: 'destructive',
  high: 'destructive',
  medium: 'secondary',
  low: 'outline',
} as const;

export const SEVERITY_BADGES = {
  critical: 'destructive',
  warning: 'warning',
  info: 'info',
} as const;

/**
 * The checklist screen keeps its area in `?area=`; the item number names the area (4-07 → area 4)
 * and rides along as `item` so the link says which item it means.
 */
export function checklistItemHref(itemNumber: string): string {
  const area = /^(\d+)-/.exec(itemNumber)?.[1];
  const params = new URLSearchParams();
  if (area) params.set('area', `area${Number(area)}`);
  params.set('item', itemNumber);
  return `/compliance-checklist?${params.toString()}`;
}

/** A checklist link from the server (`?item=4-07`) also opens the item's area. */
export function withChecklistArea(href: string): string {
  const url = new URL(href, 'http://app');
  const item = url.searchParams.get('item');
  if (url.pathname !== '/compliance-checklist' || !item || url.searchParams.has('area')) {
    return href;
  }
  return checklistItemHref(item);
}

export function changeHref(changeId: string): string {
  return `/regulatory-compliance?tab=changes&change=${encodeURIComponent(changeId)}`;
}

export function recordHref(recordId: string): string {
  return `/compliance-records/${encodeURIComponent(recordId)}`;
}

/** Report's countries, for the filter; the selected one stays listed even while reloading. */
export function countryOptions(report: ComplianceReport | undefined, selected: string): string[] {
  const countries = new Set(report?.countries ?? []);
  if (selected !== 'all') countries.add(selected);
  return [...countries].sort();
}

/** Newest first by effective date, then by section. */
export function sortChanges(changes: readonly ChangeSummary[]): ChangeSummary[] {
  return [...changes].sort(
    (a, b) =>
      b.effectiveDate.localeCompare(a.effectiveDate) ||
      a.section.localeCompare(b.section, undefined, { numeric: true }),
  );
}
