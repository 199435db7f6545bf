import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, extractedFields, extractionCorrections, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { toExtractedItem } from './present';
import { documentsOf } from './repository';

/**
 * Confirms (or corrects) one extracted field. A changed value is kept as a correction the
 * extractor learns from; when the last field of the document is confirmed, the document is
 * `validated` and the audit log records it.
 */
export async function validateExtractedField(
  db: Database,
  actor: Actor,
  fieldId: string,
  input: { validatedValue: string },
) {
  const value = input.validatedValue.trim();
  return db.transaction(async (tx) => {
    const [located] = await tx
      .select({ documentId: extractedFields.documentId })
      .from(extractedFields)
      .where(
        and(
          eq(extractedFields.id, fieldId),
          eq(extractedFields.organizationId, actor.organizationId),
        ),
      );
    // Lock the document first, so two validators finishing its last fields cannot both miss it.
    const document =
      located &&
      (await documentsOf(tx, actor.organizationId).find(located.documentId, { lock: true }));
    if (!document) throw notFound('Extracted data');
    if (document.status !== 'processed' && document.status !== 'validated') {
      throw conflict('This document is being processed; validate its fields when it has finished');
    }
    const [field] = await tx.select().from(extractedFields).where(eq(extractedFields.id, fieldId));
    if (!field) throw notFound('Extracted data');

    const [updated] = await tx
      .update(extractedFields)
      .set({ validatedValue: value, validatedBy: actor.userId, validatedAt: sql`now()` })
      .where(eq(extractedFields.id, fieldId))
      .returning();
    if (value !== field.extractedValue && value !== field.validatedValue) {
      await tx.insert(extractionCorrections).values({
        organizationId: actor.organizationId,
        documentId: document.id,
        fieldId,
        fieldName: field.fieldName,
        extractedValue: field.extractedValue,
        validatedValue: value,
        createdBy: actor.userId,
      });
    }

    let documentStatus = document.status;
    const fields = await tx
      .select()
      .from(extractedFields)
      .where(eq(extractedFields.documentId, document.id));
    if (document.status === 'processed' && fields.every((f) => f.validatedAt !== null)) {
      documentStatus = 'validated';
      await tx
        .update(documents)
        .set({ status: 'validated', validatedAt: sql`now()` })
        .where(and(eq(documents.id, document.id), isNull(documents.deletedAt)));
      const confirmed = Object.fromEntries(fields.map((f) => [f.fieldName, f.validatedValue]));
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'validate_data',
        details: {
          filename: document.originalName,
          documentId: document.id,
          validatedValue: value,
          ...(typeof confirmed.studentName === 'string'
            ? { studentName: confirmed.studentName }
            : {}),
          fields: confirmed,
        },
      });
    }

    const [validator] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actor.userId));
    return {
      ...toExtractedItem({
        field: updated!,
        validatorFirst: validator?.firstName ?? null,
        validatorLast: validator?.lastName ?? null,
      }),
      documentStatus: documentStatus as 'processed' | 'validated',
    };
  });
}
