import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { trainingEventList } from '@shared/api/records';
import { trainingEvents } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';

export function trainingEventRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/training-events',
    {
      schema: { tags: ['training-events'], response: { 200: trainingEventList } },
      onRequest: authorize('readAssignedRecords'),
    },
    async (request) => {
      const actor = actorOf(request);
      // Viewers see only events assigned to them; assignment arrives with the records feature.
      if (actor.role === 'viewer') return [];
      const rows = await db
        .select()
        .from(trainingEvents)
        .where(eq(trainingEvents.organizationId, actor.organizationId))
        .orderBy(desc(trainingEvents.eventDate));
      return rows.map((r) => ({
        id: r.id,
        studentName: r.studentName,
        licenseNumber: r.licenseNumber,
        eventType: r.eventType,
        eventDate: r.eventDate,
        status: r.status,
        blockchainHash: r.blockchainHash,
      }));
    },
  );
}
