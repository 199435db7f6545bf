import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStats, organizationList } from '@shared/api/users';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import { getAdminStats, listOrganizations } from './service';

export function organizationRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const adminOnly = authorize('manageOrganization');
  const tags = ['organizations'];

  app.get(
    '/api/organizations',
    { schema: { tags, response: { 200: organizationList } }, onRequest: adminOnly },
    (request) => listOrganizations(db, actorOf(request)),
  );

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStats } }, onRequest: adminOnly },
    (request) => getAdminStats(db, actorOf(request)),
  );
}
