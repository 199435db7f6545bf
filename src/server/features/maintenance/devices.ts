/* The device list: each device with its derived status, and its edits. */
import { eq } from 'drizzle-orm';
import type {
  createDeviceRequest,
  DeviceDetail,
  updateDeviceRequest,
} from '@shared/api/maintenance';
import type { Database } from '../../db/client';
import { fleetDevices } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { fleetOf } from './repository';
import {
  toComponent,
  toDevice,
  toDiscrepancy,
  toMaintenanceItem,
  toPreflight,
  releasedDays,
  toSession,
  totalHours,
  todayUtc,
} from './view';

import { checkNotFuture, deviceFor, fieldError, ledgered, type In } from './write-rules';

// ---------------------------------------------------------------------------------------------
// Devices

export async function listDevices(db: Database, actor: Actor) {
  const rows = await fleetOf(db, actor.organizationId).rows();
  const today = todayUtc();
  return { devices: rows.devices.map((d) => toDevice(d, rows, today)) };
}

export async function getDevice(db: Database, actor: Actor, id: string): Promise<DeviceDetail> {
  const repo = fleetOf(db, actor.organizationId);
  if (!(await repo.device(id))) throw notFound('Device');
  const rows = await repo.rows(id);
  const today = todayUtc();
  const device = rows.devices[0]!;
  const hours = totalHours(device, rows.sessions).hours;
  const released = releasedDays(rows.preflights);
  return {
    ...toDevice(device, rows, today),
    components: rows.components.map((c) => toComponent(c, rows.sessions, today)),
    preflights: rows.preflights.map(toPreflight),
    discrepancies: rows.discrepancies.map(toDiscrepancy),
    maintenance: rows.maintenance.map((m) => toMaintenanceItem(m, hours, today)),
    sessions: rows.sessions.map((s) => toSession(s, released)),
  };
}

/** A device's own rules, for the form and the import alike. */
export function checkDevice(values: {
  inServiceFrom: string;
  retiredAt: string | null;
  kind: string;
  registration: string | null;
}) {
  checkNotFuture('inServiceFrom', values.inServiceFrom);
  if (values.retiredAt && values.retiredAt < values.inServiceFrom) {
    throw fieldError('retiredAt', `${values.retiredAt} is before it entered service`);
  }
  if (values.kind === 'aircraft' && !values.registration) {
    throw fieldError('registration', 'An aircraft needs its registration (e.g. N525CL)');
  }
}

export const deviceNameTaken = (name: string) =>
  fieldError('name', `The fleet already has a device named "${name}"`);

export async function createDevice(
  db: Database,
  actor: Actor,
  input: In<typeof createDeviceRequest>,
) {
  checkDevice(input);
  const id = await db.transaction(async (tx) => {
    const repo = fleetOf(tx, actor.organizationId);
    if (await repo.nameTaken(input.name)) throw deviceNameTaken(input.name);
    const [row] = await tx
      .insert(fleetDevices)
      .values({
        ...input,
        organizationId: actor.organizationId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const ledgerIndex = await ledgered(tx, actor, 'fleet.device_created', {
      deviceId: row!.id,
      version: 1,
      device: input,
    });
    await tx.update(fleetDevices).set({ ledgerIndex }).where(eq(fleetDevices.id, row!.id));
    return row!.id;
  });
  return getDevice(db, actor, id);
}

const DEVICE_FIELDS = [
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
  'retiredAt',
] as const;

export async function updateDevice(
  db: Database,
  actor: Actor,
  id: string,
  input: In<typeof updateDeviceRequest>,
) {
  await db.transaction(async (tx) => {
    const current = await deviceFor(tx, actor, id, true);
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw conflict(
        `This device was changed by someone else (it is now version ${current.version}). Reload it and try again.`,
      );
    }
    const next: Record<string, unknown> = { ...current };
    for (const f of DEVICE_FIELDS) if (input[f] !== undefined) next[f] = input[f];
    const changed = DEVICE_FIELDS.filter((f) => next[f] !== current[f]);
    if (changed.length === 0) return;
    checkDevice(next as Parameters<typeof checkDevice>[0]);
    if (
      changed.includes('name') &&
      (await fleetOf(tx, actor.organizationId).nameTaken(next.name as string, id))
    ) {
      throw deviceNameTaken(next.name as string);
    }
    const version = current.version + 1;
    const ledgerIndex = await ledgered(tx, actor, 'fleet.device_updated', {
      deviceId: id,
      version,
      changes: Object.fromEntries(changed.map((f) => [f, { from: current[f], to: next[f] }])),
    });
    await tx
      .update(fleetDevices)
      .set({
        ...Object.fromEntries(changed.map((f) => [f, next[f]])),
        version,
        ledgerIndex,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(fleetDevices.id, id));
  });
  return getDevice(db, actor, id);
}
