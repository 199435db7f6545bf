import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * A requested report (Summary, Detailed or Audit as PDF or Excel) and, once its job finished,
 * the stored file: `sha256` is the blob's key in the blob store, and `manifest` what a reader
 * checks the file against (its hash and the signed checkpoint it was computed against).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** summary, detailed or audit. */
    type: text('type').notNull(),
    /** pdf or xlsx. */
    format: text('format').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    scope: jsonb('scope').$type<{ kind: string; value?: string }>().notNull(),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    sha256: text('sha256'),
    sizeBytes: integer('size_bytes'),
    treeSize: integer('tree_size'),
    manifest: jsonb('manifest').$type<Record<string, unknown>>(),
    /** The schedule that made it, whose recipients are told when it is ready. */
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => reportSchedules.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('reports_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A report an admin has set to be generated every week (the seven days before) or every month
 * (the calendar month before), computed as its creator sees the data and announced to its
 * recipients when ready.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    format: text('format').notNull(),
    /** weekly or monthly. */
    frequency: text('frequency').notNull(),
    scope: jsonb('scope').$type<{ kind: string; value?: string }>().notNull(),
    recipientIds: jsonb('recipient_ids').$type<string[]>().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_schedules_due_idx').on(t.nextRunAt)],
);
