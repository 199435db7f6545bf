import { z } from 'zod';
import { DEVICE_KINDS, DEVICE_STATUSES, release } from './maintenance';
import { isCalendarDate } from './training-events';

/**
 * What the fleet's history says, computed on read: predictions, alerts, quality figures and the
 * spec's dashboard keys (DESIGN.md §4, Fleet). The records themselves are in maintenance.ts.
 */

// ---------------------------------------------------------------------------------------------
// Predictions (GET /api/maintenance/predictions)

export const PREDICTION_HORIZONS_DAYS = [30, 90, 180] as const;

export const predictionsQuery = z.object({
  deviceId: z.uuid().optional(),
  component: z.string().trim().min(1).max(200).optional(),
});

/** One installed unit of a component type, read against the type's fitted model. */
export const unitPrediction = z.object({
  componentId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  serialNumber: z.string().nullable(),
  installedAt: z.string(),
  /** Days in service so far. */
  ageDays: z.number(),
  probabilityWithin: z.array(z.object({ days: z.number().int(), p: z.number() })),
  /** Expected remaining life in days (mean residual life of the model at this age). */
  expectedRemainingLife: z.number(),
});
export type UnitPrediction = z.infer<typeof unitPrediction>;

/**
 * Per component type: the history used (failures and censored units, in days in service), the
 * Weibull fit with its intervals, or null and the reason (never a made-up number).
 */
export const componentPrediction = z.object({
  component: z.string(),
  failures: z.number().int(),
  censored: z.number().int(),
  model: z
    .object({
      kind: z.literal('weibull'),
      shape: z.number(),
      scale: z.number(),
      shapeCi: z.tuple([z.number(), z.number()]),
      scaleCi: z.tuple([z.number(), z.number()]),
      confidence: z.number(),
    })
    .nullable(),
  reason: z.string().optional(),
  /** For a new unit (age 0); per installed unit below. */
  probabilityWithin: z.array(z.object({ days: z.number().int(), p: z.number() })),
  /** Mean life of a new unit in days; null without a model. */
  expectedRemainingLife: z.number().nullable(),
  units: z.array(unitPrediction),
  basis: z.object({
    unit: z.literal('days'),
    minFailures: z.number().int(),
    /** Earliest installation and the day the history ends. */
    from: z.string().nullable(),
    to: z.string(),
  }),
});
export type ComponentPrediction = z.infer<typeof componentPrediction>;

export const predictionList = z.object({ predictions: z.array(componentPrediction) });
export type PredictionList = z.infer<typeof predictionList>;

// ---------------------------------------------------------------------------------------------
// Alerts (GET /api/maintenance/alerts): the spec's fields, each computed, with the basis

export const MAINTENANCE_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type MaintenanceSeverity = (typeof MAINTENANCE_SEVERITIES)[number];

export const MAINTENANCE_ALERT_KINDS = [
  'prediction',
  'recurring_discrepancy',
  'life_limit',
  'maintenance_due',
  'unreleased_session',
] as const;
export type MaintenanceAlertKind = (typeof MAINTENANCE_ALERT_KINDS)[number];

export const maintenanceAlert = z.object({
  id: z.string(),
  kind: z.enum(MAINTENANCE_ALERT_KINDS),
  /** The spec's name for the device: its name in the fleet. */
  aircraftId: z.string(),
  deviceId: z.string(),
  component: z.string().nullable(),
  prediction: z.string(),
  /** For predictions, the model's probability of failure within 30 days; otherwise null. */
  confidence: z.number().nullable(),
  /** Expected remaining life or time to a limit, in words ("about 40 days"); null when none. */
  timeToFailure: z.string().nullable(),
  severity: z.enum(MAINTENANCE_SEVERITIES),
  recommendedAction: z.string(),
  /** How it was computed: the history, the model or the rule. */
  basis: z.string(),
  /** The paragraph of 14 CFR the alert rests on, when it rests on one. */
  paragraph: z.string().nullable(),
});
export type MaintenanceAlert = z.infer<typeof maintenanceAlert>;

export const maintenanceAlertList = z.object({ alerts: z.array(maintenanceAlert) });

// ---------------------------------------------------------------------------------------------
// Figures (GET /api/maintenance/figures): how each is computed is in docs/FLEET-FIGURES.md

/** Counts that add up over adjacent periods. */
export const FIGURE_COUNTS = [
  'sessions',
  'scheduledMinutes',
  'usedMinutes',
  'sessionsInterrupted',
  'sessionsLost',
  'discrepancies',
  'failures',
  'trainingMinutesLost',
  'failuresClosed',
  /** Failures closed in the period whose downtime was entered (more than 0 minutes). */
  'downtimeRecorded',
] as const;
export type FigureCount = (typeof FIGURE_COUNTS)[number];

