import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  checklistEvidence,
  checklistHistory,
  checklistResponses,
  documents,
  users,
  type ChecklistChange,
} from '../../db/schema';

type ResponseRow = typeof checklistResponses.$inferSelect;
export type ResponseValues = Pick<ResponseRow, 'status' | 'comments' | 'findings'>;

const person = (u: {
  id: string | null;
  first: string | null;
  last: string | null;
  email: string | null;
}) =>
  u.id ? { id: u.id, name: `${u.first ?? ''} ${u.last ?? ''}`.trim(), email: u.email ?? '' } : null;

/**
 * Data access for checklist responses, evidence and history, bound to one organization: every
 * query carries its id, so no caller can read or change another organization's answers.
 */
export function checklistOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(checklistResponses.organizationId, organizationId);
  const evidenceInOrg = eq(checklistEvidence.organizationId, organizationId);
  const linker = alias(users, 'linker');

  return {
    async responses(itemNumber?: string) {
      const rows = await db
        .select({
          row: checklistResponses,
          id: users.id,
          first: users.firstName,
          last: users.lastName,
          email: users.email,
        })
        .from(checklistResponses)
        .leftJoin(users, eq(users.id, checklistResponses.updatedBy))
        .where(itemNumber ? and(inOrg, eq(checklistResponses.itemNumber, itemNumber)) : inOrg);
      return rows.map((r) => ({ ...r.row, updatedByPerson: person(r) }));
    },

    /** The row of an item, locked for this transaction; created (pending, revision 0) when absent. */
    async lockResponse(itemNumber: string): Promise<ResponseRow> {
      await db
        .insert(checklistResponses)
        .values({ organizationId, itemNumber })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(checklistResponses)
        .where(and(inOrg, eq(checklistResponses.itemNumber, itemNumber)))
        .for('update');
      if (!row) throw new Error('checklist response vanished inside its transaction');
      return row;
    },

    async lockAllResponses(): Promise<ResponseRow[]> {
      return db.select().from(checklistResponses).where(inOrg).for('update');
    },

    async saveResponse(
      itemNumber: string,
      values: ResponseValues,
      revision: number,
      actorId: string,
    ) {
      const [row] = await db
        .update(checklistResponses)
        .set({ ...values, revision, updatedBy: actorId, updatedAt: new Date() })
        .where(and(inOrg, eq(checklistResponses.itemNumber, itemNumber)))
        .returning();
      return row;
    },

    async evidence(itemNumber?: string) {
      const rows = await db
        .select({
          itemNumber: checklistEvidence.itemNumber,
          documentId: checklistEvidence.documentId,
          linkedAt: checklistEvidence.linkedAt,
          name: documents.originalName,
          mimeType: documents.mimeType,
          status: documents.status,
          id: linker.id,
          first: linker.firstName,
          last: linker.lastName,
          email: linker.email,
        })
        .from(checklistEvidence)
        .innerJoin(documents, eq(documents.id, checklistEvidence.documentId))
        .leftJoin(linker, eq(linker.id, checklistEvidence.linkedBy))
        .where(
          itemNumber
            ? and(evidenceInOrg, eq(checklistEvidence.itemNumber, itemNumber))
            : evidenceInOrg,
        )
        .orderBy(asc(checklistEvidence.linkedAt));
      return rows.map((r) => ({
        itemNumber: r.itemNumber,
        documentId: r.documentId,
        name: r.name,
        mimeType: r.mimeType,
        status: r.status,
        linkedAt: r.linkedAt.toISOString(),
        linkedBy: person(r),
      }));
    },

    async findDocument(documentId: string) {
      const [row] = await db
        .select({ id: documents.id, name: documents.originalName })
        .from(documents)
        .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
      return row;
    },

    /** True when the link is new; false when the document was already attached. */
    async link(itemNumber: string, documentId: string, actorId: string): Promise<boolean> {
      const rows = await db
        .insert(checklistEvidence)
        .values({ organizationId, itemNumber, documentId, linkedBy: actorId })
        .onConflictDoNothing()
        .returning({ id: checklistEvidence.id });
      return rows.length > 0;
    },

    async unlink(itemNumber: string, documentId: string): Promise<boolean> {
      const rows = await db
        .delete(checklistEvidence)
        .where(
          and(
            evidenceInOrg,
            eq(checklistEvidence.itemNumber, itemNumber),
            eq(checklistEvidence.documentId, documentId),
          ),
        )
        .returning({ id: checklistEvidence.id });
      return rows.length > 0;
    },

    async addHistory(
      entries: {
        itemNumber: string;
        actorId: string;
        source: 'edit' | 'import';
        revision: number;
        changes: ChecklistChange[];
      }[],
    ) {
      if (entries.length === 0) return;
      // The statement clock, not the transaction's: entries of one transaction keep their order.
      const createdAt = new Date();
      await db
        .insert(checklistHistory)
        .values(entries.map((e) => ({ ...e, organizationId, createdAt })));
    },

    async history(itemNumber: string) {
      const rows = await db
        .select({
          entry: checklistHistory,
          id: users.id,
          first: users.firstName,
          last: users.lastName,
          email: users.email,
        })
        .from(checklistHistory)
        .leftJoin(users, eq(users.id, checklistHistory.actorId))
        .where(
          and(
            eq(checklistHistory.organizationId, organizationId),
            eq(checklistHistory.itemNumber, itemNumber),
          ),
        )
        .orderBy(desc(checklistHistory.createdAt), desc(checklistHistory.revision));
      return rows.map((r) => ({ ...r.entry, actor: person(r) }));
    },
  };
}
