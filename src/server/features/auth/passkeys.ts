import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, desc, eq, gt } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../../db/client';
import { authChallenges, passkeys, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, invalid, notFound } from '../../http/errors';
import { createSession, hashToken, newToken } from '../../sessions/index';
import { recordAudit } from '../activity/service';

/**
 * Passkeys (WebAuthn, through @simplewebauthn): registered from Settings, used to sign in
 * without a password (the authenticator verifies the user: something held and something known
 * or been), or as the second step after a password. The relying party is the address people
 * open Centerline at; a response made for another origin or another challenge is refused.
 */

const CEREMONY_MINUTES = 5;
const RP_NAME = 'Centerline';

export interface RelyingParty {
  id: string;
  origin: string;
}

/** PUBLIC_URL when set (behind a proxy), else the address this request came to. */
export function relyingParty(publicUrl: string | undefined, requestOrigin: string): RelyingParty {
  const url = new URL(publicUrl ?? requestOrigin);
  return { id: url.hostname, origin: url.origin };
}

const refused = (message: string) =>
  new AppError(422, ERROR_CODES.invalidCode, message, [{ path: 'response', message }]);

const expired = () =>
  new AppError(401, ERROR_CODES.unauthenticated, 'This passkey request has expired. Start again.');

async function storeChallenge(
  db: Database,
  purpose: 'passkey_registration' | 'passkey_authentication',
  userId: string | null,
  challenge: string,
): Promise<string> {
  const token = newToken();
  await db.insert(authChallenges).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    challenge,
    expiresAt: new Date(Date.now() + CEREMONY_MINUTES * 60_000),
  });
  return token;
}

/** Takes a ceremony's challenge once: a second answer to the same challenge finds nothing. */
async function takeChallenge(db: Database, token: string | undefined, purpose: string) {
  if (!token) throw expired();
  const [row] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row?.challenge) throw expired();
  return row;
}

export async function listPasskeys(db: Database, actor: Actor) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    backedUp: p.backedUp,
  }));
}

export async function registrationOptions(db: Database, actor: Actor, rp: RelyingParty) {
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: actor.email,
    userDisplayName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    userID: new TextEncoder().encode(actor.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const token = await storeChallenge(db, 'passkey_registration', actor.userId, options.challenge);
  return { options, token };
}

export async function registerPasskey(
  db: Database,
  actor: Actor,
  rp: RelyingParty,
  token: string | undefined,
  input: { response: unknown; name: string },
) {
  const challenge = await takeChallenge(db, token, 'passkey_registration');
  if (challenge.userId !== actor.userId) throw expired();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(`The passkey could not be checked: ${(error as Error).message}`);
  }
  if (!verified.verified) throw refused('The passkey could not be verified. Try again.');
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId: actor.userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalid('This passkey is already registered.');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'add_passkey',
      details: { email: actor.email, name: input.name, backedUp: credentialBackedUp },
    });
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: null,
      backedUp: row.backedUp,
    };
  });
}

export async function removePasskey(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.userId)))
      .returning({ name: passkeys.name });
    if (removed.length === 0) throw notFound('Passkey');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'remove_passkey',
      details: { email: actor.email, name: removed[0]!.name },
    });
  });
}

/**
 * Options for signing in with a passkey: any of the user's (the browser offers the passkeys it
 * holds for this site), or those of one user after their password (`userId`).
 */
export async function authenticationOptions(db: Database, rp: RelyingParty, userId: string | null) {
  const allow = userId
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: userId ? 'preferred' : 'required',
    ...(userId
      ? {
          allowCredentials: allow.map((p) => ({
            id: p.id,
            transports: p.transports as AuthenticatorTransport[],
          })),
        }
      : {}),
  });
  return options;
}

/** Checks an assertion against the stored credential; answers the user it belongs to. */
export async function verifyPasskey(
  db: Database,
  rp: RelyingParty,
  expectedChallenge: string,
  response: unknown,
  options: { userId?: string; requireUserVerification: boolean },
) {
  const assertion = response as AuthenticationResponseJSON;
  if (typeof assertion?.id !== 'string') throw refused('That is not a passkey answer.');
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, assertion.id));
  if (!stored || (options.userId && stored.userId !== options.userId)) {
    throw refused('This passkey is not registered for an account here.');
  }
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: options.requireUserVerification,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
    });
  } catch (error) {
    throw refused(`The passkey could not be checked: ${(error as Error).message}`);
  }
  if (!result.verified) throw refused('The passkey could not be verified.');
  await db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id));
  return stored.userId;
}

export async function passkeySignInOptions(db: Database, rp: RelyingParty) {
  const options = await authenticationOptions(db, rp, null);
  const token = await storeChallenge(db, 'passkey_authentication', null, options.challenge);
  return { options, token };
}

/** A password-less sign-in: the passkey's user, a new session. */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  token: string | undefined,
  response: unknown,
  userAgent: string | undefined,
) {
  const challenge = await takeChallenge(db, token, 'passkey_authentication');
  const userId = await verifyPasskey(db, rp, challenge.challenge!, response, {
    requireUserVerification: true,
  });
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deactivatedAt) {
    throw new AppError(
      403,
      ERROR_CODES.accountDeactivated,
      'This account has been deactivated. Ask your administrator to reactivate it.',
    );
  }
  return db.transaction(async (tx) => {
    const session = await createSession(tx, user.id, user.autoLogoutMinutes, userAgent);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'sign_in',
      details: { email: user.email, method: 'passkey' },
    });
    return session;
  });
}
