import {
  customType,
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

/** PostgreSQL's full-text document type; written and read only in SQL (`to_tsvector`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One passage of a help-centre article (its introduction, or one `##` section) in one language,
 * as the article files of `features/support/help/` hold it; rewritten from the files at every
 * start. `search` weighs the article's title and keywords above the passage's heading, and the
 * heading above its text.
 */
export const helpPassages = pgTable(
  'help_passages',
  {
    articleId: text('article_id').notNull(),
    language: text('language').notNull(),
    position: integer('position').notNull(),
    section: text('section').notNull(),
    title: text('title').notNull(),
    heading: text('heading').notNull(),
    anchor: text('anchor').notNull(),
    body: text('body').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language, t.position] }),
    index('help_passages_search_idx').using('gin', t.search),
  ],
);

/** A conversation of one user with the support chat. */
export const supportSessions = pgTable(
  'support_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question, shortened: what the user sees in their list of past conversations. */
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_sessions_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * A message of a conversation: the user's, the assistant's (`bot`, with the intent it recognised
 * and the help-centre passages it quoted) or a person's answering the conversation's ticket
 * (`agent`, with its author).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => supportSessions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** user, bot or agent. */
    author: text('author').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    intent: text('intent'),
    options: jsonb('options').$type<{ text: string; action: string }[]>().notNull().default([]),
    sources: jsonb('sources')
      .$type<{ articleId: string; title: string; url: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_session_idx').on(t.sessionId, t.createdAt)],
);

/**
 * A request for a person, made from a conversation: the organization's admins answer it, and
 * their replies are messages of that conversation. `firstResponseAt` is when an admin first
 * replied, the figure the Support Center reports.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** A short number within the organization, as people quote it. */
    number: integer('number').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => supportSessions.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** open (waiting for an admin), waiting (for the requester) or resolved. */
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_tickets_number_unique').on(t.organizationId, t.number),
    index('support_tickets_org_idx').on(t.organizationId, t.status, t.updatedAt),
    index('support_tickets_session_idx').on(t.sessionId),
  ],
);

/** Where the organization's own people can be reached for help; nothing is shown until set. */
export const supportContacts = pgTable('support_contacts', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  email: text('email'),
  phone: text('phone'),
  hours: text('hours'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
