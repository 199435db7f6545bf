import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configurationUpdate, systemConfiguration } from '@shared/api/configuration';
import { adminStats, organizationList } from '@shared/api/users';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { systemConfiguration as configurationOf, updateConfiguration } from './configuration';
import { getAdminStats, listOrganizations } from './service';

export function organizationRoutes(root: FastifyInstance, { db, config, ocr }: RouteContext) {
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

  const facts = { ocrWorkers: ocr.size, sessionMaxHours: config.SESSION_MAX_HOURS };
  app.get(
    '/api/admin/configuration',
    {
      schema: { tags, response: { 200: systemConfiguration, ...errorResponses(401, 403) } },
      onRequest: adminOnly,
    },
    (request) => configurationOf(db, actorOf(request), facts),
  );

  app.put(
    '/api/admin/configuration',
    {
      schema: {
        tags,
        body: configurationUpdate,
        response: { 200: systemConfiguration, ...errorResponses(401, 403, 422) },
      },
      onRequest: adminOnly,
    },
    (request) => updateConfiguration(db, actorOf(request), request.body, facts),
  );
}
