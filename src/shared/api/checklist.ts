import { z } from 'zod';
import { CHECKLIST_STATUSES, CHECKLIST_TEXT_MAX, STATUS_LABELS } from '../checklist/types';
import { errorBody } from './errors';

export const checklistStatus = z.enum(CHECKLIST_STATUSES, {
  error: `Status must be one of: ${CHECKLIST_STATUSES.join(', ')}`,
});

const limitedText = (label: string) =>
  z.string().max(CHECKLIST_TEXT_MAX, {
    message: `${label} can be at most ${CHECKLIST_TEXT_MAX.toLocaleString('en-US')} characters`,
  });

export const checklistPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ChecklistPerson = z.infer<typeof checklistPerson>;

export const checklistEvidenceEntry = z.object({
  documentId: z.string(),
  name: z.string(),
  mimeType: z.string(),
  status: z.string(),
  linkedAt: z.string(),
  linkedBy: checklistPerson.nullable(),
});
export type ChecklistEvidenceEntry = z.infer<typeof checklistEvidenceEntry>;

/** One catalogue item with the organization's response (spec §3: Checklist item). */
export const checklistItem = z.object({
  /** The item number; stable across catalogue versions. */
  id: z.string(),
  number: z.string(),
  areaId: z.string(),
  description: z.string(),
  reference: z.string(),
  status: checklistStatus,
  comments: z.string(),
  findings: z.string(),
  evidence: z.array(checklistEvidenceEntry),
  /** Optimistic-concurrency token: send it back with a change; 0 while nothing was saved. */
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: checklistPerson.nullable(),
});
export type ChecklistItemState = z.infer<typeof checklistItem>;

export const checklistArea = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  count: z.number().int(),
});

export const checklistResponse = z.object({
  catalogueVersion: z.number().int(),
  catalogueLabel: z.string(),
  areas: z.array(checklistArea),
  items: z.array(checklistItem),
});
export type ChecklistResponse = z.infer<typeof checklistResponse>;

export const itemNumberParams = z.object({
  itemNumber: z.string().regex(/^\d{1,2}-\d{1,3}(-\d{1,3})?$/, {
    message: 'Not a checklist item number',
  }),
});

export const updateChecklistItemRequest = z
  .object({
    /** The revision the client saw; a different current revision answers 409 with the current item. */
    revision: z.number().int().nonnegative(),
    status: checklistStatus.optional(),
    comments: limitedText('Comments').optional(),
    findings: limitedText('Findings').optional(),
  })
  .refine((v) => v.status !== undefined || v.comments !== undefined || v.findings !== undefined, {
    message: 'Send a status, comments or findings',
  });
export type UpdateChecklistItemRequest = z.infer<typeof updateChecklistItemRequest>;

/** 409 body: the item as it is now, so the client can show both versions. */
export const checklistConflict = errorBody.extend({ current: checklistItem });
export type ChecklistConflict = z.infer<typeof checklistConflict>;

export const linkEvidenceRequest = z.object({
  documentId: z.uuid({ message: 'Not a document id' }),
});
export const evidenceParams = itemNumberParams.extend({
  documentId: z.uuid({ message: 'Not a document id' }),
});

export const CHECKLIST_FIELDS = ['status', 'comments', 'findings', 'evidence'] as const;
export const checklistChange = z.object({
  field: z.enum(CHECKLIST_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ChecklistChangeEntry = z.infer<typeof checklistChange>;

export const checklistHistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: checklistPerson.nullable(),
  source: z.enum(['edit', 'import']),
  revision: z.number().int(),
  changes: z.array(checklistChange),
});
export type ChecklistHistoryEntry = z.infer<typeof checklistHistoryEntry>;
export const checklistHistory = z.object({
  itemNumber: z.string(),
  entries: z.array(checklistHistoryEntry),
});
export type ChecklistHistory = z.infer<typeof checklistHistory>;

export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  filename: z.string().max(255).optional(),
});

export const importRow = z.object({
  /** Line in the file (1 = header). */
  row: z.number().int(),
  itemNumber: z.string(),
  changes: z.array(checklistChange),
  error: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importResult = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  columns: z.object({ used: z.array(z.string()), ignored: z.array(z.string()) }),
  rows: z.array(importRow),
  summary: z.object({
    rows: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
});
export type ImportResult = z.infer<typeof importResult>;

/** 422 for an import with row errors: the same preview, so the client can list them. */
export const importRejected = errorBody.extend({ result: importResult.optional() });

export const EXPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be pdf, xlsx or csv' }).default('pdf'),
});
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/checklist/catalogue-summary: public; /test-checklist reads it. */
export const catalogueSummary = z.object({
  areas: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  total: z.number().int(),
  version: z.number().int(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummary>;

/** Status words accepted on import: the API values and the labels our own exports write. */
export function statusFromText(text: string): (typeof CHECKLIST_STATUSES)[number] | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  for (const status of CHECKLIST_STATUSES) {
    if (key === status || key === STATUS_LABELS[status].toLowerCase().replace(/\s+/g, '-'))
      return status;
  }
  if (key === 'n/a' || key === 'na' || key === 'noncompliant') {
    return key === 'noncompliant' ? 'non-compliant' : 'not-applicable';
  }
  return null;
}
