import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ERROR_CODES } from '@shared/api/errors';
import {
  RECOVERY_CODE_COUNT,
  type SecondFactorMethod,
  type TwoFactorStatus,
} from '@shared/api/two-factor';
import type { Database, DbOrTx } from '../../db/client';
import { authChallenges, organizations, passkeys, recoveryCodes, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, conflict } from '../../http/errors';
import { hashToken, newToken } from '../../sessions/index';
import { recordAudit } from '../activity/service';
import type { SecretBox } from './secret-box';

/**
 * Time-based codes (RFC 6238: SHA-1, 6 digits, 30 s, one step either side for clock drift), ten
 * recovery codes stored as SHA-256 hashes, and the sign-in step between the password and the
 * session. A code is accepted once: the time step of the last accepted code is kept, and an older
 * or equal one is refused (a code seen over a shoulder cannot be replayed inside its window).
 */

const ISSUER = 'Centerline';
const SETUP_MINUTES = 10;
/** Minutes a sign-in may wait between the password and the code. */
export const SECOND_FACTOR_MINUTES = 5;
/** Wrong codes for one sign-in before the password must be entered again. */
export const CHALLENGE_ATTEMPTS = 5;
/** Wrong codes in a row (across sign-ins) before codes are refused for a while. */
const LOCK_AFTER_FAILURES = 10;
const LOCK_MINUTES = 15;
const DRIFT_SECONDS = 30;

const invalidCode = (
  message = 'That code is not correct. Check the time on your phone and try again.',
) => new AppError(422, ERROR_CODES.invalidCode, message, [{ path: 'code', message }]);

/** What people type: spaces and dashes ignored, recovery codes case-insensitive. */
function normalise(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** `k7p2m-x9q4r`: 50 bits from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalise(code)) })));
  return codes;
}

export async function userRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(401, ERROR_CODES.unauthenticated, 'Unauthorized');
  return row;
}

/** The second steps a user has: their authenticator app (with its recovery codes), passkeys. */
export async function secondFactorMethods(
  db: DbOrTx,
  user: Pick<typeof users.$inferSelect, 'id' | 'totpEnabledAt'>,
): Promise<SecondFactorMethod[]> {
  const [keys] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  return [
    ...(user.totpEnabledAt ? (['totp', 'recovery'] as const) : []),
    ...((keys?.n ?? 0) > 0 ? (['passkey'] as const) : []),
  ];
}

export async function twoFactorStatus(db: Database, actor: Actor): Promise<TwoFactorStatus> {
  const user = await userRow(db, actor.userId);
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, actor.userId), isNull(recoveryCodes.usedAt)));
  const [org] = await db
    .select({ required: organizations.twoFactorRequired })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  const [keys] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId));
  return {
    passkeys: keys?.n ?? 0,
    totpEnabled: user.totpEnabledAt !== null,
    totpEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? (left?.n ?? 0) : 0,
    required: org?.required ?? false,
  };
}

/** A new secret, held (sealed) for ten minutes until a code from it confirms the enrolment. */
export async function startTotpSetup(db: Database, box: SecretBox, actor: Actor) {
  const user = await userRow(db, actor.userId);
  if (user.totpEnabledAt) {
    throw conflict('An authenticator app is already set up. Turn it off first to set up another.');
  }
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: actor.email, secret });
  const sealed = await box.seal(secret, actor.userId);
  await db.transaction(async (tx) => {
    await tx
      .delete(authChallenges)
      .where(
        and(eq(authChallenges.userId, actor.userId), eq(authChallenges.purpose, 'totp_setup')),
      );
    await tx.insert(authChallenges).values({
      tokenHash: hashToken(newToken()),
      userId: actor.userId,
      purpose: 'totp_setup',
      challenge: sealed,
      expiresAt: new Date(Date.now() + SETUP_MINUTES * 60_000),
    });
  });
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { secret, otpauthUrl, qrSvg };
}

async function checkTotp(
  box: SecretBox,
  sealed: string,
  userId: string,
  code: string,
  after: number | null,
) {
  const secret = await box.open(sealed, userId);
  const options = { secret, token: code, epochTolerance: DRIFT_SECONDS };
  const result = await verify(after === null ? options : { ...options, afterTimeStep: after });
  if (result.valid && 'timeStep' in result)
    return { valid: true as const, step: result.timeStep as number };
  if (after !== null && (await verify(options)).valid)
    return { valid: false as const, replay: true };
  return { valid: false as const, replay: false };
}

