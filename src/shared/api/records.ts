import { z } from 'zod';

// Document contracts live in ./documents; re-exported for the screens that read them from here.
export {
  DOCUMENT_STATUSES,
  documentList,
  documentSummary,
  type DocumentSummary,
} from './documents';

export const TRAINING_EVENT_STATUSES = ['completed', 'pending', 'failed'] as const;

export const trainingEventSummary = z.object({
  id: z.string(),
  studentName: z.string(),
  licenseNumber: z.string().nullable(),
  eventType: z.string(),
  eventDate: z.string(),
  status: z.string(),
  blockchainHash: z.string().nullable(),
});
export type TrainingEventSummary = z.infer<typeof trainingEventSummary>;
export const trainingEventList = z.array(trainingEventSummary);

/**
 * Dashboard figures. A figure that cannot be computed yet (nothing to divide by) is null, and
 * the screen says why instead of showing a number.
 */
/** Trends compare each figure with itself as it stood this many days ago. */
export const TREND_PERIOD_DAYS = 30;

/** A figure against itself `periodDays` ago, computed from stored data. */
export const statTrend = z.object({
  /** The figure as it stood then; null when it could not be computed then. */
  previous: z.number().nullable(),
  /** Now minus then (percentage points for rates); null when either side is null. */
  change: z.number().nullable(),
  periodDays: z.number().int(),
});
export type StatTrend = z.infer<typeof statTrend>;

export const dashboardStats = z.object({
  totalRecords: z.number().int(),
  complianceRate: z.number().nullable(),
  pendingReviews: z.number().int(),
  aiAccuracy: z.number().nullable(),
  /** Per figure, when its trend is computed. */
  trends: z
    .object({
      totalRecords: statTrend,
      complianceRate: statTrend,
      pendingReviews: statTrend,
      aiAccuracy: statTrend,
    })
    .partial()
    .optional(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
