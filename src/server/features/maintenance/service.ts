import { and, eq } from 'drizzle-orm';
import type {
  createComponentRequest,
  createDeviceRequest,
  createDiscrepancyRequest,
  createMaintenanceItemRequest,
  createPreflightRequest,
  createSessionRequest,
  maintenanceDoneRequest,
  DeviceDetail,
  removeComponentRequest,
  updateDeviceRequest,
  updateDiscrepancyRequest,
} from '@shared/api/maintenance';
import { latestHeldEventDate } from '@shared/api/training-events';
import type { z } from 'zod';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import {
  fleetComponents,
  fleetDevices,
  fleetDiscrepancies,
  fleetMaintenanceItems,
  fleetPreflights,
  fleetSessions,
  trainingEvents,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { dutyOf, writeRecordWarnings } from '../instructors/service';
import { ledgerSize } from '../ledger/service';
import { cachedFigure } from '../training-events/service';
import { maintenanceAlerts } from './alerts';
import { fleetStatusOf, lastDays, metricsOf } from './dashboard';
import { fleetFigures } from './figures';
import { componentPredictions } from './predictions';
import { fleetOf, type DeviceRow } from './repository';
import {
  toComponent,
  toDevice,
  toDiscrepancy,
  toMaintenanceItem,
  toPreflight,
  releasedDays,
  sessionUnreleased,
  toSession,
  totalHours,
  todayUtc,
} from './view';

type In<T extends z.ZodType> = z.output<T>;

const fieldError = (path: string, message: string) =>
  invalid(`${path}: ${message}`, [{ path, message }]);

/** A date may be today in any timezone at most: tomorrow in UTC (as training records). */
function checkNotFuture(path: string, date: string) {
  if (date > latestHeldEventDate()) throw fieldError(path, `${date} is in the future`);
}

function checkInService(path: string, date: string, device: DeviceRow) {
  checkNotFuture(path, date);
  if (date < device.inServiceFrom) {
    throw fieldError(
      path,
      `${date} is before ${device.name} entered service (${device.inServiceFrom})`,
    );
  }
}

/**
 * Writes one change of the fleet as an audit entry (a ledger leaf) in the caller's transaction
 * and returns the leaf's index, which the changed row keeps.
 */
async function ledgered(
  tx: Transaction,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
): Promise<number> {
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action,
    details,
  });
  return (await ledgerSize(tx, actor.organizationId)) - 1;
}

async function deviceFor(tx: Transaction | Database, actor: Actor, id: string, lock = false) {
  const device = await fleetOf(tx, actor.organizationId).device(id, { forUpdate: lock });
  if (!device) throw notFound('Device');
  return device;
}

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

// ---------------------------------------------------------------------------------------------
// Preflights

export async function recordPreflight(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: In<typeof createPreflightRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    checkInService('date', input.date, device);
    if (device.retiredAt && input.date >= device.retiredAt) {
      throw fieldError('date', `${device.name} was retired on ${device.retiredAt}`);
    }
    if (input.passed && input.items.some((i) => !i.ok)) {
      throw fieldError(
        'passed',
        'A preflight with an item not working cannot pass; record it as failed, or the item as working',
      );
    }
    const [row] = await tx
      .insert(fleetPreflights)
      .values({
        organizationId: actor.organizationId,
        deviceId,
        date: input.date,
        passed: input.passed,
        items: input.items,
        remarks: input.remarks,
        performedBy: actor.userId,
      })
      .returning();
    const ledgerIndex = await ledgered(tx, actor, 'fleet.preflight_recorded', {
      deviceId,
      preflightId: row!.id,
      date: input.date,
      passed: input.passed,
      items: input.items,
      remarks: input.remarks,
    });
    await tx.update(fleetPreflights).set({ ledgerIndex }).where(eq(fleetPreflights.id, row!.id));
  });
  return getDevice(db, actor, deviceId);
}

// ---------------------------------------------------------------------------------------------
// Discrepancies

type DiscrepancyValues = In<typeof createDiscrepancyRequest>;

