import { datesFor } from '../../reports/reader-dates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeResponse,
  alertCountResponse,
  alertIdParams,
  alertsExportQuery,
  alertsQuery,
  alertsResponse,
  changeDetail as changeDetailSchema,
  changeIdParams,
  changesQuery,
  changesResponse,
  complianceReport as complianceReportSchema,
  complianceReportQuery,
  latestRunResponse,
  refreshResponse,
  sourceIdParams,
  watchedSource,
  watchedSourceInput,
  watchedSourcesResponse,
} from '@shared/api/regulatory';
import { z } from 'zod';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { recordAudit } from '../activity/service';
import { alertsPdf, alertsXlsx } from './export';
import { addSource, listSources, removeSource } from './sources';
import {
  acknowledgeAlert,
  alertsForExport,
  changeDetail,
  complianceReport,
  latestFetchRun,
  listAlerts,
  listChanges,
  raiseCatalogueUpdateAlerts,
  startFetch,
  unacknowledgedCount,
} from './service';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Regulatory Compliance Monitor and Regulatory Alerts. Regulation text and its changes are the
 * same for everyone (any signed-in user reads them, like the checklist); alerts name trainees and
 * records, so they need the right to read all records. Refresh queues the fetch job (202).
 */
export async function regulatoryRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, config, jobs, jobDefinitions } = ctx;
  const fetchServices = { db, jobs, job: jobDefinitions.regulatoryFetch };
  ctx.atStartup(() => raiseCatalogueUpdateAlerts(db));

  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['regulatory'];
  const errors = errorResponses(401, 403, 404, 409, 422);
  const readAlerts = authorize('readAllRecords');

  app.get(
    '/api/regulatory/compliance-report',
    {
      schema: {
        tags,
        querystring: complianceReportQuery,
        response: { 200: complianceReportSchema, ...errors },
      },
      onRequest: authorize(),
    },
    (request) => complianceReport(db, config, actorOf(request), request.query.country),
  );

  app.post(
    '/api/regulatory/refresh',
    {
      schema: { tags, response: { 202: refreshResponse, ...errors } },
      onRequest: authorize('manageDocuments'),
    },
    async (request, reply) => {
      const run = await startFetch(fetchServices, actorOf(request));
      return reply.code(202).send({ run });
    },
  );

  app.get(
    '/api/regulatory/runs/latest',
    { schema: { tags, response: { 200: latestRunResponse, ...errors } }, onRequest: authorize() },
    async () => ({ run: await latestFetchRun(db) }),
  );

  app.get(
    '/api/regulatory/changes',
    {
      schema: { tags, querystring: changesQuery, response: { 200: changesResponse, ...errors } },
      onRequest: authorize(),
    },
    async (request) => ({ changes: await listChanges(db, request.query) }),
  );

  app.get(
    '/api/regulatory/changes/:id',
    {
      schema: { tags, params: changeIdParams, response: { 200: changeDetailSchema, ...errors } },
      onRequest: authorize(),
    },
    (request) => changeDetail(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/regulatory/alerts',
    {
      schema: { tags, querystring: alertsQuery, response: { 200: alertsResponse, ...errors } },
      onRequest: readAlerts,
    },
    (request) => listAlerts(db, actorOf(request), request.query),
  );

  app.get(
    '/api/regulatory/alerts/count',
    { schema: { tags, response: { 200: alertCountResponse, ...errors } }, onRequest: readAlerts },
    (request) => unacknowledgedCount(db, actorOf(request)),
  );

  app.post(
    '/api/regulatory/alerts/:id/acknowledge',
    {
      schema: { tags, params: alertIdParams, response: { 200: acknowledgeResponse, ...errors } },
      onRequest: authorize('editChecklist'),
    },
    (request) => acknowledgeAlert(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/regulatory/alerts/export',
    {
      // No response schema: the body is a file, not JSON.
      schema: { tags, querystring: alertsExportQuery },
      onRequest: authorize('exportReports'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { format, status } = request.query;
      const generatedAt = new Date();
      const alerts = await alertsForExport(db, actor, status);
      const body =
        format === 'pdf'
          ? await alertsPdf(
              alerts,
              actor.organizationName,
              generatedAt,
              datesFor(actor),
              actor.preferences.language,
            )
          : await alertsXlsx(alerts, generatedAt, actor.preferences.language);
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'export_regulatory_alerts',
        details: { format, status, count: alerts.length },
      });
      const stamp = generatedAt.toISOString().slice(0, 16).replace(/[-:]/g, '');
      return reply
        .type(CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="regulatory-alerts-${stamp}Z.${format}"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // Further regulations to watch (country, title, page): their pages join the Link Monitor.
  app.get(
    '/api/regulatory/sources',
    {
      schema: { tags, response: { 200: watchedSourcesResponse, ...errors } },
      onRequest: authorize(),
    },
    async (request) => ({ sources: await listSources(db, actorOf(request)) }),
  );

  app.post(
    '/api/regulatory/sources',
    {
      schema: { tags, body: watchedSourceInput, response: { 201: watchedSource, ...errors } },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) =>
      reply.status(201).send(await addSource(db, actorOf(request), request.body)),
  );

  app.delete(
    '/api/regulatory/sources/:id',
    {
      schema: { tags, params: sourceIdParams, response: { 204: z.null(), ...errors } },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      await removeSource(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
