import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

/**
 * Settings of the installation (not of one organization): the backup schedule today. One row per
 * key; the value's shape is the feature's own, checked where it is read.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Every backup taken: scheduled or asked for, where it went, and how it ended. */
export const backupRuns = pgTable('backup_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** schedule | manual */
  trigger: text('trigger').notNull(),
  /** running | completed | failed */
  status: text('status').notNull().default('running'),
  folder: text('folder').notNull(),
  /** The backup's own folder name inside `folder`. */
  name: text('name'),
  tables: integer('tables'),
  rows: bigint('rows', { mode: 'number' }),
  files: integer('files'),
  bytes: bigint('bytes', { mode: 'number' }),
  error: text('error'),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
