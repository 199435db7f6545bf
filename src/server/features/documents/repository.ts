import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPages, documents, extractedFields, users } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * What the dashboard counts as a pending review and the validation panel queues: a document in
 * needs_review (a person must look, whatever its fields), or processed with a field nobody has
 * validated yet. A processed document with no field to check (a manual) awaits nobody.
 */
// Spelled out: inside a select list, drizzle leaves column names unqualified, and a bare "id"
// in the subquery would be the field's own.
export const awaitingValidation = sql<boolean>`("documents"."status" = 'needs_review' or ("documents"."status" = 'processed' and exists (select 1 from "extracted_fields" f where f."document_id" = "documents"."id" and f."validated_at" is null)))`;

/** Documents and stored bytes per organization, for an operator's list (one query). */
export async function usageByOrganization(db: DbOrTx, organizationIds: string[]) {
  if (organizationIds.length === 0)
    return new Map<string, { documents: number; storageBytes: number }>();
  const rows = await db
    .select({
      organizationId: documents.organizationId,
      n: count(),
      bytes: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)`,
    })
    .from(documents)
    .where(and(inArray(documents.organizationId, organizationIds), isNull(documents.deletedAt)))
    .groupBy(documents.organizationId);
  return new Map(
    rows.map((r) => [r.organizationId, { documents: r.n, storageBytes: Number(r.bytes) }]),
  );
}

/**
 * Data access for documents, bound to one organization: every query carries its id, and
 * soft-deleted documents are invisible, so a foreign or deleted id is simply not found.
 */
export function documentsOf(db: DbOrTx, organizationId: string) {
  const visible = and(eq(documents.organizationId, organizationId), isNull(documents.deletedAt));
  return {
    /** Newest first, each with whether it awaits validation (processed, a field unchecked). */
    list: () =>
      db
        .select({ ...getTableColumns(documents), awaiting: awaitingValidation })
        .from(documents)
        .where(visible)
        .orderBy(desc(documents.createdAt)),
    awaiting: async (id: string) => {
      const [row] = await db
        .select({ awaiting: awaitingValidation })
        .from(documents)
        .where(and(visible, eq(documents.id, id)));
      return row?.awaiting ?? false;
    },
    find: async (id: string, options: { lock?: boolean } = {}) => {
      const query = db
        .select()
        .from(documents)
        .where(and(visible, eq(documents.id, id)))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    /** The document a field capture made, when it was uploaded before. */
    findByCapture: async (captureId: string) => {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(visible, eq(documents.captureId, captureId)))
        .limit(1);
      return row;
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(documents).where(visible);
      return row?.n ?? 0;
    },
    /** How many documents the organization keeps and the bytes of their files (plan usage). */
    usage: async () => {
      const [row] = await db
        .select({ n: count(), bytes: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)` })
        .from(documents)
        .where(visible);
      return { documents: row?.n ?? 0, storageBytes: Number(row?.bytes ?? 0) };
    },
    countByStatus: () =>
      db
        .select({ key: documents.status, n: count() })
        .from(documents)
        .where(visible)
        .groupBy(documents.status),
    insert: (values: Omit<typeof documents.$inferInsert, 'organizationId'>[]) =>
      db
        .insert(documents)
        .values(values.map((v) => ({ ...v, organizationId })))
        .returning(),
    update: (id: string, values: Partial<typeof documents.$inferInsert>) =>
      db
        .update(documents)
        .set(values)
        .where(and(visible, eq(documents.id, id)))
        .returning(),
    insertPages: (values: Omit<typeof documentPages.$inferInsert, 'organizationId'>[]) =>
      db.insert(documentPages).values(values.map((v) => ({ ...v, organizationId }))),
    pages: (id: string) =>
      db
        .select({
          page: documentPages.page,
          text: documentPages.text,
          source: documentPages.source,
        })
        .from(documentPages)
        .where(
          and(eq(documentPages.organizationId, organizationId), eq(documentPages.documentId, id)),
        )
        .orderBy(documentPages.page),
    /** The spreadsheet tables the processing job stored, by page (a workbook's sheet index). */
    tables: (id: string) =>
      db
        .select({ page: documentPages.page, table: documentPages.tableData })
        .from(documentPages)
        .where(
          and(
            eq(documentPages.organizationId, organizationId),
            eq(documentPages.documentId, id),
            isNotNull(documentPages.tableData),
          ),
        )
        .orderBy(documentPages.page),
    fields: (documentIds: string[]) =>
      db
        .select({
          field: extractedFields,
          validatorFirst: users.firstName,
          validatorLast: users.lastName,
        })
        .from(extractedFields)
        .leftJoin(users, eq(users.id, extractedFields.validatedBy))
        .where(
          and(
            eq(extractedFields.organizationId, organizationId),
            inArray(extractedFields.documentId, documentIds),
          ),
        ),
  };
}
