import { z } from 'zod';

/** Link Monitor (spec §2, §3 "Link status" and "Link alert", §4). */

export const LINK_STATUSES = ['pending', 'active', 'broken', 'redirected', 'changed'] as const;
export const LINK_ALERT_TYPES = [
  'broken_link',
  'redirect_detected',
  'content_changed',
  'certificate_expiring',
  'keyword_missing',
] as const;
export const LINK_ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const LINK_INTERVALS = [60, 360, 720, 1440, 10080] as const;

export const LINK_ALERT_LABELS: Record<(typeof LINK_ALERT_TYPES)[number], string> = {
  broken_link: 'Broken link',
  redirect_detected: 'Redirect detected',
  content_changed: 'Content changed',
  certificate_expiring: 'Certificate expiring',
  keyword_missing: 'Keyword missing',
};

export const MAX_URL_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isRegex(value: string): boolean {
  try {
    new RegExp(value, 'gu');
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const linkInput = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200),
  url: z
    .string()
    .trim()
    .max(MAX_URL_LENGTH)
    .refine(isHttpUrl, 'Enter a full http:// or https:// address'),
  expectedKeyword: optionalText(200),
  ignorePattern: optionalText(500).refine(
    (v) => v === null || isRegex(v),
    'Not a valid regular expression',
  ),
  intervalMinutes: z.number().int().min(15).max(43_200).default(1440),
});
export type LinkInput = z.input<typeof linkInput>;

export const linkPatch = linkInput.partial();
export type LinkPatch = z.input<typeof linkPatch>;

export const linkIdParams = z.object({ id: z.uuid() });

export const linkStatus = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  expectedKeyword: z.string().nullable(),
  ignorePattern: z.string().nullable(),
  intervalMinutes: z.number().int(),
  status: z.enum(LINK_STATUSES),
  lastChecked: z.iso.datetime().nullable(),
  responseCode: z.number().int().nullable(),
  newUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  responseMs: z.number().int().nullable(),
  certificateExpiresAt: z.iso.datetime().nullable(),
  openAlerts: z.number().int(),
});
export type LinkStatus = z.infer<typeof linkStatus>;

export const linkTotals = z.object({
  total: z.number().int(),
  active: z.number().int(),
  /** Links broken or changed, or with an open alert. */
  issues: z.number().int(),
  redirects: z.number().int(),
});
export type LinkTotals = z.infer<typeof linkTotals>;

export const linkCheckRun = z.object({
  id: z.uuid(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type LinkCheckRun = z.infer<typeof linkCheckRun>;
export const linkList = z.object({
  links: z.array(linkStatus),
  totals: linkTotals,
  /** The latest run of checks, to resume showing its progress. */
  latestRun: linkCheckRun.nullable(),
});
export type LinkList = z.infer<typeof linkList>;

export const linkCheck = z.object({
  id: z.uuid(),
  checkedAt: z.iso.datetime(),
  status: z.enum(['active', 'broken', 'redirected', 'changed']),
  responseCode: z.number().int().nullable(),
  redirects: z.array(z.object({ url: z.string(), status: z.number().int() })),
  responseMs: z.number().int().nullable(),
  certificateExpiresAt: z.iso.datetime().nullable(),
  errorMessage: z.string().nullable(),
});
export const linkHistory = z.object({ checks: z.array(linkCheck) });
export type LinkHistory = z.infer<typeof linkHistory>;

export const linkAlert = z.object({
  id: z.uuid(),
  linkId: z.uuid(),
  linkName: z.string(),
  url: z.string(),
  alertType: z.enum(LINK_ALERT_TYPES),
  severity: z.enum(LINK_ALERT_SEVERITIES),
  message: z.string(),
  detectedAt: z.iso.datetime(),
  resolved: z.boolean(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: z.string().nullable(),
  suggestedAction: z.string().nullable(),
  newUrl: z.string().nullable(),
  diff: z.string().nullable(),
});
export type LinkAlert = z.infer<typeof linkAlert>;

export const linkAlertsQuery = z.object({ status: z.enum(['open', 'resolved']).default('open') });
export const linkAlertList = z.object({ alerts: z.array(linkAlert) });

export const checkLinksRequest = z
  .object({ ids: z.array(z.uuid()).min(1).max(500).optional() })
  .default({});

export const runIdParams = z.object({ runId: z.uuid() });

/**
 * A word diff stored on a content_changed alert: lines of `  ` (same), `- ` (removed) and `+ `
 * (added) words, kept short around the changes.
 */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export function parseStoredDiff(diff: string): DiffPart[] {
  return diff
    .split('\n')
    .filter((line) => line.length >= 2)
    .map((line) => ({
      kind: line.startsWith('+ ') ? 'added' : line.startsWith('- ') ? 'removed' : 'same',
      text: line.slice(2),
    }));
}
