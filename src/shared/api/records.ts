import { z } from 'zod';

export const DOCUMENT_STATUSES = [
  'uploaded',
  'processing',
  'processed',
  'validated',
  'error',
] as const;

export const documentSummary = z.object({
  id: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;
export const documentList = z.array(documentSummary);

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
export const dashboardStats = z.object({
  totalRecords: z.number().int(),
  complianceRate: z.number().nullable(),
  pendingReviews: z.number().int(),
  aiAccuracy: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
