import {
  PREDICTION_HORIZONS_DAYS,
  type ComponentPrediction,
  type UnitPrediction,
} from '@shared/api/maintenance-insight';
import {
  DEFAULT_MIN_FAILURES,
  fitWeibull,
  meanResidualLife,
  probabilityOfFailureWithin,
  type LifeSample,
} from './reliability/weibull';
import type { ComponentRow, FleetRows } from './repository';

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY;

/**
 * A unit's time in service in days: installation to removal (or to `today`). A unit removed or
 * failed on its installation day counts half a day, so it stays in the history.
 */
function lifeOf(unit: ComponentRow, today: string): LifeSample {
  const end = unit.removedAt ?? today;
  return {
    time: Math.max(0.5, daysBetween(unit.installedAt, end)),
    failed: unit.removalReason === 'failure',
  };
}

const typeKey = (name: string) => name.trim().toLowerCase();

/**
 * Per component type (units grouped by name across the fleet): a Weibull fit to the units'
 * lives, failures as failures and every other unit (removed otherwise, or still installed) as
 * right-censored at its time so far; then, for each installed unit, the conditional probability
 * of failing within each horizon and its expected remaining life. Fewer than the minimum number
 * of failures gives no model and says so.
 */
export function componentPredictions(
  rows: FleetRows,
  today: string,
  filter: { deviceId?: string; component?: string } = {},
  minFailures = DEFAULT_MIN_FAILURES,
): ComponentPrediction[] {
  const deviceName = new Map(rows.devices.map((d) => [d.id, d.name]));
  const groups = new Map<string, ComponentRow[]>();
  for (const unit of rows.components) {
    if (unit.installedAt > today) continue;
    const key = typeKey(unit.name);
    groups.set(key, [...(groups.get(key) ?? []), unit]);
  }
  const wanted = filter.component ? typeKey(filter.component) : null;
  const predictions: ComponentPrediction[] = [];
  for (const [key, units] of groups) {
    if (wanted && key !== wanted) continue;
    if (filter.deviceId && !units.some((u) => u.deviceId === filter.deviceId)) continue;
    const samples = units.map((u) => lifeOf(u, today));
    const failures = samples.filter((s) => s.failed).length;
    const basis = {
      unit: 'days' as const,
      minFailures,
      from: units.map((u) => u.installedAt).sort()[0] ?? null,
      to: today,
    };
    const fitted = fitWeibull(samples, { minFailures });
    const installed = units.filter(
      (u) => !u.removedAt && (!filter.deviceId || u.deviceId === filter.deviceId),
    );
    const name = units[0]!.name;
    if (!fitted.ok) {
      predictions.push({
        component: name,
        failures,
        censored: samples.length - failures,
        model: null,
        reason:
          fitted.code === 'too-few-failures'
            ? `Not enough history: ${failures} recorded failure${failures === 1 ? '' : 's'} of this component; a model needs at least ${minFailures}`
            : fitted.reason,
        probabilityWithin: [],
        expectedRemainingLife: null,
        units: [],
        basis,
      });
      continue;
    }
    const { fit } = fitted;
    const unitsOut: UnitPrediction[] = installed.map((u) => {
      const age = Math.max(0, daysBetween(u.installedAt, today));
      return {
        componentId: u.id,
        deviceId: u.deviceId,
        deviceName: deviceName.get(u.deviceId) ?? '',
        serialNumber: u.serialNumber,
        installedAt: u.installedAt,
        ageDays: age,
        probabilityWithin: PREDICTION_HORIZONS_DAYS.map((days) => ({
          days,
          p: probabilityOfFailureWithin(fit, age, days),
        })),
        expectedRemainingLife: meanResidualLife(fit, age),
      };
    });
    predictions.push({
      component: name,
      failures: fit.failures,
      censored: fit.censored,
      model: {
        kind: 'weibull',
        shape: fit.shape,
        scale: fit.scale,
        shapeCi: fit.shapeCi,
        scaleCi: fit.scaleCi,
        confidence: fit.confidence,
      },
      probabilityWithin: PREDICTION_HORIZONS_DAYS.map((days) => ({
        days,
        p: probabilityOfFailureWithin(fit, 0, days),
      })),
      expectedRemainingLife: meanResidualLife(fit, 0),
      units: unitsOut.sort((a, b) => b.probabilityWithin[0]!.p - a.probabilityWithin[0]!.p),
      basis,
    });
  }
  return predictions.sort((a, b) => a.component.localeCompare(b.component));
}

export interface Backtest {
  cutoff: string;
  horizonDays: number;
  /** Units at risk at the cutoff flagged (probability of failing within the horizon ≥ threshold). */
  flagged: number;
  flaggedFailed: number;
  /** Units at risk at the cutoff that failed within the horizon. */
  failures: number;
  precision: number | null;
  recall: number | null;
}

/**
 * Predicts the past: the history is cut at `cutoff` (what was known then: units removed before
 * it as they were, every other unit censored at the cutoff), each component type fitted on that,
 * and each unit in service at the cutoff flagged when its chance of failing within `horizonDays`
 * reaches `threshold`. The flags are then compared with the failures that really followed.
 * Null when no component type had enough history at the cutoff to fit.
 */
export function backtest(
  rows: FleetRows,
  cutoff: string,
  horizonDays: number,
  threshold = 0.5,
  minFailures = DEFAULT_MIN_FAILURES,
): Backtest | null {
  const end = new Date(Date.parse(`${cutoff}T00:00:00Z`) + horizonDays * DAY)
    .toISOString()
    .slice(0, 10);
  const known: ComponentRow[] = rows.components
    .filter((u) => u.installedAt < cutoff)
    .map((u) =>
      u.removedAt && u.removedAt < cutoff ? u : { ...u, removedAt: null, removalReason: null },
    );
  const byId = new Map(rows.components.map((u) => [u.id, u]));
  const predictions = componentPredictions({ ...rows, components: known }, cutoff, {}, minFailures);
  if (predictions.every((p) => p.model === null)) return null;
  let flagged = 0;
  let flaggedFailed = 0;
  let failures = 0;
  for (const p of predictions) {
    if (!p.model) continue;
    for (const unit of p.units) {
      const real = byId.get(unit.componentId)!;
      const failed =
        real.removalReason === 'failure' && real.removedAt! >= cutoff && real.removedAt! <= end;
      const chance = probabilityWithinDays(p, unit.ageDays, horizonDays);
      if (failed) failures++;
      if (chance >= threshold) {
        flagged++;
        if (failed) flaggedFailed++;
      }
    }
  }
  return {
    cutoff,
    horizonDays,
    flagged,
    flaggedFailed,
    failures,
    precision: flagged ? flaggedFailed / flagged : null,
    recall: failures ? flaggedFailed / failures : null,
  };
}

function probabilityWithinDays(p: ComponentPrediction, age: number, days: number) {
  return probabilityOfFailureWithin({ shape: p.model!.shape, scale: p.model!.scale }, age, days);
}
