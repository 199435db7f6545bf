import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { documentList, type DocumentSummary } from '@shared/api/records';
import { documents } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';

export function documentRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/documents',
    {
      schema: { tags: ['documents'], response: { 200: documentList } },
      onRequest: authorize('readAllRecords'),
    },
    async (request) => {
      const rows = await db
        .select()
        .from(documents)
        .where(eq(documents.organizationId, actorOf(request).organizationId))
        .orderBy(desc(documents.createdAt));
      return rows.map((r) => ({
        id: r.id,
        originalName: r.originalName,
        mimeType: r.mimeType,
        sizeBytes: r.sizeBytes,
        status: r.status as DocumentSummary['status'],
        errorMessage: r.errorMessage,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
}
