import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AddFieldRequest, DocumentStatus, ReviewDocumentRequest } from '@shared/api/documents';
import { EXTRACTED_FIELD_LABELS } from '@shared/api/fields';
import type { Database, Transaction } from '../../db/client';
import { documents, extractedFields, extractionCorrections, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { toDocumentDetail, toExtractedItem } from './present';
import { documentsOf, type DocumentRow } from './repository';
import { missingEssentials } from './review';

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
    assertReviewable(document);
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

    const documentStatus = await settleDocument(tx, actor, document, value);
    return {
      ...toExtractedItem({ field: updated!, ...(await validatorName(tx, actor.userId)) }),
      documentStatus,
    };
  });
}

const REVIEWABLE = new Set<string>(['processed', 'needs_review', 'validated']);

function assertReviewable(document: DocumentRow) {
  if (!REVIEWABLE.has(document.status)) {
    throw conflict('This document is being processed; validate its fields when it has finished');
  }
}

/**
 * After a person confirmed or entered a value: the document is `validated` once every field is
 * confirmed and, for one that needed review, none of its kind's essential fields is missing.
 * The audit log records the validation with the confirmed values.
 */
async function settleDocument(
  tx: Transaction,
  actor: Actor,
  document: DocumentRow,
  lastValue: string,
): Promise<DocumentStatus> {
  if (document.status !== 'processed' && document.status !== 'needs_review') {
    return document.status as DocumentStatus;
  }
  const fields = await tx
    .select()
    .from(extractedFields)
    .where(eq(extractedFields.documentId, document.id));
  const allConfirmed = fields.length > 0 && fields.every((f) => f.validatedAt !== null);
  const complete =
    document.status === 'processed' ||
    missingEssentials(
      document.documentKind,
      fields.map((f) => f.fieldName),
    ).length === 0;
  if (!allConfirmed || !complete) return document.status as DocumentStatus;
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
      validatedValue: lastValue,
      ...(typeof confirmed.studentName === 'string' ? { studentName: confirmed.studentName } : {}),
      fields: confirmed,
    },
  });
  return 'validated';
}

async function validatorName(tx: Transaction, userId: string) {
  const [validator] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return {
    validatorFirst: validator?.firstName ?? null,
    validatorLast: validator?.lastName ?? null,
  };
}

/**
 * A value a reviewer read off the original for an expected field the reader did not find. It is
 * stored as a field confirmed by that person (confidence 0: no reader produced it), and counts
 * toward the document's validation like any other.
 */
export async function addExtractedField(
  db: Database,
  actor: Actor,
  documentId: string,
  input: AddFieldRequest,
) {
  return db.transaction(async (tx) => {
    const document = await documentsOf(tx, actor.organizationId).find(documentId, { lock: true });
    if (!document) throw notFound('Document');
    assertReviewable(document);
    if (document.status === 'validated') {
      throw conflict('This document is already validated; its values can no longer be added to');
    }
    const [existing] = await tx
      .select({ id: extractedFields.id })
      .from(extractedFields)
      .where(
        and(
          eq(extractedFields.documentId, document.id),
          eq(extractedFields.fieldName, input.fieldName),
        ),
      );
    if (existing) {
      throw conflict(
        `${EXTRACTED_FIELD_LABELS[input.fieldName]} was already read from this document; validate that value instead`,
      );
    }
    const [field] = await tx
      .insert(extractedFields)
      .values({
        organizationId: actor.organizationId,
        documentId: document.id,
        fieldName: input.fieldName,
        extractedValue: '',
        confidence: 0,
        page: 1,
        reviewNotes: ['Entered by a reviewer from the original; no reader found it.'],
        validatedValue: input.value,
        validatedBy: actor.userId,
        validatedAt: sql`now()`,
      })
      .returning();
    const documentStatus = await settleDocument(tx, actor, document, input.value);
    return {
      ...toExtractedItem({ field: field!, ...(await validatorName(tx, actor.userId)) }),
      documentStatus,
    };
  });
}

/**
 * A person looked at a document that needed review and settles it with a note: it leaves
 * needs_review (validated when every field is confirmed, processed otherwise, so unconfirmed
 * fields stay in the queue), and the audit log keeps the reasons and the note.
 */
export async function markDocumentReviewed(
  db: Database,
  actor: Actor,
  documentId: string,
  input: ReviewDocumentRequest,
) {
  return db.transaction(async (tx) => {
    const document = await documentsOf(tx, actor.organizationId).find(documentId, { lock: true });
    if (!document) throw notFound('Document');
    if (document.status !== 'needs_review') {
      throw conflict('Only a document that needs review can be marked reviewed');
    }
    const fields = await tx
      .select({ validatedAt: extractedFields.validatedAt })
      .from(extractedFields)
      .where(eq(extractedFields.documentId, document.id));
    const allConfirmed = fields.length > 0 && fields.every((f) => f.validatedAt !== null);
    await tx
      .update(documents)
      .set(
        allConfirmed ? { status: 'validated', validatedAt: sql`now()` } : { status: 'processed' },
      )
      .where(eq(documents.id, document.id));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'review_document',
      details: {
        filename: document.originalName,
        documentId: document.id,
        reasons: document.reviewReasons ?? [],
        note: input.note,
      },
    });
    const repository = documentsOf(tx, actor.organizationId);
    const row = await repository.find(document.id);
    return toDocumentDetail(row!, await repository.awaiting(document.id));
  });
}
