import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';
import { documents } from './documents';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Each catalogue version loaded at start; `content_hash` tells whether its items changed. */
export const checklistCatalogues = pgTable('checklist_catalogues', {
  version: integer('version').primaryKey(),
  label: text('label').notNull(),
  itemCount: integer('item_count').notNull(),
  contentHash: text('content_hash').notNull(),
  loadedAt: at('loaded_at'),
});

/** The questions of each catalogue version, keyed by version and item number. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    catalogueVersion: integer('catalogue_version')
      .notNull()
      .references(() => checklistCatalogues.version, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    areaId: text('area_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    reference: text('reference').notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogueVersion, t.number] })],
);

/**
 * An organization's answer to one item. Keyed by item number, not catalogue version, so a new
 * catalogue version keeps the answers of every number it still has. `revision` grows by one on
 * each change and is the optimistic-concurrency token clients send back.
 */
export const checklistResponses = pgTable(
  'checklist_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    itemNumber: text('item_number').notNull(),
    status: text('status').notNull().default('pending'),
    comments: text('comments').notNull().default(''),
    findings: text('findings').notNull().default(''),
    revision: integer('revision').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: at('updated_at'),
  },
  (t) => [uniqueIndex('checklist_responses_org_item_unique').on(t.organizationId, t.itemNumber)],
);

/** Documents of the organization linked to an item as evidence. */
export const checklistEvidence = pgTable(
  'checklist_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    itemNumber: text('item_number').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by').references(() => users.id),
    linkedAt: at('linked_at'),
  },
  (t) => [
    uniqueIndex('checklist_evidence_unique').on(t.organizationId, t.itemNumber, t.documentId),
  ],
);

export interface ChecklistChange {
  field: 'status' | 'comments' | 'findings' | 'evidence';
  from: string | null;
  to: string | null;
}

/** Every change to a response or its evidence: who, when, how (edit, import) and what. */
export const checklistHistory = pgTable(
  'checklist_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    itemNumber: text('item_number').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    source: text('source').notNull(),
    revision: integer('revision').notNull(),
    changes: jsonb('changes').$type<ChecklistChange[]>().notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('checklist_history_org_item_idx').on(t.organizationId, t.itemNumber, t.createdAt)],
);
