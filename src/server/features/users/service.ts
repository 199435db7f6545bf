import type { CreateUserRequest, UpdateUserRequest, UserSummary } from '@shared/api/users';
import { findPlan } from '@shared/constants/plans';
import { ROLES } from '@shared/constants/roles';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { organizations, passkeys, type users } from '../../db/schema';
import { inArray } from 'drizzle-orm';
import type { Actor } from '../../http/actor';
import {
  AppError,
  conflict,
  isUniqueViolation,
  notFound,
  requireRecentAuthentication,
} from '../../http/errors';
import type { Language } from '@shared/api/preferences';
import type { PlanId } from '@shared/constants/plans';
import { chosenLanguage, textFor } from '../../i18n/index';
import { hashToken, newToken, revokeUserSessions } from '../../sessions/index';
import { recordAudit } from '../activity/service';
import type { MailSender } from '../mail/service';
import { organizationOf } from '../organizations/repository';
import { emailTaken, usersOf } from './repository';

const INVITE_DAYS = 7;
const duplicateEmail = () => conflict('A user with this e-mail already exists');

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
    twoFactorEnabled: row.totpEnabledAt !== null,
  };
}

function newInvitation() {
  const token = newToken();
  return {
    token,
    inviteTokenHash: hashToken(token),
    inviteExpiresAt: new Date(Date.now() + INVITE_DAYS * 24 * 3600_000),
  };
}

/**
 * Runs `work` in a transaction holding the organization's row lock, so rules that count users
 * (seat limit, last admin) hold when several admins act at the same moment.
 */
function withOrganizationLock<T>(
  db: Database,
  organizationId: string,
  work: (tx: Transaction) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    await organizationOf(tx, organizationId).lock();
    return work(tx);
  });
}

export async function listUsers(db: Database, actor: Actor): Promise<UserSummary[]> {
  const rows = await usersOf(db, actor.organizationId).list();
  // A passkey is a second factor too: the admin's reset covers it.
  const withPasskeys = new Set(
    rows.length
      ? (
          await db
            .selectDistinct({ userId: passkeys.userId })
            .from(passkeys)
            .where(
              inArray(
                passkeys.userId,
                rows.map((r) => r.id),
              ),
            )
        ).map((p) => p.userId)
      : [],
  );
  return rows.map((row) => {
    const summary = toUserSummary(row);
    return withPasskeys.has(row.id) ? { ...summary, twoFactorEnabled: true } : summary;
  });
}

async function assertSeatAvailable(tx: Transaction, actor: Actor) {
  const limit = findPlan(actor.organizationPlan)?.userLimit ?? null;
  if (limit === null) return;
  if ((await usersOf(tx, actor.organizationId).countSeats()) >= limit) {
    throw new AppError(
      403,
      ERROR_CODES.planLimit,
      `Your plan allows ${limit} users. Deactivate a user or change plan to add another.`,
    );
  }
}

/**
 * The invitation e-mail, when SMTP is configured: written to the outbox in the same transaction
 * as the invitation, so it exists exactly when the invitation does. In the invitee's language
 * when their account has one, otherwise in the inviting admin's (the invitee has chosen none yet).
 */
/** Who sends an invitation: an admin of the organization, or a platform operator. */
interface Inviter {
  organizationId: string;
  organizationName: string;
  name: string;
  language: Language;
  /** A trial sign-up: the message asks its author to confirm, nobody invited them. */
  signup?: boolean;
}

const inviterOf = (actor: Actor): Inviter => ({
  organizationId: actor.organizationId,
  organizationName: actor.organizationName,
  name: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
  language: actor.preferences.language,
});

async function mailInvitation(
  tx: DbOrTx,
  mail: MailSender | undefined,
  from: Inviter,
  to: { email: string; role: string; preferences?: unknown },
  invitation: { token: string; inviteExpiresAt: Date },
): Promise<boolean> {
  if (!mail?.enabled) return false;
  const language = chosenLanguage(to.preferences) ?? from.language;
  const t = textFor(language, 'mail');
  const inviter = from.name;
  const organization = from.organizationName;
  const link = `${mail.publicUrl}/invite?token=${invitation.token}`;
  const role = (ROLES as readonly string[]).includes(to.role) ? t(`roles.${to.role}`) : to.role;
  const expires = invitation.inviteExpiresAt.toISOString().slice(0, 16).replace('T', ' ');
  await mail.send(tx, {
    organizationId: from.organizationId,
    to: to.email,
    kind: 'invitation',
    subject: from.signup
      ? t('signup.subject', { organization })
      : t('invitation.subject', { organization }),
    text: [
      from.signup
        ? t('signup.confirm', { organization })
        : t('invitation.invited', { inviter, organization, role }),
      '',
      t('invitation.link', { expires }),
      '',
      link,
      '',
      from.signup ? t('signup.ignore') : t('invitation.ignore'),
    ].join('\n'),
  });
  return true;
}

/**
 * Creates the account and a one-time invitation; the invitee chooses their own password.
 * `alongside` runs in the same transaction with the new account (an external auditor's access is
 * written with it, or neither is).
 */
