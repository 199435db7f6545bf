import { z } from 'zod';
import { trainingEventSummary } from './records';

/**
 * The dashboard's server-computed views beyond the four figures (see records.ts for
 * `dashboardStats`): compliance alerts and the analytics aggregates, each over ALL of the
 * organization's records the caller may see, never a client-side sample.
 */

/** True for an IANA time zone name this runtime knows (e.g. "Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The caller's time zone: it decides which calendar day is "today" and how days are counted. */
export const dashboardQuery = z.object({
  tz: z
    .string()
    .refine(isTimeZone, 'Use an IANA time zone name such as Europe/Paris')
    .default('UTC'),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

export const COMPLIANCE_ALERT_IDS = ['failed-awaiting-recheck', 'pending-overdue'] as const;
export type ComplianceAlertId = (typeof COMPLIANCE_ALERT_IDS)[number];

/** Events listed with an alert at most; `count` says how many there are in all. */
export const ALERT_SAMPLE_SIZE = 5;

export const complianceAlert = z.object({
  id: z.enum(COMPLIANCE_ALERT_IDS),
  severity: z.enum(['high', 'medium']),
  /** How many events the alert concerns. */
  count: z.number().int(),
  /** The longest-waiting of them (oldest event date first), at most ALERT_SAMPLE_SIZE. */
  events: z.array(trainingEventSummary),
  /** The Compliance Records view that lists these events. */
  link: z.string(),
});
export type ComplianceAlert = z.infer<typeof complianceAlert>;

export const complianceAlerts = z.object({
  /** The calendar day the alerts were computed for, in the caller's time zone. */
  today: z.string(),
  alerts: z.array(complianceAlert),
});
export type ComplianceAlerts = z.infer<typeof complianceAlerts>;

export const keyCount = z.object({ key: z.string(), count: z.number().int() });
export type KeyCount = z.infer<typeof keyCount>;

export const dayCount = z.object({ day: z.string(), count: z.number().int() });
export type DayCountRow = z.infer<typeof dayCount>;

/** Days of audit activity the analytics cover, today included. */
export const ACTIVITY_DAYS = 14;

export const dashboardAnalytics = z.object({
  /** Training events the caller may see (a Viewer: those assigned to them). */
  trainingEvents: z.object({
    total: z.number().int(),
    byStatus: z.array(keyCount),
    /** By event type as written (trimmed), most frequent first. */
    byType: z.array(keyCount),
  }),
  /** Null for roles that may not read every record (Viewer). */
  documents: z.object({ total: z.number().int(), byStatus: z.array(keyCount) }).nullable(),
  /** Audit entries per calendar day (caller's time zone), oldest first; null for a Viewer. */
  activity: z.object({ total: z.number().int(), days: z.array(dayCount) }).nullable(),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;
