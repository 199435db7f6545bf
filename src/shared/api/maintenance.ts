import { z } from 'zod';
import { isCalendarDate } from './training-events';

/**
 * The fleet and its maintenance (DESIGN.md §4, Fleet; 14 CFR 142.59(c)-(d), 142.57(a)(2)):
 * devices, component units, daily preflights, the discrepancy log, scheduled maintenance and the
 * sessions given on each device. Every figure the screens show is computed from these rows.
 */

export const DEVICE_KINDS = ['ffs', 'ftd', 'aircraft'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = {
  ffs: 'Full flight simulator',
  ftd: 'Flight training device',
  aircraft: 'Aircraft',
};

export const DISCREPANCY_SEVERITIES = ['no_impact', 'restricted', 'down'] as const;
export type DiscrepancySeverity = (typeof DISCREPANCY_SEVERITIES)[number];
export const DISCREPANCY_SEVERITY_LABELS: Record<DiscrepancySeverity, string> = {
  no_impact: 'No training impact',
  restricted: 'Training restricted',
  down: 'Device down',
};

export const DISCREPANCY_STATUSES = ['open', 'deferred', 'closed'] as const;
export type DiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];

/** The spec's aircraft statuses, derived: see `deviceStatus` on the server. */
export const DEVICE_STATUSES = ['OPERATIONAL', 'MAINTENANCE', 'GROUNDED', 'INSPECTION'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

const isoDate = z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD');
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const ata = z
  .string()
  .trim()
  .regex(/^\d{2}$/, 'An ATA chapter is two digits, e.g. 34')
  .nullish()
  .transform((v) => v ?? null);
const instant = z.iso.datetime({ offset: true });

export const deviceIdParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Devices

const deviceFields = {
  kind: z.enum(DEVICE_KINDS),
  name: text(100),
  model: text(200),
  qualificationLevel: optionalText(50),
  manufacturer: optionalText(200),
  serialNumber: optionalText(100),
  registration: optionalText(20),
  location: optionalText(200),
  qualifiedFor: optionalText(2000),
  inServiceFrom: isoDate,
  baseHours: z.number().min(0).max(1_000_000).default(0),
  baseCycles: z.number().int().min(0).max(10_000_000).default(0),
  retiredAt: isoDate.nullish().transform((v) => v ?? null),
};

export const createDeviceRequest = z.object(deviceFields);
export type CreateDeviceRequest = z.input<typeof createDeviceRequest>;

export const updateDeviceRequest = z
  .object(deviceFields)
  .partial()
  .extend({ expectedVersion: z.number().int().min(1).optional() });
export type UpdateDeviceRequest = z.input<typeof updateDeviceRequest>;

/** Whether the device may be used for training today (142.59(c)(3)), and why. */
export const release = z.object({
  released: z.boolean(),
  /** The passing preflight of today, if any. */
  preflightId: z.string().nullable(),
  reason: z.string(),
});
export type Release = z.infer<typeof release>;

export const device = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_KINDS),
  name: z.string(),
  model: z.string(),
  qualificationLevel: z.string().nullable(),
  manufacturer: z.string().nullable(),
  serialNumber: z.string().nullable(),
  registration: z.string().nullable(),
  location: z.string().nullable(),
  qualifiedFor: z.string().nullable(),
  inServiceFrom: z.string(),
  baseHours: z.number(),
  baseCycles: z.number().int(),
  retiredAt: z.string().nullable(),
  /** Base hours plus the used time of every session recorded on it. */
  totalHours: z.number(),
  totalCycles: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
  statusReason: z.string(),
  release,
  openDiscrepancies: z.number().int(),
  version: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof device>;

export const deviceList = z.object({ devices: z.array(device) });
export type DeviceList = z.infer<typeof deviceList>;

// ---------------------------------------------------------------------------------------------
// Preflights

export const createPreflightRequest = z.object({
  date: isoDate,
  passed: z.boolean(),
  items: z
    .array(z.object({ item: text(200), ok: z.boolean() }))
    .max(100)
    .default([]),
  remarks: optionalText(2000),
});
export type CreatePreflightRequest = z.input<typeof createPreflightRequest>;

export const preflight = z.object({
  id: z.string(),
  deviceId: z.string(),
  date: z.string(),
  passed: z.boolean(),
  items: z.array(z.object({ item: z.string(), ok: z.boolean() })),
  remarks: z.string().nullable(),
  performedBy: z.string().nullable(),
  performedAt: z.string(),
  ledgerIndex: z.number().int().nullable(),
});
export type Preflight = z.infer<typeof preflight>;

// ---------------------------------------------------------------------------------------------
// Discrepancies

const discrepancyFields = {
  reportedAt: instant,
  reportedBy: text(200),
  session: optionalText(200),
  componentId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  component: optionalText(200),
  ataChapter: ata,
  description: text(4000),
  severity: z.enum(DISCREPANCY_SEVERITIES),
  status: z.enum(DISCREPANCY_STATUSES).default('open'),
  correctiveAction: optionalText(4000),
  closedAt: instant.nullish().transform((v) => v ?? null),
  closedBy: optionalText(200),
  downtimeMinutes: z.number().int().min(0).max(1_000_000).default(0),
  trainingMinutesLost: z.number().int().min(0).max(1_000_000).default(0),
};

export const createDiscrepancyRequest = z.object(discrepancyFields);
export type CreateDiscrepancyRequest = z.input<typeof createDiscrepancyRequest>;