/** A discrepancy's rules, for the form, its changes and the import alike. */
export async function checkDiscrepancy(
  db: DbOrTx,
  actor: Actor,
  device: DeviceRow,
  d: DiscrepancyValues,
) {
  checkInService('reportedAt', d.reportedAt.slice(0, 10), device);
  if (Date.parse(d.reportedAt) > Date.now() + 24 * 3600_000) {
    throw fieldError('reportedAt', `${d.reportedAt} is in the future`);
  }
  if (d.status === 'closed') {
    if (!d.correctiveAction) {
      throw fieldError('correctiveAction', 'A closed discrepancy needs its corrective action');
    }
    if (!d.closedAt)
      throw fieldError('closedAt', 'A closed discrepancy needs the time it was closed');
  } else if (d.closedAt) {
    throw fieldError(
      'closedAt',
      `An ${d.status} discrepancy has no closing time; close it to set one`,
    );
  }
  if (d.closedAt) {
    if (Date.parse(d.closedAt) < Date.parse(d.reportedAt)) {
      throw fieldError('closedAt', 'It cannot be closed before it was reported');
    }
    if (Date.parse(d.closedAt) > Date.now() + 24 * 3600_000) {
      throw fieldError('closedAt', `${d.closedAt} is in the future`);
    }
  }
  if (
    d.componentId &&
    !(await fleetOf(db, actor.organizationId).component(device.id, d.componentId))
  ) {
    throw fieldError('componentId', `No such component on ${device.name}`);
  }
}

export const discrepancyColumns = (d: DiscrepancyValues) => ({
  reportedAt: new Date(d.reportedAt),
  reportedBy: d.reportedBy,
  session: d.session,
  componentId: d.componentId,
  component: d.component,
  ataChapter: d.ataChapter,
  description: d.description,
  severity: d.severity,
  status: d.status,
  correctiveAction: d.correctiveAction,
  closedAt: d.closedAt ? new Date(d.closedAt) : null,
  closedBy: d.closedBy,
  downtimeMinutes: d.downtimeMinutes,
  trainingMinutesLost: d.trainingMinutesLost,
});

export async function recordDiscrepancy(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: DiscrepancyValues,
) {
  const id = await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    await checkDiscrepancy(tx, actor, device, input);
    const [row] = await tx
      .insert(fleetDiscrepancies)
      .values({
        ...discrepancyColumns(input),
        organizationId: actor.organizationId,
        deviceId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const ledgerIndex = await ledgered(tx, actor, 'fleet.discrepancy_recorded', {
      deviceId,
      discrepancyId: row!.id,
      version: 1,
      discrepancy: input,
    });
    await tx
      .update(fleetDiscrepancies)
      .set({ ledgerIndex })
      .where(eq(fleetDiscrepancies.id, row!.id));
    return row!.id;
  });
  return toDiscrepancy((await fleetOf(db, actor.organizationId).discrepancy(deviceId, id))!);
}

export async function listDiscrepancies(db: Database, actor: Actor, deviceId: string) {
  await deviceFor(db, actor, deviceId);
  const rows = await fleetOf(db, actor.organizationId).rows(deviceId);
  return { discrepancies: rows.discrepancies.map(toDiscrepancy) };
}

