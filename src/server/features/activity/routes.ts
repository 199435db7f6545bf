import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditLogList,
  auditLogQuery,
  markNotificationsRead as markNotificationsReadBody,
  markNotificationsReadResponse,
  notificationCount,
  notificationList,
} from '@shared/api/activity';
import { actorOf, authorize } from '../../http/auth-plugin';
import type { RouteContext } from '../../http/types';
import {
  auditLogCsv,
  listAuditLogs,
  listNotifications,
  markNotificationsRead,
  unreadNotificationCount,
} from './service';

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
    async (request) => ({ unread: await unreadNotificationCount(db, actorOf(request)) }),
  );

  app.get(
    '/api/notifications',
    {
      schema: { tags: ['activity'], response: { 200: notificationList } },
      onRequest: authorize(),
    },
    (request) => listNotifications(db, actorOf(request)),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['activity'],
        body: markNotificationsReadBody,
        response: { 200: markNotificationsReadResponse },
      },
      onRequest: authorize(),
    },
    async (request) => ({
      marked: await markNotificationsRead(db, actorOf(request), request.body.ids),
    }),
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
