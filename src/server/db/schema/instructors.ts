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

/**
 * A warning written to a training record when it names an instructor or evaluator whose file is
 * not current on the event's date, or who is not designated for its course (142.47(b)). Kept per
 * record version it was raised on; never edited. Each one is also an audit entry (ledgered).
 */
export const trainingEventWarnings = pgTable(
  'training_event_warnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    trainingEventId: uuid('training_event_id')
      .notNull()
      .references(() => trainingEvents.id, { onDelete: 'cascade' }),
    /** The record version the warning was raised on. */
    version: integer('version').notNull(),
    /** `instructor` or `evaluator`: the field of the record that names the person. */
    role: text('role').notNull(),
    person: text('person').notNull(),
    /** Null when no file exists for the name the record gives. */
    instructorFileId: uuid('instructor_file_id').references(() => instructorFiles.id, {
      onDelete: 'set null',
    }),
    /** `overdue`, `not_eligible`, `due_soon`... or `no_file`, `not_designated`. */
    kind: text('kind').notNull(),
    paragraph: text('paragraph').notNull(),
    message: text('message').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_event_warnings_event_idx').on(t.trainingEventId, t.version)],
);