export async function updateDiscrepancy(
  db: Database,
  actor: Actor,
  deviceId: string,
  id: string,
  input: In<typeof updateDiscrepancyRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    const current = await fleetOf(tx, actor.organizationId).discrepancy(deviceId, id, {
      forUpdate: true,
    });
    if (!current) throw notFound('Discrepancy');
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw conflict(
        `This discrepancy was changed by someone else (it is now version ${current.version}). Reload it and try again.`,
      );
    }
    const was = toDiscrepancy(current);
    const { expectedVersion: _, ...changes } = input;
    const next: DiscrepancyValues = {
      reportedAt: was.reportedAt,
      reportedBy: was.reportedBy,
      session: was.session,
      componentId: was.componentId,
      component: was.component,
      ataChapter: was.ataChapter,
      description: was.description,
      severity: was.severity,
      status: was.status,
      correctiveAction: was.correctiveAction,
      closedAt: was.closedAt,
      closedBy: was.closedBy,
      downtimeMinutes: was.downtimeMinutes,
      trainingMinutesLost: was.trainingMinutesLost,
    };
    for (const [k, v] of Object.entries(changes)) {
      if (v !== undefined) (next as Record<string, unknown>)[k] = v;
    }
    const changed = (Object.keys(next) as (keyof DiscrepancyValues)[]).filter(
      (k) => next[k] !== (was as Record<string, unknown>)[k],
    );
    if (changed.length === 0) return;
    await checkDiscrepancy(tx, actor, device, next);
    const version = current.version + 1;
    const ledgerIndex = await ledgered(tx, actor, 'fleet.discrepancy_updated', {
      deviceId,
      discrepancyId: id,
      version,
      changes: Object.fromEntries(
        changed.map((k) => [k, { from: (was as Record<string, unknown>)[k], to: next[k] }]),
      ),
    });
    await tx
      .update(fleetDiscrepancies)
      .set({
        ...discrepancyColumns(next),
        version,
        ledgerIndex,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(fleetDiscrepancies.id, id));
  });
  return toDiscrepancy((await fleetOf(db, actor.organizationId).discrepancy(deviceId, id))!);
}

// ---------------------------------------------------------------------------------------------
// Components, sessions, scheduled maintenance

export async function installComponent(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: In<typeof createComponentRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    checkInService('installedAt', input.installedAt, device);
    if ((input.removedAt === null) !== (input.removalReason === null)) {
      throw fieldError('removalReason', 'A removed unit needs both the date and the reason');
    }
    if (input.removedAt) {
      checkNotFuture('removedAt', input.removedAt);
      if (input.removedAt < input.installedAt) {
        throw fieldError('removedAt', 'It cannot be removed before it was installed');
      }
    }
    const [row] = await tx
      .insert(fleetComponents)
      .values({
        ...input,
        organizationId: actor.organizationId,
        deviceId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const ledgerIndex = await ledgered(tx, actor, 'fleet.component_installed', {
      deviceId,
      componentId: row!.id,
      version: 1,
      component: input,
    });
    await tx.update(fleetComponents).set({ ledgerIndex }).where(eq(fleetComponents.id, row!.id));
  });
  return getDevice(db, actor, deviceId);
}

export async function removeComponent(
  db: Database,
  actor: Actor,
  deviceId: string,
  componentId: string,
  input: In<typeof removeComponentRequest>,
) {
  await db.transaction(async (tx) => {
    await deviceFor(tx, actor, deviceId, true);
    const current = await fleetOf(tx, actor.organizationId).component(deviceId, componentId);
    if (!current) throw notFound('Component');
    if (current.removedAt) throw conflict(`This unit was already removed on ${current.removedAt}`);
    checkNotFuture('removedAt', input.removedAt);
    if (input.removedAt < current.installedAt) {
      throw fieldError('removedAt', `It was installed on ${current.installedAt}`);
    }
    const version = current.version + 1;
    const ledgerIndex = await ledgered(tx, actor, 'fleet.component_removed', {
      deviceId,
      componentId,
      version,
      ...input,
    });
    await tx
      .update(fleetComponents)
      .set({ ...input, version, ledgerIndex, updatedBy: actor.userId, updatedAt: new Date() })
      .where(
        and(
          eq(fleetComponents.id, componentId),
          eq(fleetComponents.organizationId, actor.organizationId),
        ),
      );
  });
  return getDevice(db, actor, deviceId);
}

