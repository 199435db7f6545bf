import { and, asc, count, eq, getTableColumns, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ReportScope, ReportTreeHead } from '@shared/api/reports';
import type { LedgerVerification } from '@shared/api/ledger';
import { summarizeChecklist, type ChecklistSummary } from '@shared/checklist/progress';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  auditLogs,
  documents,
  trainingEvents,
  users,
  type TrainingEventRecord,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { getChecklist } from '../checklist/service';
import { awaitingValidation } from '../documents/repository';
import { inRecordScope, visibleEvents } from '../training-events/repository';

/**
 * 14 CFR 142.73(a): what a trainee's record holds. A training record in Centerline carries the
 * trainee's name, the course, the instructor, the evaluator, the date and the result; copies of
 * certificates (a)(2), prerequisite experience and course time (a)(4) and the training equipment
 * of (a)(3) are not fields of it, so the report says "not held" for them, never "present".
 */
export const RECORD_ELEMENTS = ['a1', 'a3', 'a5', 'a6'] as const;
export type RecordElement = (typeof RECORD_ELEMENTS)[number];

export interface RecordRow {
  id: string;
  eventDate: string;
  studentName: string;
  licenseNumber: string | null;
  course: string | null;
  eventType: string;
  status: string;
  result: string | null;
  instructor: string | null;
  evaluator: string | null;
  ledgerIndex: number | null;
  /** Each element of 142.73(a) the record holds (true) or lacks (false). */
  elements: Record<RecordElement, boolean>;
}

export interface ReportInput {
  organizationId: string;
  from: string;
  to: string;
  scope: ReportScope;
}

const filled = (value: string | null | undefined) => (value ?? '').trim().length > 0;

/** The elements of 142.73(a) a record holds, from its own fields. */
export function recordElements(row: {
  studentName: string;
  course: string | null;
  instructor: string | null;
  evaluator: string | null;
  result: string | null;
  eventDate: string;
}): Record<RecordElement, boolean> {
  return {
    a1: filled(row.studentName),
    a3: filled(row.course),
    a5: filled(row.instructor),
    a6: filled(row.eventDate) && filled(row.result) && filled(row.evaluator),
  };
}

function recordsWhere(db: Database, actor: Actor, input: ReportInput): SQL {
  const where: SQL[] = [
    visibleEvents(db, actor),
    gte(trainingEvents.eventDate, input.from),
    lte(trainingEvents.eventDate, input.to),
  ];
  const scoped = inRecordScope(input.scope);
  if (scoped) where.push(scoped);
  return and(...where)!;
}

/** How many training records the period and scope hold. */
export async function countRecordsInScope(db: Database, actor: Actor, input: ReportInput) {
  const [row] = await db
    .select({ n: count() })
    .from(trainingEvents)
    .where(recordsWhere(db, actor, input));
  return row?.n ?? 0;
}

/**
 * The stored rows of every training record of the period and scope, oldest first, in pages of
 * `pageSize` (the proof archive bundles them as the API shows them).
 */
