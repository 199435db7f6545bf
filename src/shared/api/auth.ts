import { z } from 'zod';
import { PLAN_IDS } from '../constants/plans';
import { ROLES } from '../constants/roles';
import { AUTO_LOGOUT_MINUTES } from '../constants/ui';
import { preferencesResponse } from './preferences';
import { REPORT_SCOPES } from './reports';

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

/** NIST SP 800-63B: length matters, composition rules do not. */
export const newPassword = z
  .string()
  .min(12, 'Use at least 12 characters')
  .max(256, 'Use at most 256 characters');

/** The rule above, as a form explains it next to the field. */
export const NEW_PASSWORD_HINT =
  'At least 12 characters. A long passphrase is best; no other rules.';

/**
 * A form-only twin for choosing a password: adds `confirmPassword` and reports a mismatch on it,
 * so the error shows next to the confirmation. The request itself carries one password.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
  repeatMessage = 'Repeat the password',
) {
  return schema
    .extend({ confirmPassword: z.string().min(1, repeatMessage) })
    .refine((v: Record<string, unknown>) => v[field] === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    });
}

export const personName = z.string().trim().min(1, 'Required').max(100);

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const role = z.enum(ROLES);
export const planId = z.enum(PLAN_IDS);

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role,
  organizationId: z.string(),
  organizationName: z.string(),
  organizationPlan: planId,
  autoLogoutMinutes: z.number().int(),
  /** The organization's AI confidence threshold (0–1): fields read below it are flagged. */
  reviewThreshold: z.number(),
  preferences: preferencesResponse,
  /** `required` and not `enabled`: the user is led to set it up before anything else. */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
  /** A platform operator: sees every organization on the Admin Dashboard and creates them. */
  operator: z.boolean(),
  /** Sets the installation's scheduled backups (its operators, or its admins when it has none). */
  manageInstallation: z.boolean(),
  /**
   * An external auditor's access: what they may read and until when. Null for everyone else.
   * Such a user reads only, and every read is written to the organization's audit trail.
   */
  externalAccess: z
    .object({
      id: z.string(),
      scope: z.object({ kind: z.enum(REPORT_SCOPES), value: z.string().optional() }),
      expiresAt: z.string(),
    })
    .nullable()
    .default(null),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const setupStatus = z.object({ open: z.boolean() });

export const setupRequest = z.object({
  organizationName: z.string().trim().min(2, 'Enter the organization name').max(200),
  plan: planId.default('trial'),
  firstName: personName,
  lastName: personName,
  email,
  password: newPassword,
});
export type SetupRequest = z.infer<typeof setupRequest>;

export const inviteDetails = z.object({
  email: z.string(),
  firstName: z.string(),
  organizationName: z.string(),
});
export type InviteDetails = z.infer<typeof inviteDetails>;

export const acceptInviteRequest = z.object({
  token: z.string().min(20).max(200),
  password: newPassword,
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequest>;

export const updateProfileRequest = z.object({
  firstName: personName,
  lastName: personName,
  autoLogoutMinutes: z
    .number()
    .int()
    .refine((v) => (AUTO_LOGOUT_MINUTES as readonly number[]).includes(v), {
      message: `Choose one of ${AUTO_LOGOUT_MINUTES.join(', ')} minutes`,
    }),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const okResponse = z.object({ ok: z.literal(true) });

/** One of the signed-in user's sessions (Settings → Security → Active sessions). */
export const sessionSummary = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionList = z.array(sessionSummary);
export const sessionIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, { message: 'Unknown session' }),
});
export const signedOutCount = z.object({ signedOut: z.number().int() });

export const reauthenticateRequest = z.object({
  password: z.string().min(1, 'Enter your password').max(256),
});
