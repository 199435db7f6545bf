import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  eventDateProblem,
  LEDGER_FIELDS,
  type createTrainingEventRequest,
  type TrainingEventQuery,
  type updateTrainingEventRequest,
} from '@shared/api/training-events';
import type { z } from 'zod';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { trainingEvents } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { documentsOf } from '../documents/repository';
import { recordWarnings, writeStaffWarnings } from '../instructors/service';
import { appendToLedger, trainingEventLeafData } from '../ledger/service';
import { cachedFigure } from './figures-cache';
import { toTrainingEvent, trainingEventsOf, type TrainingEventRow } from './repository';

/** The records' part of the dashboard: its figures with their trends, and its alerts. */
export { complianceAlertsFor } from './alerts';
export { recordFigures } from './dashboard-figures';
export { cachedFigure } from './figures-cache';
/** The record import's reading of a sheet, which the instructor import shares. */
export { importTableOf, type ImportTable } from './import-file';
export { isoDate as importDate, withJoinedName } from './import-rows';

type CreateInput = z.output<typeof createTrainingEventRequest>;

/** A change of these asks the instructor files again whether the people named were current. */
const STAFF_FIELDS = ['instructor', 'evaluator', 'course', 'eventDate'] as const;
type UpdateInput = z.output<typeof updateTrainingEventRequest>;

export async function listTrainingEvents(db: Database, actor: Actor, query: TrainingEventQuery) {
  const { page, pageSize, ...filters } = query;
  const events = trainingEventsOf(db, actor);
  const total = await cachedFigure(db, actor, `count ${JSON.stringify(filters)}`, () =>
    events.count(filters),
  );
  const rows = await events.page(filters, (page - 1) * pageSize, pageSize, total);
  return { events: rows.map(toTrainingEvent), total, page, pageSize };
}

export async function getTrainingEvent(db: Database, actor: Actor, id: string) {
  const row = await trainingEventsOf(db, actor).find(id);
  if (!row) throw notFound('Training event');
  return withWarnings(db, actor, row);
}

/** A single record as the API returns it: with the warnings written to it. */
async function withWarnings(db: DbOrTx, actor: Actor, row: TrainingEventRow) {
  return {
    ...toTrainingEvent(row),
    warnings: await recordWarnings(db, actor.organizationId, row.id),
  };
}

function checkDate(date: string, status: string) {
  const problem = eventDateProblem(date, status);
  if (problem) {
    throw invalid(`eventDate: the date ${problem}`, [
      { path: 'eventDate', message: `The date ${problem}` },
    ]);
  }
}

async function checkSourceDocument(db: DbOrTx, actor: Actor, id: string | null | undefined) {
  if (!id) return;
  if (!(await documentsOf(db, actor.organizationId).find(id))) {
    throw invalid('sourceDocumentId: no such document in your organization', [
      { path: 'sourceDocumentId', message: 'No such document in your organization' },
    ]);
  }
}

/**
 * Inserts new events as version 1, each appended to the ledger first so the row is written
 * with its leaf index and hash; one leaf per event, in order, in the caller's transaction.
 * Rows go in as one array per column (unnest): imports insert thousands at once.
 */
