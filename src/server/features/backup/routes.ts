import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupOverview as overviewBody, backupRun, backupSettings } from '@shared/api/backup';
import { actorOf, authorizeInstallation } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { backupOverview, saveBackupSettings, startBackup } from './service';

/** Backup Settings (the installation's operators, or its admins): the schedule, the folder, retention, and a backup now. */
export function backupRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, config, jobs, jobDefinitions } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];
  // The whole installation's data: its operators' (or, with none, its admins') to set.
  const adminOnly = authorizeInstallation();

  app.get(
    '/api/admin/backup',
    {
      schema: { tags, response: { 200: overviewBody, ...errorResponses(401, 403) } },
      onRequest: adminOnly,
    },
    () => backupOverview(db, config),
  );

  app.put(
    '/api/admin/backup',
    {
      schema: {
        tags,
        body: backupSettings,
        response: { 200: backupSettings, ...errorResponses(401, 403, 422) },
      },
      onRequest: adminOnly,
    },
    (request) => saveBackupSettings(db, actorOf(request), request.body),
  );

  app.post(
    '/api/admin/backup/run',
    {
      schema: { tags, response: { 202: backupRun, ...errorResponses(401, 403) } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await startBackup(
            { db, config, jobs, job: jobDefinitions.backup },
            'manual',
            actorOf(request),
          ),
        ),
  );
}
