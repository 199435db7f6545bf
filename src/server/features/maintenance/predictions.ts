import {
  PREDICTION_HORIZONS_DAYS,
  type ComponentPrediction,
  type UnitPrediction,
} from '@shared/api/maintenance';
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
