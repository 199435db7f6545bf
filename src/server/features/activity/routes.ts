import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNull } from 'drizzle-orm';
import { auditLogList, auditLogQuery, notificationCount } from '@shared/api/activity';
import { notifications } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import { listAuditLogs } from './audit-log';

export function activityRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit-logs',
    {
      schema: { tags: ['activity'], querystring: auditLogQuery, response: { 200: auditLogList } },
      preHandler: authorize('readAllRecords'),
    },
    (request) => listAuditLogs(db, actorOf(request), request.query.limit),
  );

  app.get(
    '/api/notifications/count',
    { schema: { tags: ['activity'], response: { 200: notificationCount } }, preHandler: authorize() },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.organizationId, actor.organizationId),
            eq(notifications.userId, actor.userId),
            isNull(notifications.readAt),
          ),
        );
      return { unread: row?.n ?? 0 };
    },
  );
}
