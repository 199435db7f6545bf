import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNull } from 'drizzle-orm';
import { adminStats, organizationList } from '@shared/api/users';
import { findPlan } from '@shared/constants/plans';
import { organizations, users } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';

export function organizationRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const adminOnly = authorize('manageOrganization');
  const tags = ['organizations'];

  // An admin administers one organization; the list holds exactly the ones they may see.
  app.get(
    '/api/organizations',
    { schema: { tags, response: { 200: organizationList } }, onRequest: adminOnly },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          plan: organizations.plan,
          createdAt: organizations.createdAt,
          userCount: count(users.id),
        })
        .from(organizations)
        .leftJoin(
          users,
          and(eq(users.organizationId, organizations.id), isNull(users.deactivatedAt)),
        )
        .where(eq(organizations.id, actor.organizationId))
        .groupBy(organizations.id);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStats } }, onRequest: adminOnly },
    async (request) => {
      const actor = actorOf(request);
      const inOrg = eq(users.organizationId, actor.organizationId);
      const [totals] = await db
        .select({
          total: count(),
          active: count(users.passwordHash),
        })
        .from(users)
        .where(and(inOrg, isNull(users.deactivatedAt)));
      const [invited] = await db
        .select({ n: count() })
        .from(users)
        .where(and(inOrg, isNull(users.deactivatedAt), isNull(users.passwordHash)));
      return {
        totalOrganizations: 1,
        totalUsers: totals?.total ?? 0,
        activeUsers: totals?.active ?? 0,
        invitedUsers: invited?.n ?? 0,
        userLimit: findPlan(actor.organizationPlan)?.userLimit ?? null,
      };
    },
  );
}
