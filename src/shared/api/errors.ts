import { z } from 'zod';

/** Every error the API answers has this body. `code` is stable; `message` is for people. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validation: 'validation_failed',
  malformedJson: 'malformed_json',
  conflict: 'conflict',
  invalidCredentials: 'invalid_credentials',
  accountDeactivated: 'account_deactivated',
  sessionExpired: 'session_expired',
  rateLimited: 'rate_limited',
  crossSite: 'cross_site_request',
  planLimit: 'plan_limit_reached',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  setupClosed: 'setup_closed',
  internal: 'internal_error',
  signingKeyUnavailable: 'signing_key_unavailable',
  invalidCode: 'invalid_code',
  secondFactorLocked: 'second_factor_locked',
  secondFactorRequired: 'second_factor_required',
  reauthenticationRequired: 'reauthentication_required',
  invalidLink: 'invalid_link',
  mailUnavailable: 'mail_unavailable',
  auditorAccessEnded: 'auditor_access_ended',
  outsideAuditorAccess: 'outside_auditor_access',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
