import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import {
  AUDITOR_ACCESS_MAX_DAYS,
  type AuditorAccess,
  type AuditorAccessState,
  type createAuditorAccessRequest,
  type MyAuditorAccess,
} from '@shared/api/auditor-access';
import type { ReportScope } from '@shared/api/reports';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { auditLogs, auditorAccess, users } from '../../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../http/actor';
import { conflict, invalid, notFound } from '../../http/errors';
import { accessEnded } from '../../sessions/index';
import { recordAudit } from '../activity/service';
import type { MailSender } from '../mail/service';
import { inviteUser } from '../users/service';

type CreateInput = z.output<typeof createAuditorAccessRequest>;

/** The audit-trail action of each read an external auditor makes. */
export const AUDITOR_VIEW = 'auditor_view';

const DAY_MS = 24 * 3_600_000;

function stateOf(row: {
  expiresAt: Date;
  revokedAt: Date | null;
  passwordHash: string | null;
}): AuditorAccessState {
  const ended = accessEnded(row);
  if (ended) return ended;
  return row.passwordHash ? 'active' : 'invited';
}

const issuer = alias(users, 'issuer');

/** The organization's external auditor accesses with their views, newest first. */
function accessRows(db: Database, organizationId: string, id?: string) {
  const views = db
    .select({
      accessId: sql<string>`${auditLogs.details}->>'accessId'`.as('access_id'),
      n: count().as('n'),
      last: max(auditLogs.createdAt).as('last'),
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, AUDITOR_VIEW)))
    .groupBy(sql`${auditLogs.details}->>'accessId'`)
    .as('views');
  return db
    .select({
      access: auditorAccess,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      issuerFirst: issuer.firstName,
      issuerLast: issuer.lastName,
      views: views.n,
      lastViewedAt: views.last,
    })
    .from(auditorAccess)
    .innerJoin(users, eq(users.id, auditorAccess.userId))
    .innerJoin(issuer, eq(issuer.id, auditorAccess.createdBy))
    .leftJoin(views, sql`${views.accessId} = ${auditorAccess.id}::text`)
    .where(
      and(
        eq(auditorAccess.organizationId, organizationId),
        id === undefined ? undefined : eq(auditorAccess.id, id),
      ),
    )
    .orderBy(desc(auditorAccess.createdAt));
}

type AccessRow = Awaited<ReturnType<typeof accessRows>>[number];

function toAccess(row: AccessRow): AuditorAccess {
  const a = row.access;
  return {
    id: a.id,
    userId: a.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    scope: a.scope as ReportScope,
    purpose: a.purpose,
    expiresAt: a.expiresAt.toISOString(),
    revokedAt: a.revokedAt?.toISOString() ?? null,
    state: stateOf({ ...a, passwordHash: row.passwordHash }),
    views: Number(row.views ?? 0),
    lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
    createdAt: a.createdAt.toISOString(),
    createdByName: `${row.issuerFirst} ${row.issuerLast}`.trim(),
  };
}

export async function listAuditorAccess(db: Database, actor: Actor): Promise<AuditorAccess[]> {
  return (await accessRows(db, actor.organizationId)).map(toAccess);
}

async function findAccess(db: Database, actor: Actor, id: string) {
  const [row] = await accessRows(db, actor.organizationId, id);
  if (!row) throw notFound('Auditor access');
  return toAccess(row);
}

/**
 * Issues an external auditor access: an Auditor account invited by e-mail (or by the link the
 * admin hands over), limited to `scope` and ending at `expiresAt`. Account, access and the audit
 * entry are written together.
 */
export async function issueAuditorAccess(
  db: Database,
  actor: Actor,
  input: CreateInput,
  mail?: MailSender,
) {
  const expiresAt = new Date(input.expiresAt);
  const now = Date.now();
  if (expiresAt.getTime() <= now) {
    throw invalid('The access must end in the future', [
      { path: 'expiresAt', message: 'Choose a date after today' },
    ]);
  }
  if (expiresAt.getTime() > now + AUDITOR_ACCESS_MAX_DAYS * DAY_MS) {
    throw invalid(`An auditor access lasts at most ${AUDITOR_ACCESS_MAX_DAYS} days`, [
      { path: 'expiresAt', message: `Choose a date within ${AUDITOR_ACCESS_MAX_DAYS} days` },
    ]);
  }
  const scope: ReportScope =
    input.scope.kind === 'organization'
      ? { kind: 'organization' }
      : { kind: input.scope.kind, value: input.scope.value?.trim() };
  let accessId = '';
  const invited = await inviteUser(
    db,
    actor,
    { email: input.email, firstName: input.firstName, lastName: input.lastName, role: 'auditor' },
    mail,
    async (tx, created) => {
      const [row] = await tx
        .insert(auditorAccess)
        .values({
          organizationId: actor.organizationId,
          userId: created.id,
          scope,
          purpose: input.purpose,
          expiresAt,
          createdBy: actor.userId,
        })
        .returning({ id: auditorAccess.id });
      accessId = row!.id;
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'issue_auditor_access',
        details: {
          accessId,
          email: created.email,
          scope,
          expiresAt: expiresAt.toISOString(),
          purpose: input.purpose,
        },
      });
    },
  );
  return {
    access: await findAccess(db, actor, accessId),
    invitePath: invited.invitePath,
    inviteExpiresAt: invited.inviteExpiresAt,
    emailed: invited.emailed,
  };
}

/**
 * Ends an access now. Its sessions are refused from the next request on (every session lookup
 * reads the access), which tells the auditor it was revoked and then deletes them.
 */
export async function revokeAuditorAccess(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(auditorAccess)
      .where(and(eq(auditorAccess.organizationId, actor.organizationId), eq(auditorAccess.id, id)))
      .for('update');
    if (!row) throw notFound('Auditor access');
    if (row.revokedAt) throw conflict('This access has already been revoked');
    await tx
      .update(auditorAccess)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(eq(auditorAccess.id, id));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'revoke_auditor_access',
      details: { accessId: id },
    });
  });
  return findAccess(db, actor, id);
}

/** The caller's own access (an external auditor), or null for everyone else. */
export async function myAuditorAccess(db: Database, actor: Actor): Promise<MyAuditorAccess> {
  if (!actor.externalAccess) return { access: null };
  const access = await findAccess(db, actor, actor.externalAccess.id);
  return {
    access: {
      scope: access.scope,
      purpose: access.purpose,
      expiresAt: access.expiresAt,
      issuedBy: access.createdByName,
    },
  };
}

/**
 * Writes one read of an external auditor to the audit trail (and so to the ledger), before the
 * answer is computed: nothing is shown to them that the trail does not hold.
 */
export async function recordAuditorView(db: Database, actor: Actor, method: string, url: string) {
  if (!actor.externalAccess) return;
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: AUDITOR_VIEW,
    details: { accessId: actor.externalAccess.id, method, path: url.slice(0, 500) },
  });
}
