import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * A run of link checks (Refresh Status, or the schedule): which links, how many are done, so the
 * screen can show progress while a worker (possibly another process) checks them.
 */
export const linkCheckRuns = pgTable(
  'link_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    linkIds: uuid('link_ids').array().notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    message: text('message'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('link_check_runs_org_created').on(t.organizationId, t.createdAt)],
);

/** Per organization: when the starter set was added, so deleting every link does not bring it back. */
export const linkMonitorState = pgTable('link_monitor_state', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  starterLinksAddedAt: timestamp('starter_links_added_at', { withTimezone: true })
    .notNull()
    .defaultNow(),
});
