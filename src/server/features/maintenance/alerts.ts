import type {
  ComponentPrediction,
  MaintenanceAlert,
  MaintenanceSeverity,
} from '@shared/api/maintenance-insight';
import type { DiscrepancyRow, FleetRows } from './repository';
import {
  rowsOfDevice,
  releasedDays,
  sessionUnreleased,
  toComponent,
  toMaintenanceItem,
  totalHours,
} from './view';

/** A component written up again within this many sessions of its last write-up's closure recurs. */
export const RECURRENCE_SESSIONS = 5;
/** Share of a life limit from which a unit is flagged. */
export const LIFE_LIMIT_WARNING = 0.9;
/** Days before a scheduled item's due date from which it is flagged. */
export const DUE_SOON_DAYS = 14;

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const percent = (p: number) => `${Math.round(p * 100)} %`;
const aboutDays = (days: number) =>
  days < 1
    ? 'less than a day'
    : `about ${Math.round(days)} day${Math.round(days) === 1 ? '' : 's'}`;

function predictionSeverity(p30: number): MaintenanceSeverity | null {
  if (p30 >= 0.8) return 'CRITICAL';
  if (p30 >= 0.5) return 'HIGH';
  if (p30 >= 0.3) return 'MEDIUM';
  return null;
}

function predictionAlerts(predictions: readonly ComponentPrediction[]): MaintenanceAlert[] {
  return predictions.flatMap((c) =>
    c.model
      ? c.units.flatMap((u) => {
          const p30 = u.probabilityWithin.find((p) => p.days === 30)?.p ?? 0;
          const severity = predictionSeverity(p30);
          if (!severity) return [];
          return [
            {
              id: `prediction:${u.componentId}`,
              kind: 'prediction' as const,
              aircraftId: u.deviceName,
              deviceId: u.deviceId,
              component: c.component,
              prediction: `${percent(p30)} chance that ${c.component}${u.serialNumber ? ` ${u.serialNumber}` : ''} fails within 30 days (in service ${Math.round(u.ageDays)} days)`,
              confidence: p30,
              timeToFailure: `${aboutDays(u.expectedRemainingLife)} (expected remaining life)`,
              severity,
              recommendedAction: `Plan the replacement or inspection of ${c.component} on ${u.deviceName} in the next maintenance window`,
              basis: `Weibull fit to ${c.failures} failures and ${c.censored} censored units of ${c.component} in this fleet: shape ${c.model!.shape.toFixed(2)}, scale ${Math.round(c.model!.scale)} days`,
              paragraph: null,
            },
          ];
        })
      : [],
  );
}

const componentKey = (d: DiscrepancyRow) =>
  d.componentId ??
  (d.component ? `${d.component.trim().toLowerCase()}|${d.ataChapter ?? ''}` : null);

/** The same component written up again within RECURRENCE_SESSIONS sessions of the last closure. */
function recurringAlerts(rows: FleetRows): MaintenanceAlert[] {
  const alerts: MaintenanceAlert[] = [];
  for (const device of rows.devices) {
    const mine = rowsOfDevice(rows, device.id);
    const entries = [...mine.discrepancies].sort(
      (a, b) => a.reportedAt.getTime() - b.reportedAt.getTime(),
    );
    const starts = mine.sessions.map((s) => s.startsAt.getTime());
    const lastClosed = new Map<string, DiscrepancyRow>();
    for (const d of entries) {
      const key = componentKey(d);
      if (!key) continue;
      const previous = lastClosed.get(key);
      if (previous?.closedAt && previous.closedAt <= d.reportedAt) {
        const between = starts.filter(
          (t) => t >= previous.closedAt!.getTime() && t <= d.reportedAt.getTime(),
        ).length;
        if (between <= RECURRENCE_SESSIONS && d.status !== 'closed') {
          const name = d.component ?? 'The component';
          alerts.push({
            id: `recurring:${d.id}`,
            kind: 'recurring_discrepancy',
            aircraftId: device.name,
            deviceId: device.id,
            component: d.component,
            prediction: `${name} written up again on ${dayOf(d.reportedAt)}, ${between} session${between === 1 ? '' : 's'} after the last repair (${previous.correctiveAction ?? 'closed'})`,
            confidence: null,
            timeToFailure: null,
            severity: 'HIGH',
            recommendedAction: 'Look for the root cause: the last corrective action did not hold',
            basis: `A write-up of the same component within ${RECURRENCE_SESSIONS} sessions of the previous one's closure on ${dayOf(previous.closedAt)}`,
            paragraph: null,
          });
        }
      }
      if (d.status === 'closed') lastClosed.set(key, d);
    }
  }
  return alerts;
}