export const FIGURE_RATIOS = [
  'availability',
  'discrepanciesPer100Hours',
  'mtbfHours',
  'mttrHours',
  'meanDowntimeHours',
] as const;
export type FigureRatio = (typeof FIGURE_RATIOS)[number];

const figureValue = z.object({ value: z.number().nullable(), reason: z.string().nullable() });
const period = z.object({ from: z.string(), to: z.string() });
const periodFigures = period.extend({
  ...(Object.fromEntries(FIGURE_COUNTS.map((k) => [k, z.number()])) as Record<
    FigureCount,
    z.ZodNumber
  >),
  ...(Object.fromEntries(FIGURE_RATIOS.map((k) => [k, figureValue])) as Record<
    FigureRatio,
    typeof figureValue
  >),
});
const figureChange = z.record(z.string(), z.number().nullable());
const trended = z.object({
  figures: periodFigures,
  previous: periodFigures,
  change: figureChange,
  open: z.object({ open: z.number().int(), deferred: z.number().int() }),
});

export const figuresQuery = z.object({
  from: z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD').optional(),
  to: z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD').optional(),
});

export const fleetFiguresResponse = z.object({
  period,
  previousPeriod: period,
  today: z.string(),
  fleet: trended,
  devices: z.array(
    trended.extend({
      deviceId: z.string(),
      name: z.string(),
      kind: z.enum(DEVICE_KINDS),
      inServiceFrom: z.string(),
      retiredAt: z.string().nullable(),
    }),
  ),
  ataChapters: z.array(
    z.object({
      chapter: z.string(),
      discrepancies: z.number().int(),
      failures: z.number().int(),
      trainingMinutesLost: z.number(),
    }),
  ),
  months: z.array(z.object({ month: z.string(), figures: periodFigures })),
});
export type FleetFiguresResponse = z.infer<typeof fleetFiguresResponse>;

// ---------------------------------------------------------------------------------------------
// The spec's dashboard keys (GET /api/maintenance/metrics and /fleet), each computed or null

export const MAINTENANCE_METRIC_KEYS = [
  'totalAircraft',
  'predictiveAccuracy',
  'costReduction',
  'uptimeImprovement',
  'criticalAlerts',
  'predictedFailures',
  'preventedDowntime',
  'networkIntelligence',
] as const;
export type MaintenanceMetricKey = (typeof MAINTENANCE_METRIC_KEYS)[number];

export const maintenanceMetrics = z.object({
  totalAircraft: z.number().int(),
  /** Precision of the backtest's flagged set (share of flagged units that failed); null without enough history. */
  predictiveAccuracy: z.number().nullable(),
  /** Never measured: the product keeps no cost data. */
  costReduction: z.number().nullable(),
  /** Fleet availability of the last 30 days minus the 30 before, in percentage points. */
  uptimeImprovement: z.number().nullable(),
  criticalAlerts: z.number().int(),
  /** Installed units with a 50 % or greater chance of failing within 30 days. */
  predictedFailures: z.number().int(),
  /** Never measured: downtime that did not happen cannot be counted from the logs. */
  preventedDowntime: z.number().nullable(),
  /** Not computed: there is no network of other centres' data in this product. */
  networkIntelligence: z.number().nullable(),
  /** For every key: how it was computed, or why it is null. */
  basis: z.record(z.enum(MAINTENANCE_METRIC_KEYS), z.string()),
  backtest: z
    .object({
      cutoff: z.string(),
      horizonDays: z.number().int(),
      flagged: z.number().int(),
      flaggedFailed: z.number().int(),
      failures: z.number().int(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
    })
    .nullable(),
});
export type MaintenanceMetrics = z.infer<typeof maintenanceMetrics>;

export const fleetAircraft = z.object({
  aircraftId: z.string(),
  deviceId: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  status: z.enum(DEVICE_STATUSES),
  statusReason: z.string(),
  /** Availability of the last 30 days, in percent; null when nothing was scheduled. */
  healthScore: z.number().nullable(),
  healthBasis: z.string(),
  nextMaintenance: z.string().nullable(),
  criticalAlerts: z.number().int(),
  lastUpdate: z.string(),
  release,
});
export type FleetAircraft = z.infer<typeof fleetAircraft>;

export const fleetStatusList = z.object({ fleet: z.array(fleetAircraft) });
