import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { ChangePasswordRequest, LoginRequest, UpdateProfileRequest } from '@shared/api/auth';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, invalid } from '../../http/errors';
import { auditorAccessEnded } from '../../http/auth-plugin';
import {
  endedAccessOf,
  createSession,
  hashToken,
  markReauthenticated,
  revokeUserSessions,
} from '../../sessions/index';
import { notify, recordAudit } from '../activity/service';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { beginSecondFactor } from './sign-in-step';
import { secondFactorMethods } from './two-factor';

/** How passwords are stored; other features (setup's first admin) hash through it. */
export { hashPassword } from './password';

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, 'Incorrect e-mail or password');

/** The signed-in user as the API describes them (`GET /api/auth/user`). */
export function toCurrentUser(actor: Actor) {
  return {
    id: actor.userId,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    role: actor.role,
    organizationId: actor.organizationId,
    organizationName: actor.organizationName,
    organizationPlan: actor.organizationPlan,
    autoLogoutMinutes: actor.autoLogoutMinutes,
    reviewThreshold: actor.reviewThreshold,
    preferences: actor.preferences,
    twoFactor: actor.twoFactor,
    operator: actor.operator,
    manageInstallation: actor.manageInstallation,
    externalAccess: actor.externalAccess,
  };
}

export async function signIn(db: Database, input: LoginRequest, userAgent: string | undefined) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw invalidCredentials();
  // Only someone who knows the password learns that the account is deactivated.
  if (user.deactivatedAt) {
    throw new AppError(
      403,
      ERROR_CODES.accountDeactivated,
      'This account has been deactivated. Ask your administrator to reactivate it.',
    );
  }
  // Likewise that an external auditor's access has ended.
  const ended = await endedAccessOf(db, user.id);
  if (ended) throw auditorAccessEnded(ended, 403);
  // The password was right; with a second factor set up, no session before its code.
  const methods = await secondFactorMethods(db, user);
  if (methods.length > 0) {
    return {
      kind: 'second_factor' as const,
      challengeToken: await beginSecondFactor(db, user.id),
      methods,
    };
  }
  return db.transaction(async (tx) => {
    const token = await createSession(tx, user.id, user.autoLogoutMinutes, userAgent);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'sign_in',
      details: { email: user.email },
    });
    return { kind: 'session' as const, token, userId: user.id };
  });
}

export async function recordSignOut(db: Database, actor: Actor) {
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'sign_out',
    details: { email: actor.email },
  });
}

export async function updateProfile(db: Database, actor: Actor, input: UpdateProfileRequest) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        autoLogoutMinutes: input.autoLogoutMinutes,
      })
      .where(eq(users.id, actor.userId));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_profile',
      details: {
        firstName: input.firstName,
        lastName: input.lastName,
        autoLogoutMinutes: input.autoLogoutMinutes,
      },
    });
  });
}

export async function changePassword(
  db: Database,
  actor: Actor,
  input: ChangePasswordRequest,
  currentToken: string | null,
) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw invalid('Your current password is not correct', [
      { path: 'currentPassword', message: 'Your current password is not correct' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    // Other devices must sign in again with the new password.
    await revokeUserSessions(tx, actor.userId, currentToken ?? undefined);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'change_password',
      details: { email: actor.email },
    });
  });
}

async function findInvite(db: Database, token: string) {
  const [row] = await db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.inviteTokenHash, hashToken(token)))
    .limit(1);
  if (
    !row ||
    !row.user.inviteExpiresAt ||
    row.user.inviteExpiresAt.getTime() < Date.now() ||
    row.user.deactivatedAt
  ) {
    throw new AppError(
      404,
      ERROR_CODES.notFound,
      'This invitation is not valid or has expired. Ask your administrator for a new one.',
    );
  }
  return row;
}

export async function describeInvite(db: Database, token: string) {
  const { user, organizationName } = await findInvite(db, token);
  return { email: user.email, firstName: user.firstName, organizationName };
}

export async function acceptInvite(
  db: Database,
  token: string,
  password: string,
  userAgent: string | undefined,
) {
  const { user } = await findInvite(db, token);
  const ended = await endedAccessOf(db, user.id);
  if (ended) throw auditorAccessEnded(ended, 403);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null, lastSignInAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'accept_invite',
      details: { email: user.email },
    });
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    await notify(tx, {
      organizationId: user.organizationId,
      kind: 'invitation',
      text: (t) => ({
        title: t('invitationAccepted.title', { name }),
        body: t('invitationAccepted.body', { email: user.email }),
      }),
      link: '/users',
      to: { roles: ['admin'] },
    });
    return createSession(tx, user.id, user.autoLogoutMinutes, userAgent);
  });
}

/** The password again, for a sensitive action: the session counts as freshly signed in. */
export async function reauthenticate(
  db: Database,
  actor: Actor,
  password: string,
  sessionToken: string | null,
) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    throw invalid('That is not your password', [
      { path: 'password', message: 'That is not your password' },
    ]);
  }
  if (!sessionToken) throw new AppError(401, ERROR_CODES.unauthenticated, 'Unauthorized');
  await db.transaction(async (tx) => {
    await markReauthenticated(tx, sessionToken);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'reauthenticate',
      details: { email: actor.email },
    });
  });
}