function limitAlerts(rows: FleetRows, today: string): MaintenanceAlert[] {
  const alerts: MaintenanceAlert[] = [];
  for (const device of rows.devices) {
    if (device.retiredAt && device.retiredAt <= today) continue;
    const mine = rowsOfDevice(rows, device.id);
    // Hours since installation only for units that have a limit: they are what is read.
    const limited = mine.components.filter(
      (c) => !c.removedAt && (c.lifeLimitHours || c.lifeLimitCycles),
    );
    for (const unit of limited) {
      const c = toComponent(unit, mine.sessions, today);
      const limits = [
        c.lifeLimitHours && { used: c.hoursSinceInstall, limit: c.lifeLimitHours, unit: 'hours' },
        c.lifeLimitCycles && {
          used: c.cyclesSinceInstall,
          limit: c.lifeLimitCycles,
          unit: 'cycles',
        },
      ].filter((l): l is { used: number; limit: number; unit: string } => !!l);
      for (const l of limits) {
        const share = l.used / l.limit;
        if (share < LIFE_LIMIT_WARNING) continue;
        alerts.push({
          id: `life:${unit.id}:${l.unit}`,
          kind: 'life_limit',
          aircraftId: device.name,
          deviceId: device.id,
          component: unit.name,
          prediction: `${unit.name}${unit.serialNumber ? ` ${unit.serialNumber}` : ''} has used ${Math.round(l.used)} of its ${l.limit} ${l.unit} life limit (${percent(share)})`,
          confidence: null,
          timeToFailure:
            share >= 1
              ? 'life limit reached'
              : `${Math.round(l.limit - l.used)} ${l.unit} to the limit`,
          severity: share >= 1 ? 'CRITICAL' : 'MEDIUM',
          recommendedAction:
            share >= 1
              ? 'Remove the unit before further use'
              : 'Order the replacement and plan its installation',
          basis: `Device ${l.unit} recorded in sessions since installation on ${unit.installedAt}`,
          paragraph: null,
        });
      }
    }
    const hours = totalHours(device, mine.sessions).hours;
    for (const row of mine.maintenance) {
      const item = toMaintenanceItem(row, hours, today);
      const daysLeft = item.dueAt
        ? (Date.parse(`${item.dueAt}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY
        : null;
      const soon = daysLeft !== null && daysLeft <= DUE_SOON_DAYS;
      if (!item.overdue && !soon) continue;
      alerts.push({
        id: `maintenance:${item.id}`,
        kind: 'maintenance_due',
        aircraftId: device.name,
        deviceId: device.id,
        component: null,
        prediction: item.overdue
          ? `${item.title} is overdue${item.dueAt ? ` (due ${item.dueAt})` : ''}${item.dueHours !== null ? ` (due at ${item.dueHours} hours; now ${hours})` : ''}`
          : `${item.title} is due on ${item.dueAt}`,
        confidence: null,
        timeToFailure: daysLeft !== null && daysLeft >= 0 ? aboutDays(daysLeft) : null,
        severity: item.overdue ? (item.kind === 'inspection' ? 'CRITICAL' : 'HIGH') : 'MEDIUM',
        recommendedAction: item.overdue
          ? 'Do it before the next session'
          : 'Schedule it in a window without training',
        basis:
          item.intervalDays || item.intervalHours
            ? `Last done ${item.lastDoneAt ?? 'never'}, every ${[item.intervalDays && `${item.intervalDays} days`, item.intervalHours && `${item.intervalHours} hours`].filter(Boolean).join(' or ')}`
            : 'Due date set on the item',
        paragraph: null,
      });
    }
  }
  return alerts;
}

/** Sessions given on a day without a passing preflight: one alert per device and day. */
function unreleasedAlerts(rows: FleetRows): MaintenanceAlert[] {
  const names = new Map(rows.devices.map((d) => [d.id, d.name]));
  const days = new Map<string, typeof rows.sessions>();
  const released = releasedDays(rows.preflights);
  for (const s of rows.sessions.filter((x) => sessionUnreleased(x, released))) {
    const key = `${s.deviceId}|${dayOf(s.startsAt)}`;
    days.set(key, [...(days.get(key) ?? []), s]);
  }
  return [...days.values()].map((sessions) => {
    const first = sessions[0]!;
    const day = dayOf(first.startsAt);
    const name = names.get(first.deviceId) ?? '';
    const list = sessions
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map(
        (s) =>
          `${s.startsAt.toISOString().slice(11, 16)} UTC${s.instructor ? `, ${s.instructor}` : ''}`,
      )
      .join('; ');
    return {
      id: `unreleased:${first.deviceId}:${day}`,
      kind: 'unreleased_session' as const,
      aircraftId: name,
      deviceId: first.deviceId,
      component: null,
      prediction: `Training given on ${name} on ${day} without a passing preflight check that day: ${sessions.length} session${sessions.length === 1 ? '' : 's'} (${list})`,
      confidence: null,
      timeToFailure: null,
      severity: 'HIGH' as const,
      recommendedAction:
        'Record the preflight if it was done; otherwise review the sessions’ training credit',
      basis: 'No passing preflight recorded for the sessions’ day (UTC)',
      paragraph: '142.59(c)(3)',
    };
  });
}

const RANK: Record<MaintenanceSeverity, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** Every alert of the fleet, most severe first. */
export function maintenanceAlerts(
  rows: FleetRows,
  predictions: readonly ComponentPrediction[],
  today: string,
): MaintenanceAlert[] {
  return [
    ...unreleasedAlerts(rows),
    ...predictionAlerts(predictions),
    ...recurringAlerts(rows),
    ...limitAlerts(rows, today),
  ].sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.aircraftId.localeCompare(b.aircraftId));
}