export async function insertTrainingEvents(
  tx: Transaction,
  actor: Actor,
  inputs: CreateInput[],
  importId: string | null = null,
): Promise<TrainingEventRow[]> {
  const now = new Date();
  const rows: TrainingEventRow[] = inputs.map((input) => ({
    id: randomUUID(),
    organizationId: actor.organizationId,
    studentName: input.studentName,
    licenseNumber: input.licenseNumber,
    course: input.course,
    eventType: input.eventType,
    eventDate: input.eventDate,
    status: input.status,
    result: input.result,
    instructor: input.instructor,
    evaluator: input.evaluator,
    remarks: input.remarks,
    sourceDocumentId: input.sourceDocumentId,
    importId,
    version: 1,
    ledgerIndex: null,
    blockchainHash: null,
    createdBy: actor.userId,
    updatedBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  }));
  const leaves = await appendToLedger(
    tx,
    actor.organizationId,
    rows.map((row) => ({
      type: 'training_event' as const,
      recordId: row.id,
      version: 1,
      data: trainingEventLeafData(row),
      recordedAt: now,
    })),
  );
  rows.forEach((row, i) => {
    row.ledgerIndex = leaves[i]!.index;
    row.blockchainHash = leaves[i]!.leafHash;
  });
  const column = <K extends keyof TrainingEventRow>(key: K) => sql.param(rows.map((r) => r[key]));
  await tx.execute(sql`
    insert into training_events (id, student_name, license_number, course, event_type,
      event_date, status, result, instructor, evaluator, remarks, source_document_id,
      ledger_index, blockchain_hash, organization_id, import_id, version, created_by,
      updated_by, created_at, updated_at)
    select *, ${actor.organizationId}::uuid, ${importId}::uuid, 1, ${actor.userId}::uuid,
      ${actor.userId}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${column('id')}::uuid[], ${column('studentName')}::text[],
      ${column('licenseNumber')}::text[], ${column('course')}::text[],
      ${column('eventType')}::text[], ${column('eventDate')}::date[], ${column('status')}::text[],
      ${column('result')}::text[], ${column('instructor')}::text[], ${column('evaluator')}::text[],
      ${column('remarks')}::text[], ${column('sourceDocumentId')}::uuid[],
      ${column('ledgerIndex')}::bigint[], ${column('blockchainHash')}::text[])`);
  await writeStaffWarnings(tx, actor, rows);
  return rows;
}

export async function createTrainingEvent(db: Database, actor: Actor, input: CreateInput) {
  checkDate(input.eventDate, input.status);
  await checkSourceDocument(db, actor, input.sourceDocumentId);
  const row = await db.transaction(async (tx) => {
    const [created] = await insertTrainingEvents(tx, actor, [input]);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'create_training_event',
      details: { studentName: created!.studentName, eventType: created!.eventType },
    });
    return created!;
  });
  return withWarnings(db, actor, row);
}

/** An edit is a new version: a new leaf, the row moved to it; earlier versions stay in the log. */
export async function updateTrainingEvent(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateInput,
) {
  if (input.sourceDocumentId) await checkSourceDocument(db, actor, input.sourceDocumentId);
  const row = await db.transaction(async (tx) => {
    const current = await trainingEventsOf(tx, actor).find(id, { forUpdate: true });
    if (!current) throw notFound('Training event');
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw conflict(
        `This record was changed by someone else (it is now version ${current.version}). Reload it and try again.`,
      );
    }
    const next = { ...current };
    for (const field of LEDGER_FIELDS) {
      const value = input[field];
      if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    }
    const changed = LEDGER_FIELDS.filter((f) => next[f] !== current[f]);
    if (changed.length === 0) return current;
    if (changed.includes('eventDate') || changed.includes('status')) {
      checkDate(next.eventDate, next.status);
    }

    const now = new Date();
    const updated = {
      ...next,
      version: current.version + 1,
      updatedBy: actor.userId,
      updatedAt: now,
    };
    const [leaf] = await appendToLedger(tx, actor.organizationId, [
      {
        type: 'training_event',
        recordId: id,
        version: updated.version,
        data: trainingEventLeafData(updated),
        recordedAt: now,
      },
    ]);
    const [saved] = await tx
      .update(trainingEvents)
      .set({
        ...Object.fromEntries(LEDGER_FIELDS.map((f) => [f, updated[f]])),
        version: updated.version,
        updatedBy: actor.userId,
        updatedAt: now,
        ledgerIndex: leaf!.index,
        blockchainHash: leaf!.leafHash,
      })
      .where(
        and(eq(trainingEvents.id, id), eq(trainingEvents.organizationId, actor.organizationId)),
      )
      .returning();
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_training_event',
      details: {
        studentName: saved!.studentName,
        eventType: saved!.eventType,
        version: saved!.version,
        changes: changed,
      },
    });
    if (STAFF_FIELDS.some((f) => changed.includes(f)))
      await writeStaffWarnings(tx, actor, [saved!]);
    return saved!;
  });
  return withWarnings(db, actor, row);
}
