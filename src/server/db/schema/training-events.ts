import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';
import { documents } from './documents';

/** Imported files, by content hash, so the same file cannot be imported twice. */
export const trainingEventImports = pgTable(
  'training_event_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_event_imports_org_file').on(t.organizationId, t.fileHash)],
);

/**
 * The 14 CFR 142.73 training record, current version. Every version is a leaf of the
 * organization's ledger; `blockchainHash` and `ledgerIndex` name the latest one (null only for a
 * row that never reached the ledger, which the verification reports).
 */
export const trainingEvents = pgTable(
  'training_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentName: text('student_name').notNull(),
    licenseNumber: text('license_number'),
    course: text('course'),
    eventType: text('event_type').notNull(),
    eventDate: date('event_date').notNull(),
    status: text('status').notNull(),
    result: text('result'),
    instructor: text('instructor'),
    evaluator: text('evaluator'),
    remarks: text('remarks'),
    sourceDocumentId: uuid('source_document_id').references(() => documents.id),
    importId: uuid('import_id').references(() => trainingEventImports.id),
    version: integer('version').notNull().default(1),
    ledgerIndex: bigint('ledger_index', { mode: 'number' }),
    blockchainHash: text('blockchain_hash'),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Keys the database keeps for matching one trainee's events (alerts, re-checks): trimmed and
    // lower-cased, so the comparisons are plain equalities an index answers.
    traineeLicenseKey: text('trainee_license_key').generatedAlwaysAs(
      sql`nullif(lower(trim(license_number)), '')`,
    ),
    traineeNameKey: text('trainee_name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(trim(student_name))`),
    eventTypeKey: text('event_type_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(trim(event_type))`),
  },
  (t) => [
    // The records list's order, whole and by status: a page reads its rows from the index in order.
    index('training_events_org_list_idx').on(
      t.organizationId,
      t.eventDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('training_events_org_status_list_idx').on(
      t.organizationId,
      t.status,
      t.eventDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's tallies and the analytics' counts read only these columns.
    index('training_events_org_figures_idx').on(
      t.organizationId,
      t.eventDate,
      t.status,
      t.createdAt,
      t.updatedAt,
    ),
    index('training_events_org_type_idx').on(t.organizationId, t.eventType),
    // The records search (a substring of the name, licence number or course): trigrams.
    index('training_events_search_idx').using(
      'gin',
      t.studentName.op('gin_trgm_ops'),
      t.licenseNumber.op('gin_trgm_ops'),
      t.course.op('gin_trgm_ops'),
    ),
    // A failed check is answered by a later completed event of the same type for the same
    // trainee, found by licence number or by name.
    index('training_events_recheck_license_idx')
      .on(t.organizationId, t.eventTypeKey, t.traineeLicenseKey, t.eventDate)
      .where(sql`status = 'completed'`),
    index('training_events_recheck_name_idx')
      .on(t.organizationId, t.eventTypeKey, t.traineeNameKey, t.eventDate)
      .where(sql`status = 'completed'`),
    // The ledger verification reads rows in leaf order, a chunk of leaf indices at a time.
    index('training_events_org_ledger_idx').on(t.organizationId, t.ledgerIndex),
    // The document page lists the records made from it.
    index('training_events_source_document_idx').on(t.sourceDocumentId),
  ],
);

/** Viewers see only the events assigned to them (DESIGN.md §4). */
export const trainingEventAssignments = pgTable(
  'training_event_assignments',
  {
    trainingEventId: uuid('training_event_id')
      .notNull()
      .references(() => trainingEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    assignedBy: uuid('assigned_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingEventId, t.userId] }),
    index('training_event_assignments_user_idx').on(t.userId),
  ],
);

/** A training event as the services handle it: the row without the keys the database derives. */
export type TrainingEventRecord = Omit<
  typeof trainingEvents.$inferSelect,
  'traineeLicenseKey' | 'traineeNameKey' | 'eventTypeKey'
>;