export async function recordSession(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: In<typeof createSessionRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    checkInService('startsAt', input.startsAt.slice(0, 10), device);
    let event: { id: string; version: number } | undefined;
    if (input.trainingEventId) {
      [event] = await tx
        .select({ id: trainingEvents.id, version: trainingEvents.version })
        .from(trainingEvents)
        .where(
          and(
            eq(trainingEvents.id, input.trainingEventId),
            eq(trainingEvents.organizationId, actor.organizationId),
          ),
        );
      if (!event)
        throw fieldError('trainingEventId', 'No such training event in your organization');
    }
    const [row] = await tx
      .insert(fleetSessions)
      .values({
        ...input,
        startsAt: new Date(input.startsAt),
        organizationId: actor.organizationId,
        deviceId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const preflights = await tx
      .select()
      .from(fleetPreflights)
      .where(
        and(
          eq(fleetPreflights.deviceId, deviceId),
          eq(fleetPreflights.date, input.startsAt.slice(0, 10)),
        ),
      );
    const unreleased = sessionUnreleased(row!, releasedDays(preflights));
    const ledgerIndex = await ledgered(tx, actor, 'fleet.session_recorded', {
      deviceId,
      sessionId: row!.id,
      version: 1,
      session: input,
      unreleased,
    });
    await tx.update(fleetSessions).set({ ledgerIndex }).where(eq(fleetSessions.id, row!.id));
    if (event && input.instructor) {
      // 142.49(c)(1): this session takes its instructor past 8 hours in 24 consecutive hours.
      const duty = await dutyOf(tx, actor.organizationId, input.instructor);
      const window = duty.windows.find((w) => w.sessions.some((s) => s.id === row!.id));
      if (window) {
        await writeRecordWarnings(tx, actor, [
          {
            trainingEventId: event.id,
            version: event.version,
            role: 'instructor',
            person: input.instructor,
            instructorFileId: null,
            kind: 'duty_limit',
            paragraph: '142.49(c)(1)',
            message: `${input.instructor} gave ${(window.minutes / 60).toFixed(1)} hours of instruction in the 24 hours from ${window.from.slice(0, 16).replace('T', ' ')} UTC (${window.sessions.length} sessions), more than 8`,
          },
        ]);
      }
    }
    if (unreleased && event) {
      // 142.59(c)(3): the record of this training says so, beside its current version.
      await writeRecordWarnings(tx, actor, [
        {
          trainingEventId: event.id,
          version: event.version,
          role: 'device',
          person: device.name,
          instructorFileId: null,
          kind: 'device_not_released',
          paragraph: '142.59(c)(3)',
          message: `${device.name} had no passing preflight check on ${input.startsAt.slice(0, 10)} when this session was given at ${input.startsAt.slice(11, 16)} UTC`,
        },
      ]);
    }
  });
  return getDevice(db, actor, deviceId);
}

/** A maintenance item's rules, for the form and the import alike. */
export async function checkMaintenanceItem(
  db: DbOrTx,
  actor: Actor,
  device: DeviceRow,
  input: In<typeof createMaintenanceItemRequest>,
) {
  if (!input.dueAt && input.dueHours === null && !input.intervalDays && !input.intervalHours) {
    throw fieldError('dueAt', 'Give a due date, due hours or an interval');
  }
  if (input.lastDoneAt) checkInService('lastDoneAt', input.lastDoneAt, device);
  if (
    input.componentId &&
    !(await fleetOf(db, actor.organizationId).component(device.id, input.componentId))
  ) {
    throw fieldError('componentId', `No such component on ${device.name}`);
  }
}

export async function addMaintenanceItem(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: In<typeof createMaintenanceItemRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    await checkMaintenanceItem(tx, actor, device, input);
    const [row] = await tx
      .insert(fleetMaintenanceItems)
      .values({
        ...input,
        organizationId: actor.organizationId,
        deviceId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const ledgerIndex = await ledgered(tx, actor, 'fleet.maintenance_item_added', {
      deviceId,
      maintenanceItemId: row!.id,
      version: 1,
      item: input,
    });
    await tx
      .update(fleetMaintenanceItems)
      .set({ ledgerIndex })
      .where(eq(fleetMaintenanceItems.id, row!.id));
  });
  return getDevice(db, actor, deviceId);
}

/**
 * Records scheduled maintenance as done: `lastDoneAt`/`lastDoneHours` move to it and a fixed due
 * date or hours is cleared, so the next due follows from the interval (an item without one is
 * then complete). A new version, ledgered.
 */
