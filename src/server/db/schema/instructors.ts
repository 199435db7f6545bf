import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';
import { documents } from './documents';
import { trainingEvents } from './training-events';

/** Imported instructor spreadsheets, by content hash, so the same file cannot be imported twice. */
export const instructorImports = pgTable(
  'instructor_imports',
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
  (t) => [uniqueIndex('instructor_imports_org_file').on(t.organizationId, t.fileHash)],
);

/**
 * The 142.73(b) record of a designated instructor or evaluator, current version. Each version is
 * appended to the organization's ledger; `ledgerIndex` names the latest leaf.
 */
export const instructorFiles = pgTable(
  'instructor_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    role: text('role').notNull(),
    employedFrom: date('employed_from').notNull(),
    employedUntil: date('employed_until'),
    certificates: text('certificates'),
    notes: text('notes'),
    instructsInAircraft: boolean('instructs_in_aircraft').notNull().default(false),
    atpSimulator: boolean('atp_simulator').notNull().default(false),
    importId: uuid('import_id').references(() => instructorImports.id),
    version: integer('version').notNull().default(1),
    ledgerIndex: bigint('ledger_index', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instructor_files_org_name_idx').on(t.organizationId, t.name),
    index('instructor_files_org_user_idx').on(t.organizationId, t.userId),
  ],
);

/** A dated event that makes a person eligible or current, with its evidence. */
export const instructorQualifications = pgTable(
  'instructor_qualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => instructorFiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    completedAt: date('completed_at').notNull(),
    course: text('course'),
    device: text('device'),
    documentId: uuid('document_id').references(() => documents.id),
    trainingEventId: uuid('training_event_id').references(() => trainingEvents.id),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instructor_qualifications_file_idx').on(t.instructorId, t.completedAt)],
);

/** A written designation for a course (and device) under 142.47(b). */
export const instructorDesignations = pgTable(
  'instructor_designations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => instructorFiles.id, { onDelete: 'cascade' }),
    qualificationId: uuid('qualification_id')
      .notNull()
      .references(() => instructorQualifications.id, { onDelete: 'cascade' }),
    course: text('course').notNull(),
    device: text('device'),
    designatedAt: date('designated_at').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instructor_designations_file_idx').on(t.instructorId),
    index('instructor_designations_org_course_idx').on(t.organizationId, t.course),
  ],
);
