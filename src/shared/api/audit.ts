import { z } from 'zod';

/** Spec §4: COMPLIANT green, NON_COMPLIANT red, PARTIAL yellow, INSUFFICIENT_DATA grey. */
export const COMPLIANCE_STATUSES = [
  'COMPLIANT',
  'PARTIAL',
  'NON_COMPLIANT',
  'INSUFFICIENT_DATA',
] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Spec §4: CRITICAL red, HIGH orange, MEDIUM yellow, LOW green. */
export const RISK_LEVELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  COMPLIANT: 'Compliant',
  PARTIAL: 'Partial',
  NON_COMPLIANT: 'Non-compliant',
  INSUFFICIENT_DATA: 'Insufficient data',
};

export const RISK_LABELS: Record<RiskLevel, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

/** The classes a document is sorted into for the summary and for retrieval. */
export const DOCUMENT_TYPES = [
  'training-record',
  'certificate',
  'grade-sheet',
  'manual',
  'training-specifications',
  'syllabus-curriculum',
  'instructor-record',
  'fstd-record',
  'log-report',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  'training-record': 'Training record',
  certificate: 'Certificate',
  'grade-sheet': 'Grade sheet',
  manual: 'Manual',
  'training-specifications': 'Training specifications',
  'syllabus-curriculum': 'Syllabus / curriculum',
  'instructor-record': 'Instructor record',
  'fstd-record': 'Simulator / FSTD record',
  'log-report': 'Log, register or report',
  other: 'Other',
};

export const summaryDocument = z.object({
  id: z.string(),
  originalName: z.string(),
  status: z.string(),
  pageCount: z.number().int().nullable(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** Why the document got its type: the words or fields that decided it. */
  classifiedBy: z.string(),
  extractedFields: z.array(
    z.object({
      fieldName: z.string(),
      value: z.string(),
      confidence: z.number(),
      page: z.number().int(),
      validated: z.boolean(),
    }),
  ),
});
export type SummaryDocument = z.infer<typeof summaryDocument>;

/** Spec §3: Document summary response. */
export const documentSummaryResponse = z.object({
  totalDocuments: z.number().int(),
  documentTypes: z.array(
    z.object({ type: z.enum(DOCUMENT_TYPES), label: z.string(), count: z.number().int() }),
  ),
  documents: z.array(summaryDocument),
});
export type DocumentSummaryResponse = z.infer<typeof documentSummaryResponse>;

export const evidenceQuote = z.object({
  documentId: z.string(),
  documentName: z.string(),
  page: z.number().int(),
  excerpt: z.string(),
  /** retrieval (full-text search over the organization's pages) or attached (checklist evidence). */
  source: z.enum(['retrieval', 'attached']),
});
export type EvidenceQuote = z.infer<typeof evidenceQuote>;

/** Spec §3: one analysis of the compliance analysis response, with the evidence behind it. */
export const requirementAnalysis = z.object({
  checklistItemId: z.string(),
  areaId: z.string(),
  reference: z.string(),
  requirement: z.string(),
  complianceStatus: z.enum(COMPLIANCE_STATUSES),
  riskLevel: z.enum(RISK_LEVELS),
  /** 0–1. */
  confidenceScore: z.number().min(0).max(1),
  preliminaryResponse: z.string(),
  recommendations: z.array(z.string()),
  requiredActions: z.array(z.string()),
  additionalDocumentsNeeded: z.array(z.string()),
  estimatedTimeToCompliance: z.string(),
  evidence: z.array(evidenceQuote),
  /** The rule group that decided the status. */
  ruleId: z.string(),
  /** Who wrote `preliminaryResponse`: the built-in reasoner or the configured model. */
  draftedBy: z.enum(['built-in', 'model']),
});
export type RequirementAnalysis = z.infer<typeof requirementAnalysis>;

export const analysisSummary = z.object({
  compliant: z.number().int(),
  partial: z.number().int(),
  nonCompliant: z.number().int(),
  insufficientData: z.number().int(),
  criticalIssues: z.number().int(),
  highRiskIssues: z.number().int(),
});

/** Spec §3: Compliance analysis response, plus the run it belongs to. */
export const complianceAnalysisResponse = z.object({
  runId: z.string(),
  checklistItems: z.number().int(),
  documentCount: z.number().int(),
  summary: analysisSummary,
  analyses: z.array(requirementAnalysis),
  complianceReport: z.string(),
  reasoner: z.string(),
  catalogueVersion: z.number().int(),
  completedAt: z.string(),
  /** True when this request joined an analysis another request had started. */
  joinedRunningAnalysis: z.boolean(),
});
export type ComplianceAnalysisResponse = z.infer<typeof complianceAnalysisResponse>;

/** `?wait=false`: answer at once with the run, instead of waiting for its result. */
export const analyzeComplianceQuery = z.object({
  wait: z.enum(['true', 'false'], { message: 'wait must be true or false' }).optional(),
});

export const analysisStarted = z.object({
  runId: z.string(),
  joinedRunningAnalysis: z.boolean(),
});

export const AUDIT_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type AuditRunStatus = (typeof AUDIT_RUN_STATUSES)[number];

export const auditRunInfo = z.object({
  id: z.string(),
  status: z.enum(AUDIT_RUN_STATUSES),
  phase: z.string(),
  percent: z.number().int().min(0).max(100),
  reasoner: z.string().nullable(),
  startedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  checklistItems: z.number().int().nullable(),
  documentCount: z.number().int().nullable(),
  summary: analysisSummary.nullable(),
  /** (compliant + partial) ÷ checklistItems, rounded (spec §4); null until the run completed. */
  overallCompliance: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});
export type AuditRunInfo = z.infer<typeof auditRunInfo>;

export const auditRunList = z.object({ runs: z.array(auditRunInfo) });

export const auditRunDetail = auditRunInfo.extend({
  result: complianceAnalysisResponse.omit({ joinedRunningAnalysis: true }).nullable(),
});
export type AuditRunDetail = z.infer<typeof auditRunDetail>;

export const auditRunParams = z.object({ id: z.uuid({ message: 'Not a run id' }) });

export const auditCompareQuery = z.object({
  from: z.uuid({ message: 'from must be a run id' }),
  to: z.uuid({ message: 'to must be a run id' }),
});

export const auditRunComparison = z.object({
  from: auditRunInfo,
  to: auditRunInfo,
  changes: z.array(
    z.object({
      checklistItemId: z.string(),
      requirement: z.string(),
      fromStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
      toStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
      fromRisk: z.enum(RISK_LEVELS).nullable(),
      toRisk: z.enum(RISK_LEVELS).nullable(),
    }),
  ),
});
export type AuditRunComparison = z.infer<typeof auditRunComparison>;

/** Spec §4: overall compliance shown is (compliant + partial) ÷ checklistItems, rounded. */
export function overallCompliancePercent(summary: {
  compliant: number;
  partial: number;
  checklistItems: number;
}): number {
  if (summary.checklistItems <= 0) return 0;
  return Math.round(((summary.compliant + summary.partial) / summary.checklistItems) * 100);
}