export async function inviteUser(
  db: Database,
  actor: Actor,
  input: CreateUserRequest,
  mail?: MailSender,
  alongside?: (tx: Transaction, created: typeof users.$inferSelect) => Promise<void>,
) {
  const invitation = newInvitation();
  let emailed = false;
  try {
    const row = await withOrganizationLock(db, actor.organizationId, async (tx) => {
      await assertSeatAvailable(tx, actor);
      if (await emailTaken(tx, input.email)) throw duplicateEmail();
      const [created] = await usersOf(tx, actor.organizationId).insert({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        inviteTokenHash: invitation.inviteTokenHash,
        inviteExpiresAt: invitation.inviteExpiresAt,
      });
      if (!created) throw new Error('user insert returned nothing');
      await alongside?.(tx, created);
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'invite_user',
        details: { email: created.email, role: created.role },
      });
      emailed = await mailInvitation(tx, mail, inviterOf(actor), created, invitation);
      return created;
    });
    return {
      user: toUserSummary(row),
      invitePath: `/invite?token=${invitation.token}`,
      inviteExpiresAt: invitation.inviteExpiresAt.toISOString(),
      emailed,
    };
  } catch (error) {
    // Another organization may take the same e-mail between our check and our insert.
    if (isUniqueViolation(error, 'users_email_unique')) throw duplicateEmail();
    throw error;
  }
}

/**
 * A new organization and its first admin, invited to choose a password: created by a platform
 * operator, or by someone signing up for a trial (the invitation is then the e-mail confirmation).
 * Audited in the new organization's log, which is where its story starts.
 */
export async function inviteFirstAdmin(
  db: Database,
  input: {
    organizationName: string;
    plan: PlanId;
    firstName: string;
    lastName: string;
    email: string;
  },
  by: { name: string; language: Language; via: 'operator' | 'sign-up' },
  mail?: MailSender,
) {
  const invitation = newInvitation();
  try {
    return await db.transaction(async (tx) => {
      if (await emailTaken(tx, input.email)) throw duplicateEmail();
      const [organization] = await tx
        .insert(organizations)
        .values({ name: input.organizationName, plan: input.plan })
        .returning();
      if (!organization) throw new Error('organization insert returned nothing');
      const [admin] = await usersOf(tx, organization.id).insert({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        inviteTokenHash: invitation.inviteTokenHash,
        inviteExpiresAt: invitation.inviteExpiresAt,
      });
      if (!admin) throw new Error('user insert returned nothing');
      await recordAudit(tx, {
        organizationId: organization.id,
        actorId: null,
        action: 'create_organization',
        details: {
          organizationName: organization.name,
          plan: organization.plan,
          adminEmail: admin.email,
          by: by.via === 'operator' ? by.name : 'trial sign-up',
        },
      });
      const emailed = await mailInvitation(
        tx,
        mail,
        {
          organizationId: organization.id,
          organizationName: organization.name,
          name: by.name,
          language: by.language,
          signup: by.via === 'sign-up',
        },
        admin,
        invitation,
      );
      return {
        organization,
        admin: toUserSummary(admin),
        invitePath: `/invite?token=${invitation.token}`,
        inviteExpiresAt: invitation.inviteExpiresAt.toISOString(),
        emailed,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw duplicateEmail();
    throw error;
  }
}

export async function reissueInvite(db: Database, actor: Actor, userId: string, mail?: MailSender) {
  const invitation = newInvitation();
  let emailed = false;
  const user = await db.transaction(async (tx) => {
    const repo = usersOf(tx, actor.organizationId);
    const found = await repo.find(userId);
    if (!found) throw notFound('User');
    if (found.passwordHash) throw conflict('This user has already accepted their invitation');
    if (found.deactivatedAt) throw conflict('Reactivate this user before sending a new invitation');
    await repo.update(userId, {
      inviteTokenHash: invitation.inviteTokenHash,
      inviteExpiresAt: invitation.inviteExpiresAt,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'reissue_invite',
      details: { email: found.email },
    });
    emailed = await mailInvitation(tx, mail, inviterOf(actor), found, invitation);
    return found;
  });
  return {
    user: toUserSummary(user),
    invitePath: `/invite?token=${invitation.token}`,
    inviteExpiresAt: invitation.inviteExpiresAt.toISOString(),
    emailed,
  };
}

export async function updateUser(
  db: Database,
  actor: Actor,
  userId: string,
  input: UpdateUserRequest,
) {
  return withOrganizationLock(db, actor.organizationId, async (tx) => {
    const repo = usersOf(tx, actor.organizationId);
    const user = await repo.find(userId);
    if (!user) throw notFound('User');
    const values: Partial<typeof users.$inferInsert> = {};
    if (input.role && input.role !== user.role) values.role = input.role;
    if (input.active === false && !user.deactivatedAt) values.deactivatedAt = new Date();
    if (input.active === true && user.deactivatedAt) values.deactivatedAt = null;
    if (Object.keys(values).length === 0) return toUserSummary(user);
    // Another admin's access, or making someone an admin, asks for a password entered lately.
    if (user.id !== actor.userId && (user.role === 'admin' || values.role === 'admin')) {
      requireRecentAuthentication(actor, 'change an administrator’s role or access');
    }

    const isActiveAdmin =
      user.role === 'admin' && !user.deactivatedAt && user.passwordHash !== null;
    const losesAdmin =
      values.deactivatedAt instanceof Date ||
      (values.role !== undefined && values.role !== 'admin');
    if (isActiveAdmin && losesAdmin && (await repo.countActiveAdmins()) <= 1) {
      throw conflict('The organization needs at least one active admin');
    }
    if (values.deactivatedAt === null) await assertSeatAvailable(tx, actor);

    const [updated] = await repo.update(userId, values);
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
