import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../../db/client';
import { organizations, passkeys, recoveryCodes, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, conflict } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { secondFactorMethods } from './two-factor';

/** Admin Dashboard → Security: whether everyone must sign in with a second factor. */
export async function securityPolicy(db: Database, actor: Actor) {
  const [org] = await db
    .select({ twoFactorRequired: organizations.twoFactorRequired })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  return { twoFactorRequired: org?.twoFactorRequired ?? false };
}

export async function setSecurityPolicy(
  db: Database,
  actor: Actor,
  policy: { twoFactorRequired: boolean },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ twoFactorRequired: policy.twoFactorRequired })
      .where(eq(organizations.id, actor.organizationId));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_security_policy',
      details: { twoFactorRequired: policy.twoFactorRequired },
    });
  });
  return policy;
}

/**
 * The way back for someone who lost their phone and their recovery codes: an admin of their
 * organization turns the second factor off (audited); the user sets up a new one at next sign-in.
 */
export async function resetTwoFactor(db: Database, actor: Actor, userId: string) {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.organizationId, actor.organizationId)));
    if (!target) throw new AppError(404, ERROR_CODES.notFound, 'User not found');
    const methods = await secondFactorMethods(tx, target);
    if (methods.length === 0) throw conflict('This user has no second factor to turn off.');
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx
      .update(users)
      .set({
        totpSecretSealed: null,
        totpEnabledAt: null,
        totpLastStep: null,
        secondFactorFailures: 0,
        secondFactorLockedUntil: null,
      })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'reset_two_factor',
      details: { email: target.email, by: actor.email },
    });
  });
}