/** Confirms the enrolment with a code from the new secret; answers the ten recovery codes once. */
export async function enableTotp(db: Database, box: SecretBox, actor: Actor, input: string) {
  const [pending] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, actor.userId),
        eq(authChallenges.purpose, 'totp_setup'),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  if (!pending?.challenge) {
    throw conflict('The set-up has expired or was not started. Start again to get a new QR code.');
  }
  const code = normalise(input);
  const checked = /^\d{6}$/.test(code)
    ? await checkTotp(box, pending.challenge, actor.userId, code, null)
    : { valid: false as const, replay: false };
  if (!checked.valid) {
    const attempts = pending.attempts + 1;
    if (attempts >= CHALLENGE_ATTEMPTS) {
      await db.delete(authChallenges).where(eq(authChallenges.tokenHash, pending.tokenHash));
      throw invalidCode(
        'That code is not correct, five times. Start the set-up again to get a new QR code.',
      );
    }
    await db
      .update(authChallenges)
      .set({ attempts })
      .where(eq(authChallenges.tokenHash, pending.tokenHash));
    throw invalidCode('That code is not correct. Enter the 6-digit code your app shows now.');
  }
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecretSealed: pending.challenge,
        totpEnabledAt: new Date(),
        totpLastStep: checked.step,
        secondFactorFailures: 0,
        secondFactorLockedUntil: null,
      })
      .where(eq(users.id, actor.userId));
    await tx.delete(authChallenges).where(eq(authChallenges.tokenHash, pending.tokenHash));
    const codes = await replaceRecoveryCodes(tx, actor.userId);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'enable_two_factor',
      details: { email: actor.email, method: 'totp', recoveryCodes: codes.length },
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Checks a code against the user's second factor: a 6-digit TOTP code (not one already used) or
 * an unused recovery code, which is then spent. Wrong codes are counted on the account, outside
 * any transaction of the caller, so a failure is never rolled back; ten in a row refuse codes for
 * fifteen minutes (the recovery path is time, or an administrator turning two-factor off).
 */
export async function checkSecondFactor(
  db: Database,
  box: SecretBox,
  userId: string,
  input: string,
): Promise<SecondFactorMethod> {
  const user = await userRow(db, userId);
  if (!user.totpEnabledAt || !user.totpSecretSealed) {
    throw conflict('Two-factor sign-in is not set up for this account.');
  }
  const now = Date.now();
  if (user.secondFactorLockedUntil && user.secondFactorLockedUntil.getTime() > now) {
    const minutes = Math.ceil((user.secondFactorLockedUntil.getTime() - now) / 60_000);
    throw new AppError(
      429,
      ERROR_CODES.secondFactorLocked,
      `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask an administrator to turn two-factor sign-in off for you.`,
    );
  }
  const code = normalise(input);
  if (/^\d{6}$/.test(code)) {
    const checked = await checkTotp(box, user.totpSecretSealed, userId, code, user.totpLastStep);
    if (checked.valid) {
      await db
        .update(users)
        .set({ totpLastStep: checked.step, secondFactorFailures: 0 })
        .where(eq(users.id, userId));
      return 'totp';
    }
    await countFailure(db, user);
    throw invalidCode(
      checked.replay
        ? 'That code has already been used. Wait for the next code and enter it.'
        : undefined,
    );
  }
  if (/^[a-z2-9]{10}$/.test(code)) {
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashToken(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (spent.length > 0) {
      await db.update(users).set({ secondFactorFailures: 0 }).where(eq(users.id, userId));
      return 'recovery';
    }
  }
  await countFailure(db, user);
  throw invalidCode(
    'That code is not correct. Enter the 6-digit code from your app, or an unused recovery code.',
  );
}

async function countFailure(db: Database, user: typeof users.$inferSelect) {
  const failures = user.secondFactorFailures + 1;
  const lock = failures >= LOCK_AFTER_FAILURES;
  await db
    .update(users)
    .set({
      secondFactorFailures: lock ? 0 : failures,
      secondFactorLockedUntil: lock ? new Date(Date.now() + LOCK_MINUTES * 60_000) : undefined,
    })
    .where(eq(users.id, user.id));
  await recordAudit(db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: lock ? 'second_factor_locked' : 'second_factor_failed',
    details: { email: user.email, failures },
  });
}

/** Turning it off takes a fresh code (or a recovery code): a session left open is not enough. */
export async function disableTotp(db: Database, box: SecretBox, actor: Actor, code: string) {
  const method = await checkSecondFactor(db, box, actor.userId, code);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, actor.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'disable_two_factor',
      details: { email: actor.email, method: 'totp', confirmedWith: method },
    });
  });
}

export async function regenerateRecoveryCodes(
  db: Database,
  box: SecretBox,
  actor: Actor,
  code: string,
) {
  await checkSecondFactor(db, box, actor.userId, code);
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.userId);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'regenerate_recovery_codes',
      details: { email: actor.email, recoveryCodes: codes.length },
    });
    return { recoveryCodes: codes };
  });
}
