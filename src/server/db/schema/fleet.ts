import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';
import { trainingEvents } from './training-events';

/*
 * The fleet (DESIGN.md §4, Fleet): flight simulators, flight training devices and aircraft, their
 * components, the daily preflight check and the discrepancy log of 142.59(c)(3)-(4), scheduled
 * maintenance, and the sessions given on each device. Every write is also an audit entry (a ledger
 * leaf) carrying the row's id and version; figures and predictions are computed from these rows.
 */

const audited = {
  version: integer('version').notNull().default(1),
  /** The audit leaf of the latest change. */
  ledgerIndex: bigint('ledger_index', { mode: 'number' }),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Imported fleet files by content hash (device list, discrepancy history, maintenance log). */
export const fleetImports = pgTable(
  'fleet_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['devices', 'discrepancies', 'maintenance'] }).notNull(),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fleet_imports_org_kind_file').on(t.organizationId, t.kind, t.fileHash)],
);

/** A flight simulator (FFS), flight training device (FTD) or aircraft. */
export const fleetDevices = pgTable(
  'fleet_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['ffs', 'ftd', 'aircraft'] }).notNull(),
    /** What the centre calls it: "FFS 2", "N525CL". Unique in the organization. */
    name: text('name').notNull(),
    /** Aircraft type simulated or flown: "Cessna Citation CJ3 (CE-525B)". */
    model: text('model').notNull(),
    /** FSTD qualification level ("Level D", "Level 7"); null for aircraft. */
    qualificationLevel: text('qualification_level'),
    manufacturer: text('manufacturer'),
    serialNumber: text('serial_number'),
    /** Aircraft registration; null for FSTDs. */
    registration: text('registration'),
    location: text('location'),
    /** Courses and maneuvers the device is qualified or used for, as the centre writes them. */
    qualifiedFor: text('qualified_for'),
    inServiceFrom: date('in_service_from').notNull(),
    /** Aircraft: hours and cycles when entered; sessions add to them. */
    baseHours: real('base_hours').notNull().default(0),
    baseCycles: integer('base_cycles').notNull().default(0),
    /** Taken out of service (sold, decommissioned): kept for history, no longer in the fleet. */
    retiredAt: date('retired_at'),
    importId: uuid('import_id').references(() => fleetImports.id),
    ...audited,
  },
  (t) => [
    uniqueIndex('fleet_devices_org_name').on(t.organizationId, sql`lower(${t.name})`),
    check('fleet_devices_hours', sql`${t.baseHours} >= 0 and ${t.baseCycles} >= 0`),
  ],
);

/** A component unit installed in a device; a removal closes it (failure or otherwise). */
export const fleetComponents = pgTable(
  'fleet_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => fleetDevices.id),
    /** The component type ("Visual projector", "Motion actuator"): predictions group by it. */
    name: text('name').notNull(),
    /** ATA iSpec 2200 chapter, two digits, where the centre uses them. */
    ataChapter: text('ata_chapter'),
    partNumber: text('part_number'),
    serialNumber: text('serial_number'),
    installedAt: date('installed_at').notNull(),
    removedAt: date('removed_at'),
    /** `failure` counts as a failure in the reliability fit; the others censor the unit. */
    removalReason: text('removal_reason', { enum: ['failure', 'scheduled', 'other'] }),
    lifeLimitHours: real('life_limit_hours'),
    lifeLimitCycles: integer('life_limit_cycles'),
    ...audited,
  },
  (t) => [
    index('fleet_components_device').on(t.deviceId),
    index('fleet_components_org_name').on(t.organizationId, t.name),
    check(
      'fleet_components_removal',
      sql`(${t.removedAt} is null) = (${t.removalReason} is null) and (${t.removedAt} is null or ${t.removedAt} >= ${t.installedAt})`,
    ),
  ],
);

