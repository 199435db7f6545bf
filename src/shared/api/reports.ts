import { z } from 'zod';
import { isCalendarDate } from './training-events';

export const REPORT_TYPES = ['summary', 'detailed', 'audit'] as const;
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export const REPORT_SCOPES = ['organization', 'course', 'instructor', 'trainee'] as const;
/** A report covers at most this many days: a longer period is several reports. */
export const REPORT_MAX_DAYS = 3660;

const reportDate = z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD');

export const reportScope = z
  .object({
    kind: z.enum(REPORT_SCOPES, {
      message: 'Choose the organization, a course, an instructor or a trainee',
    }),
    value: z.string().trim().max(200).optional(),
  })
  .refine((s) => s.kind === 'organization' || (s.value !== undefined && s.value.length > 0), {
    message: 'Name the course, instructor or trainee the report covers',
    path: ['value'],
  });
export type ReportScope = z.infer<typeof reportScope>;

export const createReportRequest = z
  .object({
    type: z.enum(REPORT_TYPES, { message: 'Choose Summary, Detailed or Audit' }),
    format: z.enum(REPORT_FORMATS, { message: 'Choose PDF or Excel' }),
    from: reportDate,
    to: reportDate,
    scope: reportScope.default({ kind: 'organization' }),
  })
  .refine((r) => r.from <= r.to, { message: 'The period ends before it starts', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= REPORT_MAX_DAYS, {
    message: 'A report covers at most ten years',
    path: ['from'],
  });
export type CreateReportRequest = z.infer<typeof createReportRequest>;

/**
 * GET /api/reports/proof-archive: the period and scope of a proof archive, as query parameters
 * (`from`, `to`, `scope`, `value`), so a browser can download it with a plain link.
 */
export const proofArchiveQuery = z
  .object({
    from: reportDate,
    to: reportDate,
    scope: z
      .enum(REPORT_SCOPES, {
        message: 'Choose the organization, a course, an instructor or a trainee',
      })
      .default('organization'),
    value: z.string().trim().max(200).optional(),
  })
  .refine((q) => q.scope === 'organization' || (q.value !== undefined && q.value.length > 0), {
    message: 'Name the course, instructor or trainee the report covers',
    path: ['value'],
  })
  .refine((q) => q.from <= q.to, { message: 'The period ends before it starts', path: ['to'] })
  .transform((q) => ({
    from: q.from,
    to: q.to,
    scope: { kind: q.scope, ...(q.scope === 'organization' ? {} : { value: q.value }) },
  }));
export type ProofArchiveRequest = z.output<typeof proofArchiveQuery>;

/** The signed checkpoint a report was computed against. */
export const reportTreeHead = z.object({
  origin: z.string(),
  treeSize: z.number().int(),
  rootHash: z.string(),
  /** The C2SP signed-note checkpoint, with the witness cosignatures received for it. */
  checkpoint: z.string(),
  /** The log's signed-note verifier key and its fingerprint, to pin. */
  vkey: z.string(),
  publicKeyHex: z.string(),
  fingerprint: z.string(),
});
export type ReportTreeHead = z.infer<typeof reportTreeHead>;

/**
 * What a reader checks a report against: the file's SHA-256 and size, what it covers, and the
 * signed checkpoint the figures were computed against (`npm run verify-proof -- --manifest`).
 */
export const reportManifest = z.object({
  format: z.literal('centerline-report-manifest/v1'),
  reportId: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  type: z.enum(REPORT_TYPES),
  fileFormat: z.enum(REPORT_FORMATS),
  fileName: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
  generatedAt: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sizeBytes: z.number().int(),
  treeHead: reportTreeHead,
});
export type ReportManifest = z.infer<typeof reportManifest>;

export const report = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  from: z.string(),
  to: z.string(),
  scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number().int(),
  error: z.string().nullable(),
  sha256: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  treeHead: reportTreeHead.nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Report = z.infer<typeof report>;
export const reportList = z.array(report);

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;

export const createScheduleRequest = z.object({
  type: z.enum(REPORT_TYPES, { message: 'Choose Summary, Detailed or Audit' }),
  format: z.enum(REPORT_FORMATS, { message: 'Choose PDF or Excel' }),
  frequency: z.enum(REPORT_FREQUENCIES, { message: 'Choose weekly or monthly' }),
  scope: reportScope.default({ kind: 'organization' }),
  recipientIds: z
    .array(z.uuid({ message: 'Choose recipients from your organization' }))
    .min(1, 'Choose at least one recipient')
    .max(50, 'At most 50 recipients'),
});
export type CreateScheduleRequest = z.infer<typeof createScheduleRequest>;

export const reportSchedule = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
  recipientIds: z.array(z.string()),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
export const reportScheduleList = z.array(reportSchedule);
