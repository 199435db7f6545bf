import type { CreateUserRequest, UpdateUserRequest, UserSummary } from '@shared/api/users';
import { findPlan } from '@shared/constants/plans';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../activity/audit-log';
import { hashToken, newToken, revokeUserSessions } from '../auth/sessions';
import { emailTaken, usersOf } from './repository';

const INVITE_DAYS = 7;

export function toUserSummary(row: typeof users.$inferSelect): UserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as UserSummary['role'],
    status: row.deactivatedAt ? 'deactivated' : row.passwordHash ? 'active' : 'invited',
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listUsers(db: Database, actor: Actor): Promise<UserSummary[]> {
  return (await usersOf(db, actor.organizationId).list()).map(toUserSummary);
}

async function assertSeatAvailable(db: Database, actor: Actor) {
  const limit = findPlan(actor.organizationPlan)?.userLimit ?? null;
  if (limit === null) return;
  if ((await usersOf(db, actor.organizationId).countSeats()) >= limit) {
    throw new AppError(
      403,
      ERROR_CODES.planLimit,
      `Your plan allows ${limit} users. Deactivate a user or change plan to add another.`,
    );
  }
}

/** Creates the account and a one-time invitation; the invitee chooses their own password. */
export async function inviteUser(db: Database, actor: Actor, input: CreateUserRequest) {
  await assertSeatAvailable(db, actor);
  if (await emailTaken(db, input.email)) throw conflict('A user with this e-mail already exists');
  const token = newToken();
  const inviteExpiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600_000);
  const row = await db.transaction(async (tx) => {
    const [created] = await usersOf(tx, actor.organizationId).insert({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      inviteTokenHash: hashToken(token),
      inviteExpiresAt,
    });
    if (!created) throw new Error('user insert returned nothing');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'invite_user',
      details: { email: created.email, role: created.role },
    });
    return created;
  });
  return {
    user: toUserSummary(row),
    invitePath: `/invite?token=${token}`,
    inviteExpiresAt: inviteExpiresAt.toISOString(),
  };
}

export async function reissueInvite(db: Database, actor: Actor, userId: string) {
  const repo = usersOf(db, actor.organizationId);
  const user = await repo.find(userId);
  if (!user) throw notFound('User');
  if (user.passwordHash) throw conflict('This user has already accepted their invitation');
  const token = newToken();
  const inviteExpiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600_000);
  await repo.update(userId, { inviteTokenHash: hashToken(token), inviteExpiresAt });
  return {
    user: toUserSummary(user),
    invitePath: `/invite?token=${token}`,
    inviteExpiresAt: inviteExpiresAt.toISOString(),
  };
}

export async function updateUser(
  db: Database,
  actor: Actor,
  userId: string,
  input: UpdateUserRequest,
) {
  const repo = usersOf(db, actor.organizationId);
  const user = await repo.find(userId);
  if (!user) throw notFound('User');
  const demotesAdmin =
    user.role === 'admin' &&
    !user.deactivatedAt &&
    (input.active === false || (input.role && input.role !== 'admin'));
  if (demotesAdmin && (await repo.countActiveAdmins()) <= 1) {
    throw conflict('The organization needs at least one active admin');
  }
  if (input.active === true && user.deactivatedAt) await assertSeatAvailable(db, actor);
  return db.transaction(async (tx) => {
    const txRepo = usersOf(tx, actor.organizationId);
    const values: Partial<typeof users.$inferInsert> = {};
    if (input.role && input.role !== user.role) values.role = input.role;
    if (input.active === false && !user.deactivatedAt) values.deactivatedAt = new Date();
    if (input.active === true && user.deactivatedAt) values.deactivatedAt = null;
    if (Object.keys(values).length === 0) return toUserSummary(user);
    const [updated] = await txRepo.update(userId, values);
    if (!updated) throw notFound('User');
    if (values.role) {
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'change_role',
        details: { email: user.email, from: user.role, to: values.role },
      });
    }
    if ('deactivatedAt' in values) {
      const deactivated = values.deactivatedAt !== null;
      if (deactivated) await revokeUserSessions(tx, userId);
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: deactivated ? 'deactivate_user' : 'reactivate_user',
        details: { email: user.email },
      });
    }
    return toUserSummary(updated);
  });
}
