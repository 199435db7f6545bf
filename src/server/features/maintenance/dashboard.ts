import type {
  FleetAircraft,
  MaintenanceAlert,
  MaintenanceMetrics,
  ComponentPrediction,
} from '@shared/api/maintenance-insight';
import { fleetFigures, type Period } from './figures';
import { backtest } from './predictions';
import type { FleetRows } from './repository';
import { rowsOfDevice, toDevice, toMaintenanceItem, totalHours } from './view';

const DAY = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The last 30 days up to today, inclusive: the window of the dashboard's figures. */
export const lastDays = (today: string, days = 30): Period => ({
  from: shift(today, -(days - 1)),
  to: today,
});

/** How far back the backtest cuts the history, and how far ahead it predicts from there. */
export const BACKTEST_DAYS = 90;

const isActive = (rows: FleetRows, today: string) =>
  rows.devices.filter((d) => !d.retiredAt || d.retiredAt > today);

/** The spec's metric cards, each computed from the rows, or null with the reason. */
export function metricsOf(
  rows: FleetRows,
  predictions: readonly ComponentPrediction[],
  alerts: readonly MaintenanceAlert[],
  today: string,
): MaintenanceMetrics {
  const figures = fleetFigures(rows, lastDays(today), today);
  const now = figures.fleet.figures.availability.value;
  const before = figures.fleet.previous.availability.value;
  const test = backtest(rows, shift(today, -BACKTEST_DAYS), BACKTEST_DAYS);
  const predictedFailures = predictions
    .flatMap((p) => p.units)
    .filter((u) => (u.probabilityWithin.find((x) => x.days === 30)?.p ?? 0) >= 0.5).length;
  const period = `${figures.period.from} to ${figures.period.to}`;
  return {
    totalAircraft: isActive(rows, today).length,
    predictiveAccuracy: test?.precision ?? null,
    costReduction: null,
    uptimeImprovement: now !== null && before !== null ? (now - before) * 100 : null,
    criticalAlerts: alerts.filter((a) => a.severity === 'CRITICAL').length,
    predictedFailures,
    preventedDowntime: null,
    networkIntelligence: null,
    basis: {
      totalAircraft: 'Aircraft and FSTDs in the fleet, not retired',
      predictiveAccuracy: test
        ? test.precision === null
          ? `Backtest from ${test.cutoff}: no unit was flagged, so there is no precision to report (${test.failures} failed in the ${BACKTEST_DAYS} days after)`
          : `Backtest: fitted on the history before ${test.cutoff}, ${test.flagged} unit${test.flagged === 1 ? '' : 's'} flagged as 50 % likely to fail within ${BACKTEST_DAYS} days, ${test.flaggedFailed} failed (recall ${test.recall === null ? 'not defined: none failed' : `${Math.round(test.recall * 100)} %`} of ${test.failures} failures)`
        : `Not enough history before ${shift(today, -BACKTEST_DAYS)} to fit any component type`,
      costReduction: 'Not measured: Centerline keeps no maintenance cost data',
      uptimeImprovement:
        now !== null && before !== null
          ? `Fleet availability ${period} (${(now * 100).toFixed(1)} %) minus the 30 days before (${(before * 100).toFixed(1)} %), in points`
          : `Not computed: ${now === null ? figures.fleet.figures.availability.reason : figures.fleet.previous.availability.reason}`,
      criticalAlerts: 'Alerts of severity CRITICAL now',
      predictedFailures:
        'Installed units whose component model gives a 50 % or greater chance of failing within 30 days',
      preventedDowntime:
        'Not measured: downtime that did not happen cannot be counted from the logs',
      networkIntelligence: 'Not computed: Centerline does not pool data across training centres',
    },
    backtest: test,
  };
}

/** The Fleet Status rows: the spec's fields, each derived from the device's rows. */
export function fleetStatusOf(
  rows: FleetRows,
  alerts: readonly MaintenanceAlert[],
  today: string,
): FleetAircraft[] {
  const window = lastDays(today);
  const figures = fleetFigures(rows, window, today);
  return isActive(rows, today).map((device) => {
    const mine = rowsOfDevice(rows, device.id);
    const shown = toDevice(device, rows, today);
    const availability = figures.devices.find((d) => d.deviceId === device.id)!.figures
      .availability;
    const hours = totalHours(device, mine.sessions).hours;
    const due = mine.maintenance
      .map((m) => toMaintenanceItem(m, hours, today).dueAt)
      .filter((d): d is string => d !== null)
      .sort()[0];
    const stamps = [
      device.updatedAt,
      ...mine.preflights.map((p) => p.performedAt),
      ...mine.discrepancies.map((d) => d.updatedAt),
      ...mine.sessions.map((s) => s.createdAt),
      ...mine.components.map((c) => c.updatedAt),
    ].map((d) => d.getTime());
    return {
      aircraftId: device.name,
      deviceId: device.id,
      kind: device.kind,
      model: device.model,
      status: shown.status,
      statusReason: shown.statusReason,
      healthScore: availability.value === null ? null : availability.value * 100,
      healthBasis:
        availability.value === null
          ? `No health score: ${availability.reason} (${window.from} to ${window.to})`
          : `Availability ${window.from} to ${window.to}: share of scheduled training time not lost to discrepancies`,
      nextMaintenance: due ?? null,
      criticalAlerts: alerts.filter((a) => a.deviceId === device.id && a.severity === 'CRITICAL')
        .length,
      lastUpdate: new Date(Math.max(...stamps)).toISOString(),
      release: shown.release,
    };
  });
}
