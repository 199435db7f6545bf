import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  auditLogList,
  auditLogQuery,
  notificationCount,
  notificationList,
} from '@shared/api/activity';
import { notifications } from '../../db/schema';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import { auditLogCsv, listAuditLogs } from './audit-log';

export function activityRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit-logs',
    {
      schema: { tags: ['activity'], querystring: auditLogQuery, response: { 200: auditLogList } },
      onRequest: authorize('readAllRecords'),
    },
    (request) => listAuditLogs(db, actorOf(request), request.query.limit),
  );

  app.get(
    '/api/notifications/count',
    {
      schema: { tags: ['activity'], response: { 200: notificationCount } },
      onRequest: authorize(),
    },
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

  app.get(
    '/api/notifications',
    {
      schema: { tags: ['activity'], response: { 200: notificationList } },
      onRequest: authorize(),
    },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.organizationId, actor.organizationId),
            eq(notifications.userId, actor.userId),
          ),
        )
        .orderBy(desc(notifications.createdAt))
        .limit(20);
      return rows.map((n) => ({
        id: n.id,
        title: n.title,
        body: n.body,
        link: n.link,
        readAt: n.readAt?.toISOString() ?? null,
        createdAt: n.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/api/audit-logs/export.csv',
    { schema: { tags: ['activity'] }, onRequest: authorize('exportReports') },
    async (request, reply) => {
      const csv = await auditLogCsv(db, actorOf(request));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="centerline-audit-log-${stamp}.csv"`)
        .send(csv);
    },
  );
}
