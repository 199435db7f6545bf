/* The daily preflight (142.59(c)(3)) and the discrepancy log (142.59(c)(4)). */
import { eq } from 'drizzle-orm';
import type {
  createDiscrepancyRequest,
  createPreflightRequest,
  updateDiscrepancyRequest,
} from '@shared/api/maintenance';
import type { Database, DbOrTx } from '../../db/client';
import { fleetDiscrepancies, fleetPreflights } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { fleetOf, type DeviceRow } from './repository';
import { toDiscrepancy } from './view';

import { checkInService, deviceFor, fieldError, ledgered, type In } from './write-rules';
import { getDevice } from './devices';

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

/**
 * A new write-up of the discrepancy log. With a `clientId` (a write-up kept on a device while
 * offline), one already logged under it is answered as it is (`created: false`) instead of being
 * logged again; the device's lock makes two copies arriving together one.
 */
export async function recordDiscrepancy(
  db: Database,
  actor: Actor,
  deviceId: string,
  input: DiscrepancyValues,
) {
  const { clientId, ...values } = input;
  const { id, created, onDevice } = await db.transaction(async (tx) => {
    const device = await deviceFor(tx, actor, deviceId, true);
    if (clientId) {
      const earlier = await fleetOf(tx, actor.organizationId).discrepancyByClientId(clientId);
      if (earlier) return { id: earlier.id, created: false, onDevice: earlier.deviceId };
    }
    await checkDiscrepancy(tx, actor, device, input);
    const [row] = await tx
      .insert(fleetDiscrepancies)
      .values({
        ...discrepancyColumns(input),
        clientId: clientId ?? null,
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
      discrepancy: values,
    });
    await tx
      .update(fleetDiscrepancies)
      .set({ ledgerIndex })
      .where(eq(fleetDiscrepancies.id, row!.id));
    return { id: row!.id, created: true, onDevice: deviceId };
  });
  const row = await fleetOf(db, actor.organizationId).discrepancy(onDevice, id);
  return { created, discrepancy: toDiscrepancy(row!) };
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
