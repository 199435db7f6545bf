import { asc, count } from 'drizzle-orm';
import type {
  AdminStats,
  CreatedOrganization,
  CreateOrganizationRequest,
  OrganizationSummary,
  SignupRequest,
} from '@shared/api/users';
import { ERROR_CODES } from '@shared/api/errors';
import { findPlan } from '@shared/constants/plans';
import { can } from '@shared/constants/roles';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { textFor } from '../../i18n/index';
import { AppError, forbidden } from '../../http/errors';
import { usageByOrganization } from '../documents/repository';
import type { MailSender } from '../mail/service';
import { emailTaken } from '../users/repository';
import { inviteFirstAdmin } from '../users/service';
import { seatsByOrganization, usersOf } from '../users/repository';
import { organizationOf, type OrganizationRow } from './repository';

/**
 * Counts and plan usage of organizations: what an operator may see, never their records. Two
 * grouped queries whatever the number of organizations.
 */
async function summariesOf(db: Database, rows: OrganizationRow[]): Promise<OrganizationSummary[]> {
  const ids = rows.map((r) => r.id);
  const [seats, usage] = await Promise.all([
    seatsByOrganization(db, ids),
    usageByOrganization(db, ids),
  ]);
  return rows.map((organization) => {
    const plan = findPlan(organization.plan);
    const used = usage.get(organization.id);
    return {
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      createdAt: organization.createdAt.toISOString(),
      userCount: seats.get(organization.id) ?? 0,
      userLimit: plan?.userLimit ?? null,
      documentCount: used?.documents ?? 0,
      documentLimit: plan?.documentLimit ?? null,
      storageBytes: used?.storageBytes ?? 0,
    };
  });
}

/** An admin sees their organization; a platform operator sees every one. */
function assertMayList(actor: Actor) {
  if (!actor.operator && !can(actor.role, 'manageOrganization')) throw forbidden();
}

export async function listOrganizations(
  db: Database,
  actor: Actor,
): Promise<OrganizationSummary[]> {
  assertMayList(actor);
  const rows = actor.operator
    ? await db.select().from(organizations).orderBy(asc(organizations.name))
    : [await organizationOf(db, actor.organizationId).find()].filter((r) => r !== undefined);
  return summariesOf(db, rows);
}

export async function getAdminStats(db: Database, actor: Actor): Promise<AdminStats> {
  const seats = await usersOf(db, actor.organizationId).seatCounts();
  const [all] = actor.operator ? await db.select({ n: count() }).from(organizations) : [{ n: 1 }];
  return {
    totalOrganizations: all?.n ?? 1,
    totalUsers: seats.total,
    activeUsers: seats.active,
    invitedUsers: seats.invited,
    userLimit: findPlan(actor.organizationPlan)?.userLimit ?? null,
    server: {
      startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
    },
  };
}

/** A platform operator creates an organization and invites its first admin. */
export async function createOrganization(
  db: Database,
  actor: Actor,
  input: CreateOrganizationRequest,
  mail: MailSender,
): Promise<CreatedOrganization> {
  if (!actor.operator) throw forbidden();
  const name = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  const created = await inviteFirstAdmin(
    db,
    input,
    { name, language: actor.preferences.language, via: 'operator' },
    mail,
  );
  return {
    organization: (await summariesOf(db, [created.organization]))[0]!,
    adminEmail: created.admin.email,
    invitePath: created.invitePath,
    inviteExpiresAt: created.inviteExpiresAt,
    emailed: created.emailed,
  };
}

/**
 * The trial sign-up (SIGNUP=open): a Trial organization whose admin confirms the address by
 * choosing a password from the e-mailed link. The answer is the same whether or not the address
 * already has an account, so the form does not tell strangers who uses Centerline; that
 * account's owner is told by e-mail instead.
 */
export async function signUp(db: Database, input: SignupRequest, mail: MailSender) {
  if (!mail.enabled) {
    throw new AppError(
      409,
      ERROR_CODES.mailUnavailable,
      'This server does not send e-mail (SMTP_URL is not set), so a sign-up cannot be confirmed. Ask the operator of this installation for an invitation.',
    );
  }
  if (await emailTaken(db, input.email)) {
    const t = textFor(input.language, 'mail');
    await mail.send(db, {
      organizationId: null,
      to: input.email,
      kind: 'signup',
      subject: t('signup.existingSubject'),
      text: [t('signup.existing'), '', `${mail.publicUrl}/api/login`, '', t('signup.ignore')].join(
        '\n',
      ),
    });
    return { email: input.email };
  }
  await inviteFirstAdmin(
    db,
    { ...input, plan: 'trial' },
    { name: input.email, language: input.language, via: 'sign-up' },
    mail,
  );
  return { email: input.email };
}
