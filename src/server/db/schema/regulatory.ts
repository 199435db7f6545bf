import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/*
 * Regulatory watch: versions of regulation text fetched from their source (the eCFR versioner for
 * 14 CFR Part 142), the changes between versions mapped to checklist items, alerts raised by
 * events and deadlines, and the links an organization monitors. Regulation text is the same for
 * every organization and is stored once; what it means for an organization (alerts, compliance
 * level, re-reviews) is computed or stored per organization.
 */

/** One paragraph of a section's text: its id as cited, e.g. `(a)(1)`, and its own words. */
export interface StoredParagraph {
  id: string;
  text: string;
}

/** A paragraph that differs between two versions of a section. */
export interface ParagraphChange {
  id: string;
  kind: 'added' | 'removed' | 'reworded';
  before: string | null;
  after: string | null;
}

/** A fetch of a regulation source (background job): progress, outcome and what it found. */
export const regulationFetchRuns = pgTable(
  'regulation_fetch_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. `ecfr:title-14:part-142`. */
    source: text('source').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    /** What is happening or, when it failed, why (the stored data is then untouched). */
    message: text('message'),
    versionsStored: integer('versions_stored').notNull().default(0),
    changesFound: integer('changes_found').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('regulation_fetch_runs_source_created').on(t.source, t.createdAt)],
);

/** A version of one section as the source published it, with its text split into paragraphs. */
export const regulationSectionVersions = pgTable(
  'regulation_section_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    /** e.g. `142.53`. */
    section: text('section').notNull(),
    /** The date this version took effect (the versioner's `date`). */
    versionDate: date('version_date').notNull(),
    amendmentDate: date('amendment_date'),
    issueDate: date('issue_date'),
    name: text('name').notNull(),
    substantive: boolean('substantive').notNull().default(true),
    removed: boolean('removed').notNull().default(false),
    /** The section's text, null when only the version list is known (no text fetched yet). */
    text: text('text'),
    paragraphs: jsonb('paragraphs').$type<StoredParagraph[]>(),
    /** SHA-256 of the text, hex. */
    textHash: text('text_hash'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regulation_section_versions_key').on(t.source, t.section, t.versionDate)],
);

/** A new version of a section, compared paragraph by paragraph with the one before it. */
export const regulationChanges = pgTable(
  'regulation_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    section: text('section').notNull(),
    fromVersionId: uuid('from_version_id').references(() => regulationSectionVersions.id),
    toVersionId: uuid('to_version_id')
      .notNull()
      .references(() => regulationSectionVersions.id),
    effectiveDate: date('effective_date').notNull(),
    paragraphs: jsonb('paragraphs').$type<ParagraphChange[]>().notNull(),
    /** Checklist item numbers whose references cite a changed paragraph (or the whole section). */
    checklistItems: text('checklist_items').array().notNull(),
    /** Found while storing the first baseline (history), not as news after it. */
    historical: boolean('historical').notNull().default(false),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regulation_changes_to_version').on(t.toVersionId),
    index('regulation_changes_source_effective').on(t.source, t.effectiveDate),
  ],
);

/**
 * Alerts are created by events (a regulation change touching answered items, a new checklist
 * catalogue version) and by deadlines computed from the organization's data; never typed in.
 * `dedupeKey` makes raising the same alert twice a no-op.
 */
export const regulatoryAlerts = pgTable(
  'regulatory_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type', { enum: ['checklist-update', 'compliance-deadline'] }).notNull(),
    severity: text('severity', { enum: ['critical', 'warning', 'info'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** What raised it: `regulation-change`, `catalogue`, `record-retention`, `practical-test`, … */
    source: text('source').notNull(),
    regulation: text('regulation'),
    checklistItems: text('checklist_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    recordIds: uuid('record_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    actionItems: text('action_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    changeId: uuid('change_id').references(() => regulationChanges.id),
    dueDate: date('due_date'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** When the organization's people were notified of this alert (once; null: not yet). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('regulatory_alerts_dedupe').on(t.organizationId, t.dedupeKey),
    index('regulatory_alerts_org_open')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);

/** Further regulations an organization watches (named sources fetched by the link monitor). */
export const regulationSources = pgTable('regulation_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  country: text('country').notNull(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  /** The monitored link that fetches it. */
  linkId: uuid('link_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id),
});

export const monitoredLinks = pgTable(
  'monitored_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    expectedKeyword: text('expected_keyword'),
    /** A regular expression; matching text is left out of the content compared between checks. */
    ignorePattern: text('ignore_pattern'),
    intervalMinutes: integer('interval_minutes').notNull().default(1440),
    /** pending until the first check; then active, broken, redirected or changed. */
    status: text('status', {
      enum: ['pending', 'active', 'broken', 'redirected', 'changed'],
    })
      .notNull()
      .default('pending'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    newUrl: text('new_url'),
    errorMessage: text('error_message'),
    responseMs: integer('response_ms'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
    /** SHA-256 of the readable text last seen, and that text (bounded), to diff the next one. */
    contentHash: text('content_hash'),
    contentText: text('content_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [uniqueIndex('monitored_links_org_url').on(t.organizationId, t.url)],
);

export const linkChecks = pgTable(
  'link_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => monitoredLinks.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['active', 'broken', 'redirected', 'changed'] }).notNull(),
    responseCode: integer('response_code'),
    /** Every hop: [{url, status}], the last one the final answer. */
    redirects: jsonb('redirects').$type<{ url: string; status: number }[]>().notNull(),
    responseMs: integer('response_ms'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
    contentHash: text('content_hash'),
    errorMessage: text('error_message'),
  },
  (t) => [index('link_checks_link_checked').on(t.linkId, t.checkedAt)],
);

export const linkAlerts = pgTable(
  'link_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    linkId: uuid('link_id')
      .notNull()
      .references(() => monitoredLinks.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alertType: text('alert_type', {
      enum: [
        'broken_link',
        'redirect_detected',
        'content_changed',
        'certificate_expiring',
        'keyword_missing',
      ],
    }).notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    message: text('message').notNull(),
    suggestedAction: text('suggested_action'),
    newUrl: text('new_url'),
    /** For content changes: a readable word diff of the page's text. */
    diff: text('diff'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
  },
  (t) => [
    // One open alert per link and kind: a link that stays broken does not pile up alerts.
    uniqueIndex('link_alerts_open')
      .on(t.linkId, t.alertType)
      .where(sql`${t.resolvedAt} is null`),
    index('link_alerts_org_detected').on(t.organizationId, t.detectedAt),
  ],
);
