import { z } from 'zod';

/*
 * Regulatory Compliance Monitor and Regulatory Alerts (spec product-regulatory-admin.md §2, §3, §7).
 * Every figure here is computed from stored data: fetched versions of the regulation text, the
 * changes between them, the organization's checklist answers and its training records.
 */

export const COMPLIANCE_LEVELS = ['compliant', 'warning', 'non-compliant', 'unknown'] as const;
export type ComplianceLevel = (typeof COMPLIANCE_LEVELS)[number];

export const CHANGE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export const ALERT_TYPES = ['checklist-update', 'compliance-deadline'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export const PARAGRAPH_CHANGE_KINDS = ['added', 'removed', 'reworded'] as const;
export const FETCH_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** The source id of the built-in regulation (14 CFR Part 142 from the eCFR versioner). */
export const PART_142_SOURCE = 'ecfr:title-14:part-142';

// ---------------------------------------------------------------- fetch runs

export const fetchRun = z.object({
  id: z.string(),
  source: z.string(),
  status: z.enum(FETCH_RUN_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** What is happening or, when it failed, why (stored data is then untouched). */
  message: z.string().nullable(),
  versionsStored: z.number().int(),
  changesFound: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type FetchRun = z.infer<typeof fetchRun>;

/** POST /api/regulatory/refresh → 202. */
export const refreshResponse = z.object({ run: fetchRun });
/** GET /api/regulatory/runs/latest: null before any fetch. */
export const latestRunResponse = z.object({ run: fetchRun.nullable() });

// ---------------------------------------------------------------- compliance report

/** Whether the regulation source answered at the last attempt. */
export const sourceStatus = z.object({
  /** `never-fetched` until a first successful fetch; `unreachable` when the last attempt failed. */
  state: z.enum(['ok', 'never-fetched', 'unreachable']),
  message: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastReachedAt: z.string().nullable(),
});
export type SourceStatus = z.infer<typeof sourceStatus>;

export const pendingChange = z.object({
  /** The regulation change id (GET /api/regulatory/changes/:id). */
  id: z.string(),
  priority: z.enum(CHANGE_PRIORITIES),
  description: z.string(),
  /** e.g. `142.53`. */
  section: z.string(),
  /** Paragraph ids as cited, e.g. `(a)(2)`. */
  paragraphs: z.array(z.string()),
  checklistItems: z.array(z.string()),
  effectiveDate: z.string(),
});
export type PendingChange = z.infer<typeof pendingChange>;

export const requiredAction = z.object({
  /** e.g. "Re-review checklist item 5-07 against the amended 142.53(a)(2)". */
  text: z.string(),
  checklistItem: z.string().nullable(),
  /** A link inside the app (the checklist item, or the change). */
  href: z.string(),
});
export type RequiredAction = z.infer<typeof requiredAction>;

export const regulationEntry = z.object({
  id: z.string(),
  country: z.string(),
  regulation: z.string(),
  /** The date of the newest stored version, or null before the first fetch. */
  currentVersion: z.string().nullable(),
  complianceLevel: z.enum(COMPLIANCE_LEVELS),
  /** Which rule gave the level, in words. */
  levelReason: z.string(),
  lastChecked: z.string().nullable(),
  nextReviewDate: z.string().nullable(),
  pendingChanges: z.array(pendingChange),
  requiredActions: z.array(requiredAction),
  actionDeadline: z.string().nullable(),
});
export type RegulationEntry = z.infer<typeof regulationEntry>;

export const complianceReportQuery = z.object({
  /** A country from `countries`, or absent / `all` for every country. */
  country: z.string().max(100).optional(),
});

export const complianceReport = z.object({
  overallStatus: z.enum(COMPLIANCE_LEVELS),
  /** When the report's data last changed (the newest successful fetch), null before any. */
  lastUpdated: z.string().nullable(),
  /** When the source last answered. */
  lastReached: z.string().nullable(),
  sourceStatus,
  recommendations: z.array(z.string()),
  regulations: z.array(regulationEntry),
  /** The countries found in the data (for the filter), sorted. */
  countries: z.array(z.string()),
});
export type ComplianceReport = z.infer<typeof complianceReport>;

// ---------------------------------------------------------------- changes

export const diffPart = z.object({
  value: z.string(),
  added: z.boolean().optional(),
  removed: z.boolean().optional(),
});
export type DiffPart = z.infer<typeof diffPart>;

export const paragraphDiff = z.object({
  /** As cited, e.g. `(a)(2)`. */
  id: z.string(),
  kind: z.enum(PARAGRAPH_CHANGE_KINDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Word-level diff of before → after. */
  parts: z.array(diffPart),
});
export type ParagraphDiff = z.infer<typeof paragraphDiff>;

export const changeSummary = z.object({
  id: z.string(),
  source: z.string(),
  section: z.string(),
  sectionName: z.string(),
  effectiveDate: z.string(),
  /** The version the change compares against, null for a section seen for the first time. */
  fromVersionDate: z.string().nullable(),
  toVersionDate: z.string(),
  paragraphs: z.array(z.object({ id: z.string(), kind: z.enum(PARAGRAPH_CHANGE_KINDS) })),
  checklistItems: z.array(z.string()),
  /** Found while storing the first baseline (past amendments), not news after it. */
  historical: z.boolean(),
  detectedAt: z.string(),
});
export type ChangeSummary = z.infer<typeof changeSummary>;

export const changesQuery = z.object({
  /** `true`: only past amendments from the baseline; `false`: only news; absent: both. */
  historical: z.enum(['true', 'false']).optional(),
  section: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const changesResponse = z.object({ changes: z.array(changeSummary) });

export const mappedChecklistItem = z.object({
  number: z.string(),
  description: z.string(),
  reference: z.string(),
  /** The paragraph(s) of the change the item's reference cites. */
  citedParagraphs: z.array(z.string()),
  /** The organization's answer, or null when it has not answered the item. */
  status: z.string().nullable(),
  answeredAt: z.string().nullable(),
  href: z.string(),
});

export const citingDocument = z.object({
  id: z.string(),
  title: z.string(),
  citation: z.string(),
  href: z.string(),
});

export const changeIdParams = z.object({ id: z.uuid() });
export const changeDetail = changeSummary.extend({
  paragraphDiffs: z.array(paragraphDiff),
  mappedItems: z.array(mappedChecklistItem),
  /** Generated documents that cite the section (empty when none store citations). */
  documents: z.array(citingDocument),
});
export type ChangeDetail = z.infer<typeof changeDetail>;

// ---------------------------------------------------------------- alerts

export const regulatoryAlert = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  /** What raised it: `regulation-change`, `catalogue`, `record-retention`, `practical-test`. */
  source: z.string(),
  /** The paragraph cited, e.g. `14 CFR 142.73(c)(1)`. */
  regulation: z.string().nullable(),
  checklistItems: z.array(z.string()),
  recordIds: z.array(z.string()),
  actionItems: z.array(z.string()),
  changeId: z.string().nullable(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type RegulatoryAlert = z.infer<typeof regulatoryAlert>;

export const alertsQuery = z.object({
  /** `all` (default), `unacknowledged`, or `history` (acknowledged). */
  status: z.enum(['all', 'unacknowledged', 'history']).default('all'),
  type: z.enum(ALERT_TYPES).optional(),
});

export const alertCounts = z.object({
  unacknowledged: z.number().int(),
  /** Unacknowledged checklist-update alerts. */
  checklistUpdates: z.number().int(),
  /** Unacknowledged compliance-deadline alerts. */
  complianceDeadlines: z.number().int(),
  total: z.number().int(),
  acknowledged: z.number().int(),
});
export type AlertCounts = z.infer<typeof alertCounts>;

export const alertsResponse = z.object({
  alerts: z.array(regulatoryAlert),
  counts: alertCounts,
});
export type AlertsResponse = z.infer<typeof alertsResponse>;

/** GET /api/regulatory/alerts/count: the sidebar badge. */
export const alertCountResponse = z.object({ unacknowledged: z.number().int() });

export const alertIdParams = z.object({ id: z.uuid() });
export const acknowledgeResponse = z.object({ alert: regulatoryAlert });

export const alertsExportQuery = z.object({
  format: z.enum(['pdf', 'xlsx']),
  status: z.enum(['all', 'unacknowledged', 'history']).default('all'),
});

/** A further regulation the organization watches: its page is fetched by the Link Monitor. */
export const watchedSourceInput = z.object({
  country: z.string().trim().min(2, 'Enter the country').max(100),
  title: z.string().trim().min(2, 'Enter the regulation’s name').max(200),
  url: z
    .url({ protocol: /^https?$/, message: 'Enter a full http:// or https:// address' })
    .max(2000),
});
export type WatchedSourceInput = z.infer<typeof watchedSourceInput>;

export const watchedSource = z.object({
  id: z.string(),
  country: z.string(),
  title: z.string(),
  url: z.string(),
  /** The monitored link that fetches it; null when that link was deleted. */
  linkId: z.string().nullable(),
  linkStatus: z.enum(['pending', 'active', 'broken', 'redirected', 'changed']).nullable(),
  lastChecked: z.string().nullable(),
  createdAt: z.string(),
});
export type WatchedSource = z.infer<typeof watchedSource>;

export const watchedSourcesResponse = z.object({ sources: z.array(watchedSource) });
export const sourceIdParams = z.object({ id: z.uuid() });
