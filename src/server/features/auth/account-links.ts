import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { EmailChangeRequest, PasswordResetConfirm } from '@shared/api/account';
import type { Database, DbOrTx } from '../../db/client';
import { accountTokens, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, conflict, invalid } from '../../http/errors';
import { hashToken, newToken, revokeUserSessions } from '../../sessions/index';
import { recordAudit } from '../activity/service';
import type { MailSender } from '../mail/service';
import { emailTaken } from '../users/repository';
import { accountLinkMail } from './account-link-mail';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';

/** A forgotten-password link is good for an hour; an e-mail confirmation for a day. */
const RESET_MINUTES = 60;
const EMAIL_CHANGE_HOURS = 24;

type Purpose = 'password_reset' | 'email_change';

const invalidLink = () =>
  new AppError(
    410,
    ERROR_CODES.invalidLink,
    'This link is not valid any more: it was used, replaced by a newer one, or it expired. Ask for a new one.',
  );

/** Stores a new link for the user (the previous one of the same purpose stops working). */
async function issue(
  tx: DbOrTx,
  userId: string,
  purpose: Purpose,
  expiresAt: Date,
  newEmail: string | null = null,
) {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  const token = newToken();
  await tx
    .insert(accountTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, expiresAt, newEmail });
  return token;
}

/** Takes a link once: the row is marked used in the caller's transaction, or nothing happens. */
async function redeem(tx: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw invalidLink();
  return row;
}

/**
 * Sends a link to choose a new password when `address` belongs to an active account that has
 * one. The answer never says whether it did: nobody learns from it who has an account.
 */
export async function requestPasswordReset(db: Database, mail: MailSender, address: string) {
  if (!mail.enabled) return { ok: true as const, mailEnabled: false };
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`)
    .limit(1);
  if (!user?.passwordHash || user.deactivatedAt) return { ok: true as const, mailEnabled: true };
  await db.transaction(async (tx) => {
    const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
    const token = await issue(tx, user.id, 'password_reset', expiresAt);
    await mail.send(tx, {
      organizationId: user.organizationId,
      to: user.email,
      kind: 'password_reset',
      ...accountLinkMail(
        'password_reset',
        user,
        `${mail.publicUrl}/reset-password?token=${token}`,
        expiresAt,
      ),
    });
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'request_password_reset',
      details: { email: user.email },
    });
  });
  return { ok: true as const, mailEnabled: true };
}

/**
 * Sets the password a reset link was sent for and signs the account out everywhere. A second
 * factor, when the account has one, is still asked at the next sign-in.
 */
export async function resetPassword(db: Database, input: PasswordResetConfirm) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const link = await redeem(tx, input.token, 'password_reset');
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, link.userId), isNull(users.deactivatedAt)))
      .returning();
    if (!user) throw invalidLink();
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'reset_password',
      details: { email: user.email },
    });
  });
}

/**
 * Asks the new address to confirm it receives mail; the account keeps its e-mail until it does.
 * The password is asked again: whoever finds a signed-in screen cannot move the account.
 */
export async function requestEmailChange(
  db: Database,
  mail: MailSender,
  actor: Actor,
  input: EmailChangeRequest,
) {
  if (!mail.enabled) {
    throw new AppError(
      409,
      ERROR_CODES.mailUnavailable,
      'This server does not send e-mail (SMTP_URL is not set), so a new address cannot be confirmed. Ask an administrator.',
    );
  }
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user?.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
    if (!user?.passwordHash) await burnPasswordCheck(input.password);
    throw invalid('Your password is not correct', [
      { path: 'password', message: 'Your password is not correct' },
    ]);
  }
  if (input.newEmail.toLowerCase() === user.email.toLowerCase()) {
    throw invalid('This is already your e-mail address', [
      { path: 'newEmail', message: 'This is already your e-mail address' },
    ]);
  }
  if (await emailTaken(db, input.newEmail)) {
    throw conflict('Another account already uses this e-mail address');
  }
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    const token = await issue(tx, user.id, 'email_change', expiresAt, input.newEmail);
    await mail.send(tx, {
      organizationId: user.organizationId,
      to: input.newEmail,
      kind: 'email_change',
      ...accountLinkMail(
        'email_change',
        { ...user, email: input.newEmail },
        `${mail.publicUrl}/confirm-email?token=${token}`,
        expiresAt,
      ),
    });
    await mail.send(tx, {
      organizationId: user.organizationId,
      to: user.email,
      kind: 'email_change',
      ...accountLinkMail(
        'email_change_notice',
        { ...user, email: input.newEmail },
        null,
        expiresAt,
      ),
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'request_email_change',
      details: { from: user.email, to: input.newEmail },
    });
  });
  return { ok: true as const, newEmail: input.newEmail, expiresAt: expiresAt.toISOString() };
}

/** Moves the account to the address that confirmed it, if nobody took it in the meantime. */
export async function confirmEmailChange(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const link = await redeem(tx, token, 'email_change');
    if (!link.newEmail) throw invalidLink();
    if (await emailTaken(tx, link.newEmail)) {
      throw conflict('Another account already uses this e-mail address');
    }
    const [before] = await tx.select().from(users).where(eq(users.id, link.userId));
    if (!before || before.deactivatedAt) throw invalidLink();
    await tx.update(users).set({ email: link.newEmail }).where(eq(users.id, link.userId));
    await recordAudit(tx, {
      organizationId: before.organizationId,
      actorId: before.id,
      action: 'change_email',
      details: { from: before.email, to: link.newEmail },
    });
    return { ok: true as const, email: link.newEmail };
  });
}
