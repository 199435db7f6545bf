import { z } from 'zod';

/**
 * Two-factor sign-in: a time-based code (RFC 6238, 6 digits, 30 s) from an authenticator app,
 * with ten one-time recovery codes for when the phone is lost.
 */

/** A code as people type it: 6 digits (spaces allowed), or a recovery code `xxxxx-xxxxx`. */
export const codeInput = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'Enter the 6-digit code or a recovery code');

export const RECOVERY_CODE_COUNT = 10;
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** `POST /api/auth/login` when the password was right and a second factor is needed. */
export const secondFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

export const secondFactorRequest = z.object({ code: codeInput });

export const totpSetupResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (SVG), drawn on the server so the page loads no QR library. */
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpEnableRequest = z.object({ code: codeInput });
export const totpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;
export const totpDisableRequest = z.object({ code: codeInput });

/** What Settings → Security shows of the user's second factors. */
export const twoFactorStatus = z.object({
  totpEnabled: z.boolean(),
  totpEnabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Passkeys registered: each signs in without a password, or stands as the second step. */
  passkeys: z.number().int(),
  /** The organization requires a second factor of everyone. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const regenerateRecoveryRequest = z.object({ code: codeInput });

/** The organization's sign-in policy (Admin Dashboard → Security). */
export const securityPolicy = z.object({ twoFactorRequired: z.boolean() });
export type SecurityPolicy = z.infer<typeof securityPolicy>;

export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider to the user's other devices (not bound to one). */
  backedUp: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;
export const passkeyList = z.array(passkeySummary);

export const passkeyRegistration = z.object({
  name: z.string().trim().min(1, 'Name this passkey, such as “Work laptop”').max(60),
  /** What the browser's navigator.credentials.create() answered, as JSON. */
  response: z.record(z.string(), z.unknown()),
});
export const passkeyAssertion = z.object({ response: z.record(z.string(), z.unknown()) });
/** WebAuthn options as @simplewebauthn/server writes them; the browser library reads them. */
export const webAuthnOptions = z.record(z.string(), z.unknown());