export async function* recordRowsInScope(
  db: Database,
  actor: Actor,
  input: ReportInput,
  pageSize = 2000,
): AsyncGenerator<TrainingEventRecord[]> {
  const where = recordsWhere(db, actor, input);
  // Keyset pages: each starts after the last row of the one before, so the 40th page costs what
  // the first does. The creation time is carried as text, exact to the microsecond.
  let after: { eventDate: string; createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...getTableColumns(trainingEvents),
        cursor: sql<string>`${trainingEvents.createdAt}::text`,
      })
      .from(trainingEvents)
      .where(
        after
          ? and(
              where,
              sql`(${trainingEvents.eventDate}, ${trainingEvents.createdAt}, ${trainingEvents.id}) > (${after.eventDate}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
            )
          : where,
      )
      .orderBy(asc(trainingEvents.eventDate), asc(trainingEvents.createdAt), asc(trainingEvents.id))
      .limit(pageSize);
    const last = rows.at(-1);
    if (last) after = { eventDate: last.eventDate, createdAt: last.cursor, id: last.id };
    if (rows.length === 0) return;
    yield rows.map(({ cursor: _cursor, ...row }) => row);
    if (rows.length < pageSize) return;
  }
}

/** Every training record of the period and scope as the reports list it, in pages. */
export async function* recordsInScope(
  db: Database,
  actor: Actor,
  input: ReportInput,
  pageSize = 2000,
): AsyncGenerator<RecordRow[]> {
  for await (const rows of recordRowsInScope(db, actor, input, pageSize)) {
    yield rows.map((r) => ({
      id: r.id,
      eventDate: r.eventDate,
      studentName: r.studentName,
      licenseNumber: r.licenseNumber,
      course: r.course,
      eventType: r.eventType,
      status: r.status,
      result: r.result,
      instructor: r.instructor,
      evaluator: r.evaluator,
      ledgerIndex: r.ledgerIndex,
      elements: recordElements(r),
    }));
  }
}

export interface RecordTally {
  total: number;
  byStatus: { key: string; n: number }[];
  unsatisfactory: number;
  /** Records lacking at least one element of 142.73(a) a record can hold. */
  incomplete: number;
}

export async function tallyRecords(
  db: Database,
  actor: Actor,
  input: ReportInput,
): Promise<RecordTally> {
  const where = recordsWhere(db, actor, input);
  const byStatus = await db
    .select({ key: trainingEvents.status, n: count() })
    .from(trainingEvents)
    .where(where)
    .groupBy(trainingEvents.status)
    .orderBy(asc(trainingEvents.status));
  const blank = (column: SQL | AnyPgColumn) => sql`coalesce(trim(${column}), '') = ''`;
  const [row] = await db
    .select({
      unsatisfactory: sql<number>`count(*) filter (where lower(${trainingEvents.result}) like 'unsat%')::int`,
      incomplete: sql<number>`count(*) filter (where ${blank(trainingEvents.course)} or ${blank(trainingEvents.instructor)} or ${blank(trainingEvents.result)} or ${blank(trainingEvents.evaluator)})::int`,
    })
    .from(trainingEvents)
    .where(where);
  return {
    total: byStatus.reduce((sum, s) => sum + s.n, 0),
    byStatus,
    unsatisfactory: Number(row?.unsatisfactory ?? 0),
    incomplete: Number(row?.incomplete ?? 0),
  };
}

export interface DocumentTally {
  /** Documents uploaded in the period. */
  uploaded: number;
  byStatus: { key: string; n: number }[];
  /** Of them, those a person still has to validate. */
  awaitingValidation: number;
}

export async function tallyDocuments(db: Database, input: ReportInput, timeZone: string) {
  const day = sql`(${documents.createdAt} at time zone ${timeZone})::date`;
  const where = and(
    eq(documents.organizationId, input.organizationId),
    isNull(documents.deletedAt),
    sql`${day} between ${input.from}::date and ${input.to}::date`,
  );
  const byStatus = await db
    .select({ key: documents.status, n: count() })
    .from(documents)
    .where(where)
    .groupBy(documents.status)
    .orderBy(asc(documents.status));
  const [awaiting] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(where, awaitingValidation));
  return {
    uploaded: byStatus.reduce((sum, s) => sum + s.n, 0),
    byStatus,
    awaitingValidation: awaiting?.n ?? 0,
  } satisfies DocumentTally;
}

export interface AuditEntry {
  at: Date;
  actor: string;
  action: string;
  details: string;
}

function trailWhere(input: ReportInput, timeZone: string) {
  const day = sql`(${auditLogs.createdAt} at time zone ${timeZone})::date`;
  return and(
    eq(auditLogs.organizationId, input.organizationId),
    sql`${day} between ${input.from}::date and ${input.to}::date`,
  );
}

export async function countAuditEntries(db: Database, input: ReportInput, timeZone: string) {
  const [row] = await db.select({ n: count() }).from(auditLogs).where(trailWhere(input, timeZone));
  return row?.n ?? 0;
}

/** The audit trail of the period (the reader's calendar days), oldest first, in pages. */
export async function* auditTrail(
  db: Database,
  input: ReportInput,
  timeZone: string,
  pageSize = 2000,
): AsyncGenerator<AuditEntry[]> {
  const where = trailWhere(input, timeZone);
  // Keyset pages, as for the records: the time is carried as text, exact to the microsecond.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: auditLogs.id,
        cursor: sql<string>`${auditLogs.createdAt}::text`,
        at: auditLogs.createdAt,
        action: auditLogs.action,
        details: auditLogs.details,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(
        after
          ? and(
              where,
              sql`(${auditLogs.createdAt}, ${auditLogs.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
            )
          : where,
      )
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
      .limit(pageSize);
    const last = rows.at(-1);
    if (last) after = { createdAt: last.cursor, id: last.id };
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      at: r.at,
      actor: r.email ? `${r.firstName} ${r.lastName}`.trim() || r.email : '',
      action: r.action,
      details: JSON.stringify(r.details),
    }));
    if (rows.length < pageSize) return;
  }
}

export interface ChecklistAreaProgress {
  number: number;
  name: string;
  summary: ChecklistSummary;
}

export interface ChecklistAnswer {
  number: string;
  reference: string;
  status: string;
  evidence: number;
  updatedAt: string | null;
}

/** The checklist as it stands (answers are not dated by period): progress by area, and answers. */
export async function checklistState(db: Database, actor: Actor) {
  const checklist = await getChecklist(db, actor);
  const areas: ChecklistAreaProgress[] = checklist.areas.map((a) => ({
    number: a.number,
    name: a.name,
    summary: summarizeChecklist(checklist.items.filter((i) => i.areaId === a.id)),
  }));
  const answers: ChecklistAnswer[] = checklist.items.map((i) => ({
    number: i.number,
    reference: i.reference,
    status: i.status,
    evidence: i.evidence.length,
    updatedAt: i.updatedAt,
  }));
  return { overall: summarizeChecklist(checklist.items), areas, answers };
}

/** What every report carries about the ledger: its signed head and, for Audit, a verification. */
export interface LedgerSection {
  head: ReportTreeHead;
  verification?: LedgerVerification;
}
