import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Where and by whom a field capture was taken (the mobile upload's `metadata` part). */
export interface CaptureMetadata {
  location?: { lat: number; lng: number };
  timestamp?: string;
  inspector?: string;
  notes?: string;
}

export interface FieldBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * How an OCR page's image was made from its source (the upright image, or the PDF page rendered
 * at 300 DPI): resized to width × height, cut to `crop`, turned `rotate` degrees clockwise.
 */
export interface PageImageGeometry {
  width: number;
  height: number;
  crop?: { left: number; top: number; width: number; height: number };
  rotate: number;
}

export interface StoredTable {
  name: string;
  header: string[];
  rows: string[][];
  /**
   * Each row's number in the file, which the record import reports rows by. Tables stored before
   * it was kept have none; the import reads those documents' files again.
   */
  lines?: number[];
}

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    originalName: text('original_name').notNull(),
    /** The type sniffed from the bytes, never the one the browser claimed. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the bytes: the key of the blob store and the hash the ledger cites. */
    blobHash: text('blob_hash').notNull(),
    status: text('status').notNull().default('uploaded'),
    errorMessage: text('error_message'),
    /** Why the document waits for a person (status needs_review): unreadable text, fields missing. */
    reviewReasons: jsonb('review_reasons').$type<string[]>(),
    /** What the document is (training record, manual…), decided from its content when read. */
    documentKind: text('document_kind'),
    /** 0–1: how clearly the content points to that kind. */
    kindConfidence: real('kind_confidence'),
    /** The words or fields that decided the kind. */
    kindReason: text('kind_reason'),
    /**
     * Why the audit will not count the document as evidence of anything (a draft, a blank form,
     * an approval still pending) or only of advertising; null when it counts.
     */
    evidenceNote: text('evidence_note'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    metadata: jsonb('metadata').$type<CaptureMetadata>(),
    /** A field capture's id: the same capture uploaded again answers this document. */
    captureId: uuid('capture_id'),
    /** upload (a person sent the file) or generated (drafted by document generation). */
    source: text('source').notNull().default('upload'),
    pageCount: integer('page_count'),
    /** Processing runs started for this document, retries included. */
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    // Soft delete: audit entries and ledger leaves keep pointing at a row that still exists.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('documents_capture_unique')
      .on(t.organizationId, t.captureId)
      .where(sql`capture_id is not null`),
    index('documents_org_status_idx').on(t.organizationId, t.status),
  ],
);

export const documentPages = pgTable(
  'document_pages',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    /** text-layer, ocr, table or docx: how the text was obtained. */
    source: text('source').notNull(),
    /** Rows of a spreadsheet page, kept as a table for the column mapping. */
    tableData: jsonb('table_data').$type<StoredTable>(),
    /**
     * The size of the space the page's boxes (extracted_fields.box) are in: pixels of the image
     * OCR read, or PDF points of the page as displayed. Null for spreadsheets, DOCX and pages
     * read before it was kept.
     */
    boxWidth: real('box_width'),
    boxHeight: real('box_height'),
    /** Quarter turns clockwise OCR gave the page before reading it (0–3; 0 for text layers). */
    quarterTurns: integer('quarter_turns'),
    /** OCR pages: how the image read was made from the file (resized, cut to the paper, levelled). */
    imageGeometry: jsonb('image_geometry').$type<PageImageGeometry>(),
    // A tsvector holds at most 1 MB; the first 250,000 characters of a page stay well under it.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', left(text, 250000))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.page] }),
    index('document_pages_search_idx').using('gin', t.searchVector),
    index('document_pages_org_idx').on(t.organizationId),
  ],
);

export const extractedFields = pgTable(
  'extracted_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    extractedValue: text('extracted_value').notNull(),
    /** 0–1, calibrated by the extractor. */
    confidence: real('confidence').notNull(),
    page: integer('page').notNull(),
    box: jsonb('box').$type<FieldBox>(),
    /** The model whose reading replaced the extractor's value (optional refinement). */
    refinedBy: text('refined_by'),
    /** What a reviewer should know about the value (not a course on record, boilerplate nearby…). */
    reviewNotes: jsonb('review_notes').$type<string[]>(),
    validatedValue: text('validated_value'),
    validatedBy: uuid('validated_by').references(() => users.id),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('extracted_fields_document_idx').on(t.documentId),
    index('extracted_fields_org_validated_idx').on(t.organizationId, t.validatedAt),
  ],
);

/** A validation that changed an extracted value; the extractor learns from these per organization. */
export const extractionCorrections = pgTable(
  'extraction_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    documentId: uuid('document_id').references(() => documents.id),
    fieldId: uuid('field_id').references(() => extractedFields.id, { onDelete: 'set null' }),
    fieldName: text('field_name').notNull(),
    extractedValue: text('extracted_value').notNull(),
    validatedValue: text('validated_value').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('extraction_corrections_org_idx').on(t.organizationId, t.createdAt)],
);