export const updateDiscrepancyRequest = z
  .object(discrepancyFields)
  .partial()
  .extend({ expectedVersion: z.number().int().min(1).optional() });
export type UpdateDiscrepancyRequest = z.input<typeof updateDiscrepancyRequest>;

export const discrepancyParams = z.object({ id: z.uuid(), discrepancyId: z.uuid() });

export const discrepancy = z.object({
  id: z.string(),
  deviceId: z.string(),
  componentId: z.string().nullable(),
  component: z.string().nullable(),
  ataChapter: z.string().nullable(),
  reportedAt: z.string(),
  reportedBy: z.string(),
  session: z.string().nullable(),
  description: z.string(),
  severity: z.enum(DISCREPANCY_SEVERITIES),
  status: z.enum(DISCREPANCY_STATUSES),
  correctiveAction: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  downtimeMinutes: z.number().int(),
  trainingMinutesLost: z.number().int(),
  version: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Discrepancy = z.infer<typeof discrepancy>;

export const discrepancyList = z.object({ discrepancies: z.array(discrepancy) });

// ---------------------------------------------------------------------------------------------
// Components

export const createComponentRequest = z.object({
  name: text(200),
  ataChapter: ata,
  partNumber: optionalText(100),
  serialNumber: optionalText(100),
  installedAt: isoDate,
  removedAt: isoDate.nullish().transform((v) => v ?? null),
  removalReason: z
    .enum(['failure', 'scheduled', 'other'])
    .nullish()
    .transform((v) => v ?? null),
  lifeLimitHours: z
    .number()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  lifeLimitCycles: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateComponentRequest = z.input<typeof createComponentRequest>;

export const componentParams = z.object({ id: z.uuid(), componentId: z.uuid() });

/** Removing a unit: when and why (a failure counts in the reliability fit). */
export const removeComponentRequest = z.object({
  removedAt: isoDate,
  removalReason: z.enum(['failure', 'scheduled', 'other']),
});

export const fleetComponent = z.object({
  id: z.string(),
  deviceId: z.string(),
  name: z.string(),
  ataChapter: z.string().nullable(),
  partNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  installedAt: z.string(),
  removedAt: z.string().nullable(),
  removalReason: z.enum(['failure', 'scheduled', 'other']).nullable(),
  lifeLimitHours: z.number().nullable(),
  lifeLimitCycles: z.number().int().nullable(),
  /** Device hours used since installation (to removal, or to now). */
  hoursSinceInstall: z.number(),
  cyclesSinceInstall: z.number().int(),
  version: z.number().int(),
});
export type FleetComponent = z.infer<typeof fleetComponent>;

// ---------------------------------------------------------------------------------------------
// Sessions

export const createSessionRequest = z.object({
  startsAt: instant,
  scheduledMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  usedMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  interrupted: z.boolean().default(false),
  instructor: optionalText(200),
  cycles: z.number().int().min(0).max(1000).default(0),
  trainingEventId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateSessionRequest = z.input<typeof createSessionRequest>;

export const fleetSession = z.object({
  id: z.string(),
  deviceId: z.string(),
  trainingEventId: z.string().nullable(),
  startsAt: z.string(),
  scheduledMinutes: z.number().int(),
  usedMinutes: z.number().int(),
  interrupted: z.boolean(),
  instructor: z.string().nullable(),
  cycles: z.number().int(),
  /** No passing preflight on the session's day: given on a device not released (142.59(c)(3)). */
  unreleased: z.boolean(),
  createdAt: z.string(),
});
export type FleetSession = z.infer<typeof fleetSession>;

// ---------------------------------------------------------------------------------------------
// Scheduled maintenance

export const createMaintenanceItemRequest = z.object({
  title: text(200),
  kind: z.enum(['inspection', 'scheduled']),
  componentId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  intervalDays: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  intervalHours: z
    .number()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  lastDoneAt: isoDate.nullish().transform((v) => v ?? null),
  lastDoneHours: z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
  dueAt: isoDate.nullish().transform((v) => v ?? null),
  dueHours: z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateMaintenanceItemRequest = z.input<typeof createMaintenanceItemRequest>;

export const maintenanceItem = z.object({
  id: z.string(),
  deviceId: z.string(),
  componentId: z.string().nullable(),
  title: z.string(),
  kind: z.enum(['inspection', 'scheduled']),
  intervalDays: z.number().int().nullable(),
  intervalHours: z.number().nullable(),
  lastDoneAt: z.string().nullable(),
  lastDoneHours: z.number().nullable(),
  /** Next due date and hours: given, or last done plus the interval. */
  dueAt: z.string().nullable(),
  dueHours: z.number().nullable(),
  overdue: z.boolean(),
  version: z.number().int(),
});
export type MaintenanceItem = z.infer<typeof maintenanceItem>;

/** The device page: the device with its logs, newest first. */
export const deviceDetail = device.extend({
  components: z.array(fleetComponent),
  preflights: z.array(preflight),
  discrepancies: z.array(discrepancy),
  maintenance: z.array(maintenanceItem),
  sessions: z.array(fleetSession),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

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

/** Marking scheduled maintenance done: the next due date and hours follow from its interval. */
export const maintenanceDoneRequest = z.object({
  doneAt: isoDate,
  /** Device hours when it was done; the device's hours now when absent and done today. */
  doneHours: z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
});
export type MaintenanceDoneRequest = z.input<typeof maintenanceDoneRequest>;

export const maintenanceItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });
