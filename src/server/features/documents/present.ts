import { DOCUMENT_TYPES, type DocumentType } from '@shared/api/audit';
import type { DocumentDetail, DocumentStatus, ExtractedDataItem } from '@shared/api/documents';
import { expectedFieldsOf } from './review';
import { FIELD_NAMES, type FieldName } from './reading/types';
import type { DocumentRow } from './repository';
import type { extractedFields } from '../../db/schema';

/** `awaiting`: processed with a field left to validate (documents just uploaded await nothing yet). */
export function toDocumentDetail(row: DocumentRow, awaiting = false): DocumentDetail {
  return {
    awaitingValidation: awaiting,
    id: row.id,
    originalName: row.originalName,
    filename: row.originalName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.blobHash,
    status: row.status as DocumentStatus,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    pageCount: row.pageCount,
    processedAt: row.processedAt?.toISOString() ?? null,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    uploadedBy: row.uploadedBy,
    metadata: row.metadata ?? null,
    source: row.source === 'generated' ? 'generated' : 'upload',
    reviewReasons: row.reviewReasons ?? [],
    documentKind: (DOCUMENT_TYPES as readonly string[]).includes(row.documentKind ?? '')
      ? (row.documentKind as DocumentType)
      : null,
    kindConfidence: row.kindConfidence,
    kindReason: row.kindReason,
    evidenceNote: row.evidenceNote ?? null,
    expectedFields: [...expectedFieldsOf(row.documentKind)],
  };
}

export interface FieldWithValidator {
  field: typeof extractedFields.$inferSelect;
  validatorFirst: string | null;
  validatorLast: string | null;
}

export function toExtractedItem({
  field,
  validatorFirst,
  validatorLast,
}: FieldWithValidator): ExtractedDataItem {
  return {
    id: field.id,
    // The processing job stores only the extractor's names; the response schema checks it.
    fieldName: field.fieldName as FieldName,
    extractedValue: field.extractedValue,
    confidenceScore: field.confidence,
    page: field.page,
    box: field.box ?? null,
    refinedBy: field.refinedBy ?? null,
    reviewNotes: field.reviewNotes ?? [],
    validatedValue: field.validatedValue,
    validatedBy: field.validatedBy,
    validatedByName:
      validatorFirst === null ? null : `${validatorFirst} ${validatorLast ?? ''}`.trim(),
    validatedAt: field.validatedAt?.toISOString() ?? null,
  };
}

const order = (name: string) => {
  const index = (FIELD_NAMES as readonly string[]).indexOf(name);
  return index === -1 ? FIELD_NAMES.length : index;
};

/** The form's order: the spec's fields first, in the order the validation panel shows them. */
export function byFieldOrder(a: ExtractedDataItem, b: ExtractedDataItem): number {
  return (
    order(a.fieldName) - order(b.fieldName) ||
    a.page - b.page ||
    b.confidenceScore - a.confidenceScore ||
    a.id.localeCompare(b.id)
  );
}
