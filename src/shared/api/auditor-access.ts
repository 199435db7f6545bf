import { z } from 'zod';
import { email, personName } from './auth';
import { REPORT_SCOPES, reportScope } from './reports';

/** An external auditor's access lasts at most this long; a longer inspection gets a new one. */
export const AUDITOR_ACCESS_MAX_DAYS = 366;

export const AUDITOR_ACCESS_STATES = ['invited', 'active', 'expired', 'revoked'] as const;
export type AuditorAccessState = (typeof AUDITOR_ACCESS_STATES)[number];

/** POST /api/auditor-access: an Auditor account limited to a scope and a date, invited by e-mail. */
export const createAuditorAccessRequest = z.object({
  email,
  firstName: personName,
  lastName: personName,
  /** The instant it ends (ISO 8601 with offset): the end of the chosen day where the admin is. */
  expiresAt: z.iso.datetime({ offset: true, message: 'Choose the date the access ends' }),
  scope: reportScope,
  /** Why it is issued (an inspection's reference), shown to the auditor and in the list. */
  purpose: z.string().trim().max(300).default(''),
});
export type CreateAuditorAccessRequest = z.input<typeof createAuditorAccessRequest>;

export const auditorAccess = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
  purpose: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** invited until the auditor chose a password; then active until it expires or is revoked. */
  state: z.enum(AUDITOR_ACCESS_STATES),
  /** Reads the audit trail holds for it (`auditor_view`), and the last one. */
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type AuditorAccess = z.infer<typeof auditorAccess>;

export const auditorAccessList = z.array(auditorAccess);

export const issuedAuditorAccess = z.object({
  access: auditorAccess,
  /** The one-time invitation, as for any invited user (valid 7 days, or until the access ends). */
  invitePath: z.string(),
  inviteExpiresAt: z.string(),
  emailed: z.boolean(),
});
export type IssuedAuditorAccess = z.infer<typeof issuedAuditorAccess>;

/** GET /api/auditor-access/mine: the signed-in external auditor's own access. */
export const myAuditorAccess = z.object({
  access: z
    .object({
      scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
      purpose: z.string(),
      expiresAt: z.string(),
      issuedBy: z.string(),
    })
    .nullable(),
});
export type MyAuditorAccess = z.infer<typeof myAuditorAccess>;
