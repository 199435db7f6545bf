import type { z } from 'zod';
import type { AdminStats, organizationList } from '@shared/api/users';
import { findPlan } from '@shared/constants/plans';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { documentsOf } from '../documents/repository';
import { usersOf } from '../users/repository';
import { organizationOf } from './repository';

/** An admin administers one organization: the list holds exactly the ones they may see. */
export async function listOrganizations(
  db: Database,
  actor: Actor,
): Promise<z.infer<typeof organizationList>> {
  const organization = await organizationOf(db, actor.organizationId).find();
  if (!organization) return [];
  const userCount = await usersOf(db, actor.organizationId).countSeats();
  const usage = await documentsOf(db, actor.organizationId).usage();
  const plan = findPlan(organization.plan);
  return [
    {
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      createdAt: organization.createdAt.toISOString(),
      userCount,
      userLimit: plan?.userLimit ?? null,
      documentCount: usage.documents,
      documentLimit: plan?.documentLimit ?? null,
      storageBytes: usage.storageBytes,
    },
  ];
}

export async function getAdminStats(db: Database, actor: Actor): Promise<AdminStats> {
  const seats = await usersOf(db, actor.organizationId).seatCounts();
  return {
    totalOrganizations: 1,
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
