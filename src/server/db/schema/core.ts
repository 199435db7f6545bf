import { sql } from 'drizzle-orm';
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('trial'),
  /** When set, members without a second factor are led to enrol at their next sign-in. */
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  /**
   * AI confidence threshold in whole percent: a document with an extracted field read below it
   * waits for a person (status needs_review), and the validation form flags the field.
   */
  reviewThresholdPercent: integer('review_threshold_percent').notNull().default(85),
  /** Pages read of one document (PDF); a longer one is refused with the limit named. */
  maxPages: integer('max_pages').notNull().default(200),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    /** Null until the invited user chooses a password. */
    passwordHash: text('password_hash'),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    autoLogoutMinutes: integer('auto_logout_minutes').notNull().default(30),
    /**
     * Timezone, language, theme, date format and the notification switches, read through
     * `shared/api/preferences.ts` (an empty object means the defaults).
     */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** TOTP secret sealed with the server's auth key (AES-256-GCM); null when not enrolled. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** Set when the user confirmed enrolment with a code; the factor counts only from then. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** Consecutive wrong second-factor codes, and the lock they earned. */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    secondFactorLockedUntil: timestamp('second_factor_locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One account per e-mail across the whole installation: sign-in takes only an e-mail.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    uniqueIndex('users_invite_token_unique').on(t.inviteTokenHash),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque token held in the cookie; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** Last time the user proved who they are (password, code or passkey) in this session. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_org_created_idx').on(t.organizationId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** alert | validation | audit | invitation | escalation | system: which switch governs it. */
    kind: text('kind').notNull().default('system'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt)],
);
