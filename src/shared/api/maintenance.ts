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

export const createDiscrepancyRequest = z.object({
  ...discrepancyFields,
  /**
   * An id the reporting device chose for a write-up it kept offline. Sent again with the same id,
   * the write-up already logged is answered (200), not logged twice.
   */
  clientId: z.uuid().optional(),
});
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
