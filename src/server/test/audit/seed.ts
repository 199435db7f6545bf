import type { ChecklistStatus } from '@shared/checklist/types';
import type { DbOrTx } from '../../db/client';
import { checklistEvidence, checklistResponses, trainingEvents } from '../../db/schema';

/**
 * A processed document with known page text (the audit reads stored text; it never reads the
 * file again).
 */
export { createProcessedDocument as seedDocument } from '../processed-document';

export async function seedResponse(
  db: DbOrTx,
  organizationId: string,
  itemNumber: string,
  values: { status: ChecklistStatus; comments?: string; findings?: string; evidence?: string[] },
) {
  await db.insert(checklistResponses).values({
    organizationId,
    itemNumber,
    status: values.status,
    comments: values.comments ?? '',
    findings: values.findings ?? '',
    revision: 1,
  });
  for (const documentId of values.evidence ?? []) {
    await db.insert(checklistEvidence).values({ organizationId, itemNumber, documentId });
  }
}

export interface SeedEvent {
  studentName: string;
  course?: string;
  eventType: string;
  eventDate: string;
  status?: 'completed' | 'pending' | 'failed';
  result?: string;
  instructor?: string;
  evaluator?: string;
  licenseNumber?: string;
  remarks?: string;
}

/** Training events written straight into the table (the audit reads them; it does not ledger them). */
export async function seedEvents(db: DbOrTx, organizationId: string, events: SeedEvent[]) {
  if (events.length === 0) return;
  await db.insert(trainingEvents).values(
    events.map((e) => ({
      organizationId,
      studentName: e.studentName,
      course: e.course ?? null,
      eventType: e.eventType,
      eventDate: e.eventDate,
      status: e.status ?? 'completed',
      result: e.result ?? null,
      instructor: e.instructor ?? null,
      evaluator: e.evaluator ?? null,
      licenseNumber: e.licenseNumber ?? null,
      remarks: e.remarks ?? null,
    })),
  );
}
