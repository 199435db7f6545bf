/* The rules every fleet write shares: dates, the device it is on, and its ledger leaf. */
import { latestHeldEventDate } from '@shared/api/training-events';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../http/actor';
import { invalid, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { ledgerSize } from '../ledger/service';
import { fleetOf, type DeviceRow } from './repository';
import {} from './view';

export type In<T extends z.ZodType> = z.output<T>;

export const fieldError = (path: string, message: string) =>
  invalid(`${path}: ${message}`, [{ path, message }]);

/** A date may be today in any timezone at most: tomorrow in UTC (as training records). */
export function checkNotFuture(path: string, date: string) {
  if (date > latestHeldEventDate()) throw fieldError(path, `${date} is in the future`);
}

export function checkInService(path: string, date: string, device: DeviceRow) {
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
export async function ledgered(
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

export async function deviceFor(
  tx: Transaction | Database,
  actor: Actor,
  id: string,
  lock = false,
) {
  const device = await fleetOf(tx, actor.organizationId).device(id, { forUpdate: lock });
  if (!device) throw notFound('Device');
  return device;
}
