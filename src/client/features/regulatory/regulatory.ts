/**
 * Shapes of the regulatory data (spec §3) and the counts the screens show. No regulation, alert
 * or link API exists in this version, so the screens count empty lists and say so.
 */

export interface RegulationEntry {
  id: string;
  country: string;
  regulation: string;
  currentVersion: string;
  complianceLevel: 'compliant' | 'warning' | 'non-compliant';
  pendingChanges: { priority: 'critical' | 'high' | 'medium' | 'low'; description: string }[];
  requiredActions: string[];
}

export interface RegulatoryAlert {
  id: string;
  type: 'checklist-update' | 'compliance-deadline';
  severity: 'critical' | 'warning' | 'info';
  title: string;
  acknowledged: boolean;
}

export function summarizeRegulations(regulations: readonly RegulationEntry[]) {
  return {
    regulations: regulations.length,
    countries: [...new Set(regulations.map((r) => r.country))].sort(),
    pendingChanges: regulations.reduce((n, r) => n + r.pendingChanges.length, 0),
    requiredActions: regulations.reduce((n, r) => n + r.requiredActions.length, 0),
  };
}

export function summarizeAlerts(alerts: readonly RegulatoryAlert[]) {
  return {
    all: alerts.length,
    unacknowledged: alerts.filter((a) => !a.acknowledged).length,
    checklistUpdates: alerts.filter((a) => a.type === 'checklist-update').length,
    complianceDeadlines: alerts.filter((a) => a.type === 'compliance-deadline').length,
  };
}
