import { trainingEventLedgerData } from '@shared/api/training-events';
import type { auditLogs, TrainingEventRecord } from '../../db/schema';

/*
 * What each kind of record commits to in its leaf's `data`. Written by the services that append
 * and read back by the verification, so both sides build it the same way.
 */

export function trainingEventLeafData(row: TrainingEventRecord) {
  return trainingEventLedgerData(row);
}

export function auditLogLeafData(
  row: Pick<typeof auditLogs.$inferSelect, 'action' | 'actorId' | 'details'>,
) {
  return { action: row.action, actorId: row.actorId, details: row.details };
}
