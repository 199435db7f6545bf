import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { dashboardStats } from '@shared/api/records';
import { documents, trainingEvents } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';

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
      const [records] = await db
        .select({ n: count() })
        .from(trainingEvents)
        .where(eq(trainingEvents.organizationId, organizationId));
      // Events due = events dated today or earlier; completed ones among them are compliant.
      const [due] = await db
        .select({
          due: count(),
          completed:
            sql<number>`count(*) filter (where ${trainingEvents.status} = 'completed')`.mapWith(
              Number,
            ),
        })
        .from(trainingEvents)
        .where(
          and(
            eq(trainingEvents.organizationId, organizationId),
            lte(trainingEvents.eventDate, sql`current_date`),
          ),
        );
      const [pending] = await db
        .select({ n: count() })
        .from(documents)
        .where(
          and(eq(documents.organizationId, organizationId), eq(documents.status, 'processed')),
        );
      const dueCount = due?.due ?? 0;
      return {
        totalRecords: records?.n ?? 0,
        complianceRate:
          dueCount === 0 ? null : Math.round(((due?.completed ?? 0) / dueCount) * 1000) / 10,
        pendingReviews: pending?.n ?? 0,
        // Needs validated extraction results, which arrive with document processing.
        aiAccuracy: null,
      };
    },
  );
}
