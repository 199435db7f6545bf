import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, generatedDocuments, generationRuns } from '../../db/schema';

export type GeneratedRow = typeof generatedDocuments.$inferSelect;
export type RunRow = typeof generationRuns.$inferSelect;

/**
 * Data access for runs and generated documents, bound to one organization. A generated document
 * whose stored document was deleted, or that a later run superseded, is not found.
 */
export function generationOf(db: DbOrTx, organizationId: string) {
  const live = and(
    eq(generatedDocuments.organizationId, organizationId),
    ne(generatedDocuments.status, 'superseded'),
    isNull(documents.deletedAt),
  );
  const select = () =>
    db
      .select({ generated: generatedDocuments })
      .from(generatedDocuments)
      .innerJoin(documents, eq(documents.id, generatedDocuments.documentId));
  return {
    findRun: async (id: string) => {
      const [row] = await db
        .select()
        .from(generationRuns)
        .where(and(eq(generationRuns.organizationId, organizationId), eq(generationRuns.id, id)))
        .limit(1);
      return row;
    },
    /** A run still under way, started after `since` (older ones died with their process). */
    activeRun: async (since: Date) => {
      const [row] = await db
        .select({ id: generationRuns.id })
        .from(generationRuns)
        .where(
          and(
            eq(generationRuns.organizationId, organizationId),
            eq(generationRuns.status, 'running'),
            gt(generationRuns.createdAt, since),
          ),
        )
        .limit(1);
      return row;
    },
    latestCompletedRun: async () => {
      const [row] = await db
        .select()
        .from(generationRuns)
        .where(
          and(
            eq(generationRuns.organizationId, organizationId),
            eq(generationRuns.status, 'completed'),
          ),
        )
        .orderBy(desc(generationRuns.createdAt))
        .limit(1);
      return row;
    },
    insertRun: (values: { id?: string; startedBy: string; phase: string }) =>
      db
        .insert(generationRuns)
        .values({ ...values, organizationId })
        .returning(),
    updateRun: (id: string, values: Partial<typeof generationRuns.$inferInsert>) =>
      db
        .update(generationRuns)
        .set(values)
        .where(and(eq(generationRuns.organizationId, organizationId), eq(generationRuns.id, id))),
    find: async (id: string, options: { lock?: boolean } = {}) => {
      const query = select()
        .where(and(live, eq(generatedDocuments.id, id)))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row?.generated;
    },
    findMany: async (ids: string[]) =>
      ids.length
        ? (await select().where(and(live, inArray(generatedDocuments.id, ids)))).map(
            (r) => r.generated,
          )
        : [],
    /** Live generated documents of the organization, newest first. */
    list: async () =>
      (await select().where(live).orderBy(desc(generatedDocuments.createdAt))).map(
        (r) => r.generated,
      ),
    insert: (values: Omit<typeof generatedDocuments.$inferInsert, 'organizationId'>) =>
      db
        .insert(generatedDocuments)
        .values({ ...values, organizationId })
        .returning(),
    update: (id: string, values: Partial<typeof generatedDocuments.$inferInsert>) =>
      db
        .update(generatedDocuments)
        .set(values)
        .where(
          and(eq(generatedDocuments.organizationId, organizationId), eq(generatedDocuments.id, id)),
        )
        .returning(),
  };
}