export async function markMaintenanceDone(
  db: Database,
  actor: Actor,
  deviceId: string,
  itemId: string,
  input: In<typeof maintenanceDoneRequest>,
) {
  await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    const [item] = await tx
      .select()
      .from(fleetMaintenanceItems)
      .where(
        and(
          eq(fleetMaintenanceItems.id, itemId),
          eq(fleetMaintenanceItems.deviceId, deviceId),
          eq(fleetMaintenanceItems.organizationId, actor.organizationId),
        ),
      )
      .for('update');
    if (!item) throw notFound('Scheduled maintenance');
    checkInService('doneAt', input.doneAt, device);
    if (item.lastDoneAt && input.doneAt < item.lastDoneAt) {
      throw fieldError('doneAt', `It was last done on ${item.lastDoneAt}, after ${input.doneAt}`);
    }
    const sessions = await tx
      .select()
      .from(fleetSessions)
      .where(eq(fleetSessions.deviceId, deviceId));
    const hoursNow = totalHours(device, sessions).hours;
    if (input.doneHours !== null && input.doneHours > hoursNow) {
      throw fieldError(
        'doneHours',
        `${device.name} has ${hoursNow} hours; it cannot have been done at ${input.doneHours}`,
      );
    }
    const doneHours =
      input.doneHours ?? (input.doneAt === todayUtc() ? hoursNow : item.lastDoneHours);
    const version = item.version + 1;
    const ledgerIndex = await ledgered(tx, actor, 'fleet.maintenance_done', {
      deviceId,
      maintenanceItemId: itemId,
      version,
      doneAt: input.doneAt,
      doneHours,
    });
    await tx
      .update(fleetMaintenanceItems)
      .set({
        lastDoneAt: input.doneAt,
        lastDoneHours: doneHours,
        dueAt: null,
        dueHours: null,
        version,
        ledgerIndex,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(fleetMaintenanceItems.id, itemId));
  });
  return getDevice(db, actor, deviceId);
}

// ---------------------------------------------------------------------------------------------
// Predictions and alerts

export async function listPredictions(
  db: Database,
  actor: Actor,
  filter: { deviceId?: string; component?: string },
) {
  if (filter.deviceId) await deviceFor(db, actor, filter.deviceId);
  const { rows, today, predictions } = await dashboardData(db, actor);
  const filtered = filter.deviceId || filter.component;
  return { predictions: filtered ? componentPredictions(rows, today, filter) : predictions };
}

export async function listMaintenanceAlerts(db: Database, actor: Actor) {
  return { alerts: (await dashboardData(db, actor)).alerts };
}

// ---------------------------------------------------------------------------------------------
// The dashboard: metric cards, fleet status, figures

/**
 * The fleet's rows with their predictions and alerts, computed once per state of the
 * organization's ledger and day (every fleet write, import and seed appends to the ledger in its
 * transaction): the four dashboard calls share one read and one computation.
 */
function dashboardData(db: Database, actor: Actor) {
  const today = todayUtc();
  return cachedFigure(db, actor, `fleet dashboard ${today}`, async () => {
    const rows = await fleetOf(db, actor.organizationId).rows();
    const predictions = componentPredictions(rows, today);
    return { rows, today, predictions, alerts: maintenanceAlerts(rows, predictions, today) };
  });
}

export async function getMaintenanceMetrics(db: Database, actor: Actor) {
  const { rows, today, predictions, alerts } = await dashboardData(db, actor);
  return metricsOf(rows, predictions, alerts, today);
}

export async function getFleetStatus(db: Database, actor: Actor) {
  const { rows, today, alerts } = await dashboardData(db, actor);
  return { fleet: fleetStatusOf(rows, alerts, today) };
}

export async function getFleetFigures(
  db: Database,
  actor: Actor,
  query: { from?: string; to?: string },
) {
  const today = todayUtc();
  const period = {
    from: query.from ?? lastDays(today, 90).from,
    to: query.to ?? today,
  };
  if (period.from > period.to) throw fieldError('from', 'The period starts after it ends');
  const { rows } = await dashboardData(db, actor);
  return fleetFigures(rows, period, today);
}
