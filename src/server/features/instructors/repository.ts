import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  instructorDesignations,
  instructorFiles,
  instructorQualifications,
  trainingEvents,
  users,
} from '../../db/schema';

export type InstructorFileRow = typeof instructorFiles.$inferSelect;
export type QualificationRow = typeof instructorQualifications.$inferSelect;
export type DesignationRow = typeof instructorDesignations.$inferSelect;
/** The columns the clocks and the list read of a qualification event. */
export type ClockQualification = Pick<
  QualificationRow,
  'id' | 'instructorId' | 'kind' | 'completedAt' | 'documentId' | 'trainingEventId'
>;

/** Data access of one organization's instructor files; every query is scoped to it. */
export function instructorsOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(instructorFiles.organizationId, organizationId);
  return {
    files: () => db.select().from(instructorFiles).where(inOrg).orderBy(asc(instructorFiles.name)),
    find: async (id: string, options: { forUpdate?: boolean } = {}) => {
      const query = db
        .select()
        .from(instructorFiles)
        .where(and(inOrg, eq(instructorFiles.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },
    qualifications: (instructorId?: string) =>
      db
        .select()
        .from(instructorQualifications)
        .where(
          and(
            eq(instructorQualifications.organizationId, organizationId),
            instructorId ? eq(instructorQualifications.instructorId, instructorId) : undefined,
          ),
        )
        .orderBy(asc(instructorQualifications.completedAt)),
    /**
     * Every event of the organization's files with only the columns the clocks read: the list
     * reads tens of thousands of them, and turning whole rows into objects is what costs.
     */
    clockQualifications: async (): Promise<ClockQualification[]> => {
      // One JSON value instead of a row per event: the driver's per-row work is what costs.
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(id, instructor_id, kind, completed_at,
          document_id, training_event_id) order by completed_at), '[]')::text as events
        from instructor_qualifications where organization_id = ${organizationId}`);
      const [row] = (result as unknown as { rows: { events: string }[] }).rows;
      const events = JSON.parse(row?.events ?? '[]') as [
        string,
        string,
        string,
        string,
        string | null,
        string | null,
      ][];
      return events.map(([id, instructorId, kind, completedAt, documentId, trainingEventId]) => ({
        id,
        instructorId,
        kind,
        completedAt,
        documentId,
        trainingEventId,
      }));
    },
    designations: (instructorId?: string) =>
      db
        .select()
        .from(instructorDesignations)
        .where(
          and(
            eq(instructorDesignations.organizationId, organizationId),
            instructorId ? eq(instructorDesignations.instructorId, instructorId) : undefined,
          ),
        )
        .orderBy(asc(instructorDesignations.designatedAt)),
    /** The centre's courses: the distinct courses of its training events. */
    courses: async () => {
      const rows = await db
        .selectDistinct({ course: trainingEvents.course })
        .from(trainingEvents)
        .where(
          and(eq(trainingEvents.organizationId, organizationId), isNotNull(trainingEvents.course)),
        )
        .orderBy(asc(trainingEvents.course));
      return rows.map((r) => r.course!).filter((c) => c.trim() !== '');
    },
    hasCourse: async (course: string) => {
      const [row] = await db
        .select({ id: trainingEvents.id })
        .from(trainingEvents)
        .where(
          and(
            eq(trainingEvents.organizationId, organizationId),
            sql`lower(trim(${trainingEvents.course})) = lower(trim(${course}))`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    hasTrainingEvent: async (id: string) => {
      const [row] = await db
        .select({ id: trainingEvents.id })
        .from(trainingEvents)
        .where(and(eq(trainingEvents.organizationId, organizationId), eq(trainingEvents.id, id)));
      return row !== undefined;
    },
    hasMember: async (userId: string) => {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
      return row !== undefined;
    },
    insertFile: (row: typeof instructorFiles.$inferInsert) =>
      db.insert(instructorFiles).values(row).returning(),
    updateFile: (id: string, set: Partial<typeof instructorFiles.$inferInsert>) =>
      db
        .update(instructorFiles)
        .set(set)
        .where(and(inOrg, eq(instructorFiles.id, id)))
        .returning(),
    insertQualification: (row: typeof instructorQualifications.$inferInsert) =>
      db.insert(instructorQualifications).values(row).returning(),
    insertDesignation: (row: typeof instructorDesignations.$inferInsert) =>
      db.insert(instructorDesignations).values(row).returning(),
    deleteFile: (id: string) =>
      db.delete(instructorFiles).where(and(inOrg, eq(instructorFiles.id, id))),
  };
}
