import { z } from 'zod';
import { email, newPassword } from './auth';

/**
 * Links sent by e-mail: choosing a new password when the old one is forgotten, and moving an
 * account to a new e-mail address once that address has confirmed it receives mail.
 */
export const passwordResetRequest = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/**
 * Always the same answer, whether or not the address has an account (nobody learns who does);
 * `mailEnabled` false says this server cannot send the link at all.
 */
export const passwordResetAccepted = z.object({ ok: z.literal(true), mailEnabled: z.boolean() });

export const passwordResetConfirm = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

export const emailChangeRequest = z.object({
  newEmail: email,
  password: z.string().min(1, 'Enter your password').max(256),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequest>;

/** The change waits for the new address to confirm; until then the account keeps its e-mail. */
export const emailChangePending = z.object({
  ok: z.literal(true),
  newEmail: z.string(),
  expiresAt: z.string(),
});

export const emailChangeConfirm = z.object({ token: z.string().min(1).max(200) });
export const emailChangeConfirmed = z.object({ ok: z.literal(true), email: z.string() });
