import { readStoredPreferences } from '@shared/api/preferences';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, like, lt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { auditorAccess, organizations, sessions, users } from '../db/schema';
import type { Actor } from '../http/actor';
import type { PlanId } from '@shared/constants/plans';
import type { Role } from '@shared/constants/roles';
import type { ReportScope } from '@shared/api/reports';

// Sessions live in the database, below the features: the HTTP layer resolves a cookie's token
// to its actor here, so any process can serve any request. Only a token's SHA-256 is stored.

/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** Also used for invitation tokens: stored hashed, compared by hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  idleMinutes: number,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now + idleMinutes * 60_000),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** What an actor is made of: the user and their organization. */
const ACTOR_COLUMNS = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  autoLogoutMinutes: users.autoLogoutMinutes,
  preferences: users.preferences,
  totpEnabledAt: users.totpEnabledAt,
  hasPasskey: sql<boolean>`exists (select 1 from passkeys where passkeys.user_id = ${users.id})`,
  twoFactorRequired: organizations.twoFactorRequired,
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationPlan: organizations.plan,
  reviewThresholdPercent: organizations.reviewThresholdPercent,
  accessId: auditorAccess.id,
  accessScope: auditorAccess.scope,
  accessExpiresAt: auditorAccess.expiresAt,
  accessRevokedAt: auditorAccess.revokedAt,
};

/** Why an external auditor's access no longer opens anything, or null while it does. */
export function accessEnded(
  access: { expiresAt: Date | null; revokedAt: Date | null },
  now = Date.now(),
): 'revoked' | 'expired' | null {
  if (access.revokedAt) return 'revoked';
  if (access.expiresAt && access.expiresAt.getTime() <= now) return 'expired';
  return null;
}

/** A user with their organization: the query both a session and a scheduled task start from. */
const actorQuery = (db: DbOrTx) =>
  db
    .select(ACTOR_COLUMNS)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(auditorAccess, eq(auditorAccess.userId, users.id));
type ActorRow = Awaited<ReturnType<typeof actorQuery>>[number];

function toActor(row: ActorRow): Omit<Actor, 'authenticatedAt'> {
  return {
    userId: row.userId,
    organizationId: row.organizationId,
    role: row.role as Role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    organizationName: row.organizationName,
    organizationPlan: row.organizationPlan as PlanId,
    autoLogoutMinutes: row.autoLogoutMinutes,
    reviewThreshold: row.reviewThresholdPercent / 100,
    preferences: readStoredPreferences(row.preferences, row.autoLogoutMinutes),
    twoFactor: {
      enabled: row.totpEnabledAt !== null || row.hasPasskey,
      required: row.twoFactorRequired,
    },
    externalAccess:
      row.accessId && row.accessExpiresAt
        ? {
            id: row.accessId,
            scope: row.accessScope as ReportScope,
            expiresAt: row.accessExpiresAt.toISOString(),
          }
        : null,
    // Set by the auth plugin, which knows the installation's OPERATOR_EMAILS.
    operator: false,
    manageInstallation: false,
  };
}

/**
 * A user as the services see them, without a session: for work done on their behalf later (a
 * scheduled report). Undefined when the user is gone or deactivated.
 */
export async function actorOfUser(db: DbOrTx, userId: string): Promise<Actor | undefined> {
  const [row] = await actorQuery(db).where(eq(users.id, userId)).limit(1);
  if (!row || row.deactivatedAt) return undefined;
  if (accessEnded({ expiresAt: row.accessExpiresAt, revokedAt: row.accessRevokedAt })) {
    return undefined;
  }
  return { ...toActor(row), authenticatedAt: new Date(0) };
}

/** How an external auditor's access ended, or null when the user has none or it still holds. */
export async function endedAccessOf(
  db: DbOrTx,
  userId: string,
): Promise<{ reason: 'revoked' | 'expired'; at: Date } | null> {
  const [row] = await db
    .select({ expiresAt: auditorAccess.expiresAt, revokedAt: auditorAccess.revokedAt })
    .from(auditorAccess)
    .where(eq(auditorAccess.userId, userId))
    .limit(1);
  const reason = row ? accessEnded(row) : null;
  if (!row || !reason) return null;
  return { reason, at: reason === 'revoked' ? row.revokedAt! : row.expiresAt };
}

export type SessionLookup =
  | { state: 'valid'; actor: Actor }
  | { state: 'expired' }
  | { state: 'missing' }
  | { state: 'access_ended'; reason: 'revoked' | 'expired'; at: Date };

/** The absolute lifetime when the caller does not pass the configured one (SESSION_MAX_HOURS). */
export const DEFAULT_SESSION_MAX_MS = 12 * 3_600_000;

/**
 * Resolves a cookie token to its user, sliding the idle timeout forward, never past the
 * session's absolute lifetime (`maxAgeMs` after it was created).
 */
export async function resolveSession(
  db: Database,
  token: string,
  maxAgeMs = DEFAULT_SESSION_MAX_MS,
): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      authenticatedAt: sessions.authenticatedAt,
      lastSeenAt: sessions.lastSeenAt,
      ...ACTOR_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(auditorAccess, eq(auditorAccess.userId, users.id))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { state: 'missing' };
  const now = Date.now();
  const endsAt = row.createdAt.getTime() + maxAgeMs;
  if (row.expiresAt.getTime() <= now || endsAt <= now || row.deactivatedAt) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return row.deactivatedAt ? { state: 'missing' } : { state: 'expired' };
  }
  const ended = accessEnded(
    { expiresAt: row.accessExpiresAt, revokedAt: row.accessRevokedAt },
    now,
  );
  if (ended) {
    // An external auditor's access ran out or was revoked: no session outlives it.
    await db.delete(sessions).where(eq(sessions.userId, row.userId));
    const at = ended === 'revoked' ? row.accessRevokedAt! : row.accessExpiresAt!;
    return { state: 'access_ended', reason: ended, at };
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(now),
        expiresAt: new Date(Math.min(now + row.autoLogoutMinutes * 60_000, endsAt)),
      })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    state: 'valid',
    actor: { ...toActor(row), authenticatedAt: row.authenticatedAt },
  };
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  exceptToken?: string,
): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db
    .delete(sessions)
    .where(exceptToken ? and(ofUser, ne(sessions.tokenHash, hashToken(exceptToken))) : ofUser);
}

export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** A user's signed-in sessions, newest activity first; `id` is a prefix of the token's hash. */
export async function listUserSessions(db: DbOrTx, userId: string, currentToken: string | null) {
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.tokenHash.slice(0, 24),
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.tokenHash === current,
  }));
}

/** Ends one of the user's sessions by the id `listUserSessions` gave it; answers whether it did. */
export async function revokeUserSessionById(db: DbOrTx, userId: string, id: string) {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), like(sessions.tokenHash, `${id}%`)))
    .returning({ tokenHash: sessions.tokenHash });
  return removed.length;
}

/** Records that this session's user has just proved who they are again (sensitive actions). */
export async function markReauthenticated(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ authenticatedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}
