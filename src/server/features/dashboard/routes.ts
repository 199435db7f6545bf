import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { dashboardStats } from '@shared/api/records';
import { documents, extractedFields } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import { recordFigures } from '../training-events/dashboard-figures';

export function dashboardRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dashboard/stats',
    {
      schema: { tags: ['dashboard'], response: { 200: dashboardStats } },
      onRequest: authorize('readAllRecords'),
    },
    async (request) => {
      const { organizationId } = actorOf(request);
      const records = await recordFigures(db, organizationId);
      const [pending] = await db
        .select({ n: count() })
        .from(documents)
        .where(
          and(
            eq(documents.organizationId, organizationId),
            eq(documents.status, 'processed'),
            isNull(documents.deletedAt),
            // A document with no field left to check (a multi-row sheet, an unreadable scan)
            // awaits nobody's review.
            sql`exists (select 1 from ${extractedFields} where ${extractedFields.documentId} = ${documents.id} and ${extractedFields.validatedAt} is null)`,
          ),
        );
      // AI accuracy: of the fields people have validated, the share they accepted unchanged.
      const [fields] = await db
        .select({
          validated: count(),
          accepted:
            sql<number>`count(*) filter (where ${extractedFields.validatedValue} = ${extractedFields.extractedValue})`.mapWith(
              Number,
            ),
        })
        .from(extractedFields)
        .innerJoin(documents, eq(documents.id, extractedFields.documentId))
        .where(
          and(
            eq(extractedFields.organizationId, organizationId),
            isNotNull(extractedFields.validatedAt),
            isNull(documents.deletedAt),
          ),
        );
      return {
        totalRecords: records.totalRecords,
        complianceRate: records.complianceRate,
        pendingReviews: pending?.n ?? 0,
        aiAccuracy: fields?.validated
          ? Math.round(((fields.accepted ?? 0) / fields.validated) * 1000) / 10
          : null,
        trends: { ...records.trends },
      };
    },
  );
}
