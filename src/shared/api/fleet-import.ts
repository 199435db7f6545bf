import { z } from 'zod';
import type { Capability } from '../constants/roles';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importRow } from './training-events';

/**
 * The fleet's history from a spreadsheet (POST /api/maintenance/import): the device list, the
 * discrepancy log (142.59(c)(4)) or the maintenance log, previewed row by row and then written
 * all or nothing, as the instructor and training-record imports are.
 */

export const FLEET_IMPORT_KINDS = ['devices', 'discrepancies', 'maintenance'] as const;
export type FleetImportKind = (typeof FLEET_IMPORT_KINDS)[number];

export const FLEET_IMPORT_KIND_LABELS: Record<FleetImportKind, string> = {
  devices: 'Devices',
  discrepancies: 'Discrepancy log',
  maintenance: 'Maintenance log',
};

/**
 * Who may import each kind: the roles that write the same rows one at a time. Admins keep the
 * device list and its scheduled maintenance; the roles that keep the log write discrepancies up.
 */
export const FLEET_IMPORT_CAPABILITY = {
  devices: 'manageOrganization',
  discrepancies: 'manageDocuments',
  maintenance: 'manageOrganization',
} as const satisfies Record<FleetImportKind, Capability>;

export const DEVICE_IMPORT_FIELDS = [
  'kind',
  'name',
  'model',
  'qualificationLevel',
  'manufacturer',
  'serialNumber',
  'registration',
  'location',
  'qualifiedFor',
  'inServiceFrom',
  'baseHours',
  'baseCycles',
] as const;
export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number];

export const DISCREPANCY_IMPORT_FIELDS = [
  'device',
  'reportedAt',
  'reportedBy',
  'session',
  'component',
  'ataChapter',
  'description',
  'severity',
  'status',
  'correctiveAction',
  'closedAt',
  'closedBy',
  'downtimeMinutes',
  'trainingMinutesLost',
] as const;
export type DiscrepancyImportField = (typeof DISCREPANCY_IMPORT_FIELDS)[number];

export const MAINTENANCE_IMPORT_FIELDS = [
  'device',
  'title',
  'kind',
  'intervalDays',
  'intervalHours',
  'lastDoneAt',
  'lastDoneHours',
  'dueAt',
  'dueHours',
] as const;
export type MaintenanceImportField = (typeof MAINTENANCE_IMPORT_FIELDS)[number];

export type FleetImportField = DeviceImportField | DiscrepancyImportField | MaintenanceImportField;

/** The fields each kind of file fills, the required ones, and their names as people read them. */
export const FLEET_IMPORT_FIELDS = {
  devices: {
    fields: DEVICE_IMPORT_FIELDS,
    required: ['kind', 'name', 'model', 'inServiceFrom'],
    labels: {
      kind: 'Type',
      name: 'Name',
      model: 'Model',
      qualificationLevel: 'Qualification level',
      manufacturer: 'Manufacturer',
      serialNumber: 'Serial number',
      registration: 'Registration',
      location: 'Location',
      qualifiedFor: 'Qualified for',
      inServiceFrom: 'In service from',
      baseHours: 'Base hours',
      baseCycles: 'Base cycles',
    },
  },
  discrepancies: {
    fields: DISCREPANCY_IMPORT_FIELDS,
    required: ['device', 'reportedAt', 'reportedBy', 'description', 'severity'],
    labels: {
      device: 'Device',
      reportedAt: 'Reported at',
      reportedBy: 'Reported by',
      session: 'Session',
      component: 'Component',
      ataChapter: 'ATA chapter',
      description: 'Description',
      severity: 'Severity',
      status: 'Status',
      correctiveAction: 'Corrective action',
      closedAt: 'Closed at',
      closedBy: 'Closed by',
      downtimeMinutes: 'Downtime (minutes)',
      trainingMinutesLost: 'Training minutes lost',
    },
  },
  maintenance: {
    fields: MAINTENANCE_IMPORT_FIELDS,
    required: ['device', 'title', 'kind'],
    labels: {
      device: 'Device',
      title: 'Title',
      kind: 'Type',
      intervalDays: 'Interval (days)',
      intervalHours: 'Interval (hours)',
      lastDoneAt: 'Last done on',
      lastDoneHours: 'Last done at hours',
      dueAt: 'Due on',
      dueHours: 'Due at hours',
    },
  },
} as const satisfies {
  devices: FieldSet<DeviceImportField>;
  discrepancies: FieldSet<DiscrepancyImportField>;
  maintenance: FieldSet<MaintenanceImportField>;
};

interface FieldSet<F extends string> {
  fields: readonly F[];
  required: readonly F[];
  labels: Record<F, string>;
}

/** Field -> column header of the file (null: not imported); the fields are the kind's. */
export const fleetColumnMapping = z.record(z.string(), z.string().nullable());
export type FleetColumnMapping = z.infer<typeof fleetColumnMapping>;

/** The mapping a request may send for one kind: its own fields only. */
export const fleetColumnMappingOf = (kind: FleetImportKind) =>
  z.partialRecord(z.enum(FLEET_IMPORT_FIELDS[kind].fields), z.string().nullable());

/** Same shape as the other imports' previews: rows with their per-row errors. */
export const fleetImportPreview = z.object({
  kind: z.enum(FLEET_IMPORT_KINDS),
  fileName: z.string(),
  fileHash: z.string(),
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  mapping: fleetColumnMapping,
  rows: z.array(importRow),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  /** Set when this exact file was imported before as the same kind; committing it is refused. */
  alreadyImported: z.object({ importedAt: z.string(), rowCount: z.number().int() }).nullable(),
});
export type FleetImportPreview = z.infer<typeof fleetImportPreview>;

export const fleetImportResult = z.object({
  importId: z.string(),
  kind: z.enum(FLEET_IMPORT_KINDS),
  imported: z.number().int(),
  /** The devices, discrepancies or maintenance items written, in the file's order. */
  ids: z.array(z.string()),
});
export type FleetImportResult = z.infer<typeof fleetImportResult>;

/** `preview` checks and writes nothing; `commit` writes every row or none. */
export const FLEET_IMPORT_MODES = ['preview', 'commit'] as const;
export type FleetImportMode = (typeof FLEET_IMPORT_MODES)[number];

/**
 * The import form (multipart/form-data) as the OpenAPI document describes it. The route reads
 * the stream itself, so this describes the contract and validates nothing.
 */
export const fleetImportForm = z.object({
  file: z
    .file()
    .max(IMPORT_MAX_BYTES)
    .meta({
      description:
        `One CSV or XLSX file, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: a header row, then ` +
        `at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, one device, discrepancy or maintenance item each.`,
    }),
  kind: z.enum(FLEET_IMPORT_KINDS).meta({
    description:
      'What the file holds. `devices` and `maintenance` need an Admin; `discrepancies` the roles that keep the log.',
  }),
  mapping: fleetColumnMapping.optional().meta({
    description:
      'JSON text: import field -> column header of the file (null: not imported), the fields being ' +
      "the kind's. Fields left out keep the proposed mapping.",
  }),
  mode: z.enum(FLEET_IMPORT_MODES).default('preview').meta({
    description:
      '`preview` (200, writes nothing) or `commit` (201, every row or none; 422 when a row has an error).',
  }),
});
