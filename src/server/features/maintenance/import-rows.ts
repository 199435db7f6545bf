import { FLEET_IMPORT_FIELDS, type FleetColumnMapping } from '@shared/api/fleet-import';
import {
  createDeviceRequest,
  createDiscrepancyRequest,
  createMaintenanceItemRequest,
} from '@shared/api/maintenance';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import type { ImportTable } from '../training-events/service';
import { nameKey, rowsOf, type CheckedFleetRow, type RowCheck } from './import-row-check';
import {
  ataChapterOf,
  deviceKindOf,
  discrepancyStatusOf,
  maintenanceKindOf,
  severityOf,
} from './import-words';
import type { DeviceRow } from './repository';
import { checkDevice, checkDiscrepancy, checkMaintenanceItem, deviceNameTaken } from './service';

/** The organization as the rows are checked against it, read once for all the rows. */
export interface FleetImportContext {
  db: DbOrTx;
  actor: Actor;
  /** The organization's devices, retired ones too (history may name them). */
  devices: DeviceRow[];
  /** `discrepancyKey`s of the log as it stands. */
  loggedDiscrepancies: Set<string>;
  /** `maintenanceKey`s of the scheduled items as they stand. */
  scheduledItems: Set<string>;
}

export type NewDevice = z.output<typeof createDeviceRequest>;
export interface NewDiscrepancy {
  device: DeviceRow;
  discrepancy: z.output<typeof createDiscrepancyRequest>;
}
export interface NewMaintenanceItem {
  device: DeviceRow;
  item: z.output<typeof createMaintenanceItemRequest>;
}

/** One write-up: the same device, time and description (case and spacing aside). */
export const discrepancyKey = (deviceId: string, reportedAt: Date, description: string) =>
  `${deviceId}\u0001${reportedAt.toISOString()}\u0001${nameKey(description)}`;

/** One scheduled item: the same device and title. */
export const maintenanceKey = (deviceId: string, title: string) =>
  `${deviceId}\u0001${nameKey(title)}`;

const settled = <T>(
  row: Pick<CheckedFleetRow<T>, 'rowNumber' | 'values' | 'errors'>,
  input: T | null,
): CheckedFleetRow<T> => ({
  rowNumber: row.rowNumber,
  values: row.values,
  errors: row.errors,
  input: row.errors.length === 0 ? input : null,
});

/** The fleet by name, for rows that name their device. */
const byName = (devices: DeviceRow[]) => new Map(devices.map((d) => [nameKey(d.name), d]));

/** The row's device, by its name in the fleet (shown as the fleet spells it). */
function deviceOf(row: RowCheck<'device'>, fleet: Map<string, DeviceRow>) {
  return row.read(
    'device',
    (text) => fleet.get(nameKey(text)) ?? null,
    (text) => `the fleet has no device named "${text}" (import or add the device first)`,
    (d) => d.name,
  );
}

/** The first row of the file with each key: a second one is a duplicate. */
function firstRows() {
  const seen = new Map<string, number>();
  return (key: string, rowNumber: number) => {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, rowNumber);
    return first;
  };
}

export async function checkDeviceRows(
  table: ImportTable,
  mapping: FleetColumnMapping,
  context: FleetImportContext,
): Promise<CheckedFleetRow<NewDevice>[]> {
  const { fields, required, labels } = FLEET_IMPORT_FIELDS.devices;
  const taken = new Set(context.devices.map((d) => nameKey(d.name)));
  const firstRowOf = firstRows();
  const checked = [];
  for (const row of rowsOf(table, mapping, fields, required, labels)) {
    const { values, problem } = row;
    const kind = row.read(
      'kind',
      deviceKindOf,
      (t) => `"${t}" is not FFS, FTD or aircraft (e.g. "Full flight simulator")`,
    );
    if (values.name) {
      const first = firstRowOf(nameKey(values.name), row.rowNumber);
      if (first !== undefined) problem('name', `Same name as row ${first} of this file`);
      if (taken.has(nameKey(values.name))) {
        const name = values.name;
        await row.rule(() => {
          throw deviceNameTaken(name);
        });
      }
    }
    const inServiceFrom = row.date('inServiceFrom');
    const baseHours = row.amount('baseHours');
    const baseCycles = row.amount('baseCycles', { whole: true });
    let input: NewDevice | null = null;
    if (row.errors.length === 0) {
      input = row.parse(createDeviceRequest, {
        ...values,
        kind,
        inServiceFrom,
        baseHours: baseHours ?? undefined,
        baseCycles: baseCycles ?? undefined,
      });
      if (input) await row.rule(() => checkDevice(input!));
    }
    checked.push(settled(row, input));
  }
  return checked;
}

