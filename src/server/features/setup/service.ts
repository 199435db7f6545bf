import { count, eq, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/constants/plans';
import type { Database, DbOrTx } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { conflict, AppError } from '../../http/errors';
import { ERROR_CODES } from '@shared/api/errors';
import { recordAudit } from '../activity/service';
import { hashPassword } from '../auth/service';

export interface NewOrganization {
  organizationName: string;
  plan: PlanId;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

// Any constant works; it only serialises concurrent first-run setups.
const SETUP_LOCK_KEY = 142_0001;

export async function isSetupOpen(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return (row?.n ?? 0) === 0;
}

/** Creates an organization and its first admin in one transaction. */
export async function createOrganizationWithAdmin(db: DbOrTx, input: NewOrganization) {
  const passwordHash = await hashPassword(input.password);
  const [org] = await db
    .insert(organizations)
    .values({ name: input.organizationName, plan: input.plan })
    .returning();
  if (!org) throw new Error('organization insert returned nothing');
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing.length) throw conflict('A user with this e-mail already exists');
  const [admin] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      email: input.email.toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'admin',
      passwordHash,
    })
    .returning();
  if (!admin) throw new Error('user insert returned nothing');
  await recordAudit(db, {
    organizationId: org.id,
    actorId: admin.id,
    action: 'create_organization',
    details: { organizationName: org.name, plan: org.plan, adminEmail: admin.email },
  });
  return { organization: org, admin };
}

/** First-run setup: allowed only while no organization exists (also under concurrency). */
export async function runFirstSetup(db: Database, input: NewOrganization) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(organizations);
    if ((row?.n ?? 0) > 0) {
      throw new AppError(
        409,
        ERROR_CODES.setupClosed,
        'Setup is already complete. Sign in instead.',
      );
    }
    const created = await createOrganizationWithAdmin(tx, input);
    // The person who ran setup is signed in straight away.
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, created.admin.id));
    return created;
  });
}
