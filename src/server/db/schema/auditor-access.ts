import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * Access an admin issued to an external auditor (an FAA inspector, a customer's auditor): an
 * Auditor account that reads only the records of `scope`, only until `expiresAt`, and only until
 * revoked. Each of its reads is written to the audit trail (`auditor_view`).
 */
export const auditorAccess = pgTable(
  'auditor_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The Auditor account the access belongs to: one access per account. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The records it may read: the organization's, or one course's, instructor's or trainee's. */
    scope: jsonb('scope').$type<{ kind: string; value?: string }>().notNull(),
    /** Why it was issued, as the admin wrote it (an inspection's reference). */
    purpose: text('purpose').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auditor_access_user_unique').on(t.userId),
    index('auditor_access_org_idx').on(t.organizationId, t.createdAt),
  ],
);
