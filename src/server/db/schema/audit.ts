import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/** The figures of a finished run (spec §3, compliance analysis response `summary`, extended). */
export interface AuditRunSummary {
  compliant: number;
  partial: number;
  nonCompliant: number;
  insufficientData: number;
  criticalIssues: number;
  highRiskIssues: number;
}

/**
 * One run of the AI audit compliance assistant. At most one run per organization is queued or
 * running at a time (partial unique index): a second request joins it. `phase` and `percent`
 * are the progress the screen shows while the job works.
 */
export const auditRuns = pgTable(
  'audit_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    startedBy: uuid('started_by').references(() => users.id),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('queued'),
    phase: text('phase').notNull().default('Queued'),
    percent: integer('percent').notNull().default(0),
    /** `built-in`, the model's name, or why the model was not used. */
    reasoner: text('reasoner'),
    catalogueVersion: integer('catalogue_version'),
    checklistItems: integer('checklist_items'),
    documentCount: integer('document_count'),
    summary: jsonb('summary').$type<AuditRunSummary>(),
    complianceReport: text('compliance_report'),
    /** Milliseconds per phase, for the benchmark and for support. */
    timings: jsonb('timings').$type<Record<string, number>>(),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_runs_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('audit_runs_one_active_per_org')
      .on(t.organizationId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/** The analysis of one checklist item in one run. */
export const auditRunItems = pgTable(
  'audit_run_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => auditRuns.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    itemNumber: text('item_number').notNull(),
    position: integer('position').notNull(),
    complianceStatus: text('compliance_status').notNull(),
    riskLevel: text('risk_level').notNull(),
    confidence: real('confidence').notNull(),
    /** The whole analysis as the API returns it. */
    analysis: jsonb('analysis').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.itemNumber] })],
);