export async function checkDiscrepancyRows(
  table: ImportTable,
  mapping: FleetColumnMapping,
  context: FleetImportContext,
): Promise<CheckedFleetRow<NewDiscrepancy>[]> {
  const { fields, required, labels } = FLEET_IMPORT_FIELDS.discrepancies;
  const fleet = byName(context.devices);
  const firstRowOf = firstRows();
  const checked = [];
  for (const row of rowsOf(table, mapping, fields, required, labels)) {
    const { values, problem } = row;
    const device = deviceOf(row, fleet);
    const reportedAt = row.instant('reportedAt');
    const closedAt = row.instant('closedAt');
    const severity = row.read(
      'severity',
      severityOf,
      (t) =>
        `"${t}" is not no impact, restricted or down (e.g. "No training impact", "Training restricted", "Device down", "NO-GO")`,
    );
    const statusCell = values.status;
    let status = row.read(
      'status',
      discrepancyStatusOf,
      (t) => `"${t}" is not open, deferred or closed`,
    );
    // A log without a status column: an entry with its closing time is closed.
    if (!statusCell) {
      status = closedAt ? 'closed' : 'open';
      values.status = status;
    }
    const ataChapter = row.read(
      'ataChapter',
      ataChapterOf,
      (t) => `"${t}" is not an ATA chapter (two digits, e.g. 34)`,
    );
    const downtimeMinutes = row.amount('downtimeMinutes', { whole: true });
    const trainingMinutesLost = row.amount('trainingMinutesLost', { whole: true });
    if (device && reportedAt && values.description) {
      const key = discrepancyKey(device.id, new Date(reportedAt), values.description);
      const first = firstRowOf(key, row.rowNumber);
      if (first !== undefined) problem(null, `Same discrepancy as row ${first} of this file`);
      else if (context.loggedDiscrepancies.has(key)) {
        problem(
          null,
          `The log of ${device.name} already has this discrepancy (same time and description)`,
        );
      }
    }
    let input: NewDiscrepancy | null = null;
    if (row.errors.length === 0 && device) {
      const discrepancy = row.parse(createDiscrepancyRequest, {
        ...values,
        reportedAt,
        closedAt,
        severity,
        status,
        ataChapter,
        downtimeMinutes: downtimeMinutes ?? undefined,
        trainingMinutesLost: trainingMinutesLost ?? undefined,
      });
      if (discrepancy) {
        await row.rule(() => checkDiscrepancy(context.db, context.actor, device, discrepancy));
        input = { device, discrepancy };
      }
    }
    checked.push(settled(row, input));
  }
  return checked;
}

export async function checkMaintenanceRows(
  table: ImportTable,
  mapping: FleetColumnMapping,
  context: FleetImportContext,
): Promise<CheckedFleetRow<NewMaintenanceItem>[]> {
  const { fields, required, labels } = FLEET_IMPORT_FIELDS.maintenance;
  const fleet = byName(context.devices);
  const firstRowOf = firstRows();
  const checked = [];
  for (const row of rowsOf(table, mapping, fields, required, labels)) {
    const { values, problem } = row;
    const device = deviceOf(row, fleet);
    const kind = row.read(
      'kind',
      maintenanceKindOf,
      (t) => `"${t}" is neither an inspection nor scheduled maintenance`,
    );
    const intervalDays = row.amount('intervalDays', { whole: true, positive: true });
    const intervalHours = row.amount('intervalHours', { positive: true });
    const lastDoneAt = row.date('lastDoneAt');
    const lastDoneHours = row.amount('lastDoneHours');
    const dueAt = row.date('dueAt');
    const dueHours = row.amount('dueHours');
    if (device && values.title) {
      const key = maintenanceKey(device.id, values.title);
      const first = firstRowOf(key, row.rowNumber);
      if (first !== undefined) problem('title', `Same item as row ${first} of this file`);
      else if (context.scheduledItems.has(key)) {
        problem('title', `${device.name} already has a maintenance item "${values.title}"`);
      }
    }
    let input: NewMaintenanceItem | null = null;
    if (row.errors.length === 0 && device) {
      const item = row.parse(createMaintenanceItemRequest, {
        title: values.title,
        kind,
        intervalDays,
        intervalHours,
        lastDoneAt,
        lastDoneHours,
        dueAt,
        dueHours,
      });
      if (item) {
        await row.rule(() => checkMaintenanceItem(context.db, context.actor, device, item));
        input = { device, item };
      }
    }
    checked.push(settled(row, input));
  }
  return checked;
}
