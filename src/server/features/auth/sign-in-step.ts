import { and, eq, lt } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { SecondFactorMethod } from '@shared/api/two-factor';
import type { Database, DbOrTx } from '../../db/client';
import { authChallenges, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createSession, hashToken, newToken } from '../../sessions/index';
import { recordAudit } from '../activity/service';
import { authenticationOptions, verifyPasskey, type RelyingParty } from './passkeys';
import type { SecretBox } from './secret-box';
import {
  CHALLENGE_ATTEMPTS,
  checkSecondFactor,
  SECOND_FACTOR_MINUTES,
  userRow,
} from './two-factor';

/*
 * The step between a right password and a session: held by a token in its own cookie (an
 * auth_challenges row), answered by a code or a passkey, single-use, and ended by five wrong
 * answers.
 */

/** After the password: a short-lived, single-use step held by a token in its own cookie. */
export async function beginSecondFactor(db: DbOrTx, userId: string): Promise<string> {
  const token = newToken();
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date()));
  await db.insert(authChallenges).values({
    tokenHash: hashToken(token),
    userId,
    purpose: 'second_factor',
    expiresAt: new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000),
  });
  return token;
}

const signInAgain = () =>
  new AppError(
    401,
    ERROR_CODES.unauthenticated,
    'This sign-in has expired. Enter your e-mail and password again.',
  );

async function pendingSignIn(db: Database, challengeToken: string | undefined) {
  if (!challengeToken) throw signInAgain();
  const tokenHash = hashToken(challengeToken);
  const [challenge] = await db
    .select()
    .from(authChallenges)
    .where(
      and(eq(authChallenges.tokenHash, tokenHash), eq(authChallenges.purpose, 'second_factor')),
    );
  if (!challenge?.userId || challenge.expiresAt.getTime() <= Date.now()) throw signInAgain();
  return { challenge: { ...challenge, userId: challenge.userId }, tokenHash };
}

/** A wrong answer counts against the sign-in: five end it (the password is asked again). */
async function countAttempt(db: Database, tokenHash: string, attempts: number) {
  if (attempts + 1 >= CHALLENGE_ATTEMPTS) {
    await db.delete(authChallenges).where(eq(authChallenges.tokenHash, tokenHash));
  } else {
    await db
      .update(authChallenges)
      .set({ attempts: attempts + 1 })
      .where(eq(authChallenges.tokenHash, tokenHash));
  }
}

async function finishSignIn(
  db: Database,
  tokenHash: string,
  userId: string,
  method: SecondFactorMethod,
  userAgent: string | undefined,
) {
  const user = await userRow(db, userId);
  if (user.deactivatedAt) throw signInAgain();
  return db.transaction(async (tx) => {
    // Single use: a second request with the same challenge finds nothing to delete.
    const taken = await tx
      .delete(authChallenges)
      .where(eq(authChallenges.tokenHash, tokenHash))
      .returning({ tokenHash: authChallenges.tokenHash });
    if (taken.length === 0) throw signInAgain();
    const token = await createSession(tx, user.id, user.autoLogoutMinutes, userAgent);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'sign_in',
      details: { email: user.email, secondFactor: method },
    });
    return token;
  });
}

/** The code for a sign-in that passed its password: the session, or why not. */
export async function completeSecondFactor(
  db: Database,
  box: SecretBox,
  challengeToken: string | undefined,
  code: string,
  userAgent: string | undefined,
) {
  const { challenge, tokenHash } = await pendingSignIn(db, challengeToken);
  let method: SecondFactorMethod;
  try {
    method = await checkSecondFactor(db, box, challenge.userId, code);
  } catch (error) {
    await countAttempt(db, tokenHash, challenge.attempts);
    throw error;
  }
  return finishSignIn(db, tokenHash, challenge.userId, method, userAgent);
}

/** WebAuthn options for the passkey step of a sign-in; its challenge is kept on the sign-in. */
export async function passkeyStepOptions(
  db: Database,
  rp: RelyingParty,
  challengeToken: string | undefined,
) {
  const { challenge, tokenHash } = await pendingSignIn(db, challengeToken);
  const options = await authenticationOptions(db, rp, challenge.userId);
  await db
    .update(authChallenges)
    .set({ challenge: options.challenge })
    .where(eq(authChallenges.tokenHash, tokenHash));
  return options;
}

/** The passkey step after a password: the session, or why not. */
export async function completeWithPasskey(
  db: Database,
  rp: RelyingParty,
  challengeToken: string | undefined,
  response: unknown,
  userAgent: string | undefined,
) {
  const { challenge, tokenHash } = await pendingSignIn(db, challengeToken);
  if (!challenge.challenge) throw signInAgain();
  try {
    await verifyPasskey(db, rp, challenge.challenge, response, {
      userId: challenge.userId,
      requireUserVerification: false,
    });
  } catch (error) {
    await countAttempt(db, tokenHash, challenge.attempts);
    throw error;
  }
  return finishSignIn(db, tokenHash, challenge.userId, 'passkey', userAgent);
}
