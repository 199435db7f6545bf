import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';
import { documents } from './documents';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * One smart audit (gap analysis plus document generation). The screen polls `phase` and
 * `progress` while it runs; `result` holds the response once it completed.
 */
export const generationRuns = pgTable(
  'generation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    startedBy: uuid('started_by').references(() => users.id),
    /** running, completed or failed. */
    status: text('status').notNull().default('running'),
    phase: text('phase').notNull(),
    /** 0–100, computed from the steps done out of the steps planned. */
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    errorMessage: text('error_message'),
    createdAt: at('created_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('generation_runs_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A document drafted from a template (and, when configured, a model) for one gap. Its bytes are
 * an ordinary document of the organization (`document_id`, source `generated`); this row keeps
 * what the draft is for and whether an admin approved it.
 */
export const generatedDocuments = pgTable(
  'generated_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    runId: uuid('run_id').references(() => generationRuns.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    /** The gap's type code, e.g. RECORDS_RETENTION_PROCEDURE. */
    documentType: text('document_type').notNull(),
    title: text('title').notNull(),
    /** The text file's name (`filename` of the smart audit response). */
    filename: text('filename').notNull(),
    content: text('content').notNull(),
    /** Title, sections and tables as drafted: the PDF is rendered from it on download. */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** Hex SHA-256 of `content`: a re-run with the same text keeps the existing draft. */
    contentHash: text('content_hash').notNull(),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    modelName: text('model_name'),
    regulatoryBasis: jsonb('regulatory_basis').$type<string[]>().notNull(),
    checklistItems: jsonb('checklist_items').$type<string[]>().notNull(),
    /** draft, approved or superseded (a later run drafted it again). */
    status: text('status').notNull().default('draft'),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: at('created_at'),
  },
  (t) => [
    index('generated_documents_org_type_idx').on(t.organizationId, t.documentType),
    uniqueIndex('generated_documents_document_unique').on(t.documentId),
  ],
);