/** The functional preflight check of 142.59(c)(3): one or more a day per device. */
export const fleetPreflights = pgTable(
  'fleet_preflights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => fleetDevices.id),
    /** The training day it releases the device for. */
    date: date('date').notNull(),
    passed: boolean('passed').notNull(),
    /** The items checked, as the centre's checklist names them. */
    items: jsonb('items').$type<{ item: string; ok: boolean }[]>().notNull().default([]),
    remarks: text('remarks'),
    performedBy: uuid('performed_by').references(() => users.id),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    ledgerIndex: bigint('ledger_index', { mode: 'number' }),
  },
  (t) => [index('fleet_preflights_device_date').on(t.deviceId, t.date)],
);

/** The discrepancy log of 142.59(c)(4). */
export const fleetDiscrepancies = pgTable(
  'fleet_discrepancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => fleetDevices.id),
    componentId: uuid('component_id').references(() => fleetComponents.id),
    /** The component as the report names it (a unit may not be on file). */
    component: text('component'),
    ataChapter: text('ata_chapter'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** The instructor or evaluator who wrote it up, as written. */
    reportedBy: text('reported_by').notNull(),
    /** The session it was found in ("09:00 LOFT, crew 14"), as written. */
    session: text('session'),
    description: text('description').notNull(),
    severity: text('severity', { enum: ['no_impact', 'restricted', 'down'] }).notNull(),
    status: text('status', { enum: ['open', 'deferred', 'closed'] }).notNull(),
    correctiveAction: text('corrective_action'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    downtimeMinutes: integer('downtime_minutes').notNull().default(0),
    trainingMinutesLost: integer('training_minutes_lost').notNull().default(0),
    importId: uuid('import_id').references(() => fleetImports.id),
    /**
     * The id the reporting device gave the write-up when it was kept offline: sent again, the
     * same write-up is answered, never logged twice.
     */
    clientId: uuid('client_id'),
    ...audited,
  },
  (t) => [
    index('fleet_discrepancies_device_reported').on(t.deviceId, t.reportedAt),
    uniqueIndex('fleet_discrepancies_client_unique')
      .on(t.organizationId, t.clientId)
      .where(sql`client_id is not null`),
    index('fleet_discrepancies_org_status').on(t.organizationId, t.status),
    check(
      'fleet_discrepancies_closed',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null) and (${t.status} <> 'closed' or ${t.correctiveAction} is not null)`,
    ),
    check(
      'fleet_discrepancies_minutes',
      sql`${t.downtimeMinutes} >= 0 and ${t.trainingMinutesLost} >= 0`,
    ),
  ],
);

/** Scheduled maintenance and inspections, by date and/or device hours. */
export const fleetMaintenanceItems = pgTable(
  'fleet_maintenance_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => fleetDevices.id),
    componentId: uuid('component_id').references(() => fleetComponents.id),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['inspection', 'scheduled'] }).notNull(),
    intervalDays: integer('interval_days'),
    intervalHours: real('interval_hours'),
    lastDoneAt: date('last_done_at'),
    lastDoneHours: real('last_done_hours'),
    dueAt: date('due_at'),
    dueHours: real('due_hours'),
    importId: uuid('import_id').references(() => fleetImports.id),
    ...audited,
  },
  (t) => [index('fleet_maintenance_device').on(t.deviceId)],
);

/**
 * A session given on a device: when, how long it was scheduled and used, who instructed, and the
 * training record it belongs to. Availability, hours and the daily-release check read these.
 */
export const fleetSessions = pgTable(
  'fleet_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => fleetDevices.id),
    trainingEventId: uuid('training_event_id').references(() => trainingEvents.id, {
      onDelete: 'set null',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    scheduledMinutes: integer('scheduled_minutes').notNull(),
    /** Minutes the device was actually used; less than scheduled when interrupted or lost. */
    usedMinutes: integer('used_minutes').notNull(),
    interrupted: boolean('interrupted').notNull().default(false),
    instructor: text('instructor'),
    cycles: integer('cycles').notNull().default(0),
    ...audited,
  },
  (t) => [
    index('fleet_sessions_device_starts').on(t.deviceId, t.startsAt),
    index('fleet_sessions_event').on(t.trainingEventId),
    check(
      'fleet_sessions_minutes',
      sql`${t.scheduledMinutes} > 0 and ${t.usedMinutes} >= 0 and ${t.cycles} >= 0`,
    ),
  ],
);
