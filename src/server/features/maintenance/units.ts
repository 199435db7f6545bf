/* Component units, sessions on devices and scheduled maintenance. */
import { and, eq } from 'drizzle-orm';
import type {
  createComponentRequest,
  createMaintenanceItemRequest,
  createSessionRequest,
  maintenanceDoneRequest,
  removeComponentRequest,
} from '@shared/api/maintenance';
import type { Database, DbOrTx } from '../../db/client';
import {
  fleetComponents,
  fleetMaintenanceItems,
  fleetPreflights,
  fleetSessions,
  trainingEvents,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { dutyOf, writeRecordWarnings } from '../instructors/service';
import { fleetOf, type DeviceRow } from './repository';
import { releasedDays, sessionUnreleased, totalHours, todayUtc } from './view';

import {
  checkInService,
  checkNotFuture,
  deviceFor,
  fieldError,
  ledgered,
  type In,
} from './write-rules';
import { getDevice } from './devices';

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
