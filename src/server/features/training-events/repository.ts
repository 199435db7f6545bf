import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TrainingEvent } from '@shared/api/training-events';
import type { ReportScope } from '@shared/api/reports';
import type { DbOrTx } from '../../db/client';
import {
  trainingEventAssignments,
  trainingEvents,
  type TrainingEventRecord,
} from '../../db/schema';
import type { Actor } from '../../http/actor';

export type TrainingEventRow = TrainingEventRecord;

export function toTrainingEvent(row: TrainingEventRow): TrainingEvent {
  return {
    id: row.id,
    studentName: row.studentName,
    licenseNumber: row.licenseNumber,
    eventType: row.eventType,
    eventDate: row.eventDate,
    status: row.status as TrainingEvent['status'],
    blockchainHash: row.blockchainHash,
    course: row.course,
    result: row.result,
    instructor: row.instructor,
    evaluator: row.evaluator,
    remarks: row.remarks,
    sourceDocumentId: row.sourceDocumentId,
    version: row.version,
    ledgerIndex: row.ledgerIndex,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containing(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** training_events or an alias of it. */
interface EventsTable {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
  course: AnyPgColumn;
  instructor: AnyPgColumn;
  traineeNameKey: AnyPgColumn;
}

/**
 * The records of one course, instructor or trainee (a report's scope, an external auditor's
 * access), matched as the reports name them: trimmed and case-folded; undefined for the whole
 * organization.
 */
export function inRecordScope(
  scope: ReportScope,
  table: EventsTable = trainingEvents,
): SQL | undefined {
  const value = scope.value?.trim().toLowerCase() ?? '';
  switch (scope.kind) {
    case 'course':
      return sql`lower(trim(${table.course})) = ${value}`;
    case 'instructor':
      return sql`lower(trim(${table.instructor})) = ${value}`;
    case 'trainee':
      return eq(table.traineeNameKey, value);
    default:
      return undefined;
  }
}

/**
 * The training events `actor` may see, as a condition on `table` (training_events or an alias
 * of it): the organization's, for a Viewer only those assigned to them (DESIGN.md §4), and for
 * an external auditor only those of their access's scope.
 */
export function visibleEvents(db: DbOrTx, actor: Actor, table: EventsTable = trainingEvents): SQL {
  const orgWide = eq(table.organizationId, actor.organizationId);
  // An external auditor reads only the records their access names.
  const accessScope = actor.externalAccess && inRecordScope(actor.externalAccess.scope, table);
  const inOrg = accessScope ? and(orgWide, accessScope)! : orgWide;
  if (actor.role !== 'viewer') return inOrg;
  return and(
    inOrg,
    inArray(
      table.id,
      db
        .select({ id: trainingEventAssignments.trainingEventId })
        .from(trainingEventAssignments)
        .where(
          and(
            eq(trainingEventAssignments.userId, actor.userId),
            eq(trainingEventAssignments.organizationId, actor.organizationId),
          ),
        ),
    ),
  )!;
}

/** Every training event of an organization, for analyses over all of them (the audit's checks). */
export function organizationEvents(db: DbOrTx, organizationId: string) {
  return db.select().from(trainingEvents).where(eq(trainingEvents.organizationId, organizationId));
}

export interface EventFilters {
  search?: string;
  status?: string;
  eventType?: string;
  instructor?: string;
  from?: string;
  to?: string;
  /** Records made from this document. */
  sourceDocumentId?: string;
}

/**
 * Data access for training events, bound to the actor's organization and, for a Viewer, to the
 * events assigned to them: every query carries both conditions.
 */
export function trainingEventsOf(db: DbOrTx, actor: Actor) {
  const scope: SQL[] = [visibleEvents(db, actor)];
  const eventType = sql<string>`trim(${trainingEvents.eventType})`;

  const filtered = (f: EventFilters) => {
    const where = [...scope];
    if (f.search) {
      const p = containing(f.search);
      where.push(
        or(
          ilike(trainingEvents.studentName, p),
          ilike(trainingEvents.licenseNumber, p),
          ilike(trainingEvents.course, p),
        )!,
      );
    }
    if (f.status) where.push(eq(trainingEvents.status, f.status));
    if (f.eventType) where.push(sql`lower(${trainingEvents.eventType}) = lower(${f.eventType})`);
    if (f.instructor) where.push(ilike(trainingEvents.instructor, containing(f.instructor)));
    if (f.from) where.push(gte(trainingEvents.eventDate, f.from));
    if (f.to) where.push(lte(trainingEvents.eventDate, f.to));
    if (f.sourceDocumentId) where.push(eq(trainingEvents.sourceDocumentId, f.sourceDocumentId));
    return and(...where);
  };

  return {
    find: async (id: string, options: { forUpdate?: boolean } = {}) => {
      const query = db
        .select()
        .from(trainingEvents)
        .where(and(...scope, eq(trainingEvents.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },
    /** How many events match the filters. */
    count: async (f: EventFilters) => {
      const [total] = await db.select({ n: count() }).from(trainingEvents).where(filtered(f));
      return total?.n ?? 0;
    },
    /**
     * Rows `offset` to `offset + limit` in the list's order (newest date first). The ids come from
     * the list index alone (skipping index entries, not rows), and only those rows are read whole.
     * With `total`, a page past the middle is counted from the end instead, so the last page costs
     * what the first does.
     */
    page: async (f: EventFilters, offset: number, limit: number, total?: number) => {
      const newestFirst = [
        desc(trainingEvents.eventDate),
        desc(trainingEvents.createdAt),
        desc(trainingEvents.id),
      ];
      const fromEnd = total !== undefined && offset > total / 2;
      const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
      const take = fromEnd ? Math.min(limit, Math.max(0, total - offset)) : limit;
      if (take === 0) return [];
      const ids = db
        .select({ id: trainingEvents.id })
        .from(trainingEvents)
        .where(filtered(f))
        .orderBy(
          ...(fromEnd
            ? [asc(trainingEvents.eventDate), asc(trainingEvents.createdAt), asc(trainingEvents.id)]
            : newestFirst),
        )
        .limit(take)
        .offset(skip);
      return db
        .select()
        .from(trainingEvents)
        .where(and(...scope, inArray(trainingEvents.id, ids)))
        .orderBy(...newestFirst);
    },
    countByStatus: () =>
      db
        .select({ key: trainingEvents.status, n: count() })
        .from(trainingEvents)
        .where(and(...scope))
        .groupBy(trainingEvents.status),
    /** By event type as written (trimmed), the most frequent first. */
    countByType: () =>
      db
        .select({ key: eventType, n: count() })
        .from(trainingEvents)
        .where(and(...scope))
        .groupBy(eventType)
        .orderBy(desc(count()), eventType),
  };
}
