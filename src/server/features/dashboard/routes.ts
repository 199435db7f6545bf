import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { complianceAlerts, dashboardAnalytics, dashboardQuery } from '@shared/api/dashboard';
import { dashboardStats } from '@shared/api/records';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { documentFigures } from '../documents/service';
import { cachedFigure, complianceAlertsFor, recordFigures } from '../training-events/service';
import { dashboardAnalyticsFor } from './analytics';

export function dashboardRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const errors = errorResponses(401, 403, 422);

  app.get(
    '/api/dashboard/stats',
    {
      schema: { tags, response: { 200: dashboardStats } },
      onRequest: authorize('readAllRecords'),
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const [records, docs] = await Promise.all([
        cachedFigure(db, actor, 'record figures', () =>
          recordFigures(db, actor.organizationId, now),
        ),
        documentFigures(db, actor.organizationId, now),
      ]);
      return {
        totalRecords: records.totalRecords,
        complianceRate: records.complianceRate,
        pendingReviews: docs.pendingReviews,
        aiAccuracy: docs.aiAccuracy,
        trends: { ...records.trends, ...docs.trends },
      };
    },
  );

  app.get(
    '/api/dashboard/alerts',
    {
      schema: { tags, querystring: dashboardQuery, response: { 200: complianceAlerts, ...errors } },
      onRequest: authorize('readAssignedRecords'),
    },
    (request) => complianceAlertsFor(db, actorOf(request), request.query.tz),
  );

  app.get(
    '/api/dashboard/analytics',
    {
      schema: {
        tags,
        querystring: dashboardQuery,
        response: { 200: dashboardAnalytics, ...errors },
      },
      onRequest: authorize('readAssignedRecords'),
    },
    (request) => dashboardAnalyticsFor(db, actorOf(request), request.query.tz),
  );
}
