import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkLinksRequest,
  linkAlert,
  linkAlertList,
  linkAlertsQuery,
  linkCheckRun,
  linkHistory,
  linkIdParams,
  linkInput,
  linkList,
  linkPatch,
  linkStatus,
  runIdParams,
} from '@shared/api/links';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import {
  addLink,
  checkLinks,
  editLink,
  getCheckRun,
  linkHistory as historyOf,
  listLinkAlerts,
  listLinks,
  removeLink,
  resolveLinkAlert,
  type LinkServices,
} from './service';

/**
 * Link Monitor. Reading needs the records capability (not Viewers); the admin manages the list;
 * admins and instructors run checks and resolve alerts.
 */
export function linkRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, jobs, jobDefinitions } = ctx;
  const services: LinkServices = { db, jobs, checkJob: jobDefinitions.linkCheck };
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['links'];
  const read = authorize('readAllRecords');
  const manage = authorize('manageOrganization');
  const operate = authorize('manageDocuments');
  const errors = errorResponses(401, 403, 404, 409, 422);

  app.get(
    '/api/links',
    { schema: { tags, response: { 200: linkList, ...errors } }, onRequest: read },
    (request) => listLinks(db, actorOf(request)),
  );

  app.post(
    '/api/links',
    {
      schema: { tags, body: linkInput, response: { 201: linkStatus, ...errors } },
      onRequest: manage,
    },
    async (request, reply) =>
      reply.status(201).send(await addLink(db, actorOf(request), request.body)),
  );

  app.patch(
    '/api/links/:id',
    {
      schema: {
        tags,
        params: linkIdParams,
        body: linkPatch,
        response: { 200: linkStatus, ...errors },
      },
      onRequest: manage,
    },
    (request) => editLink(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/links/:id',
    {
      schema: { tags, params: linkIdParams, response: { 204: z.null(), ...errors } },
      onRequest: manage,
    },
    async (request, reply) => {
      await removeLink(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/links/:id/history',
    {
      schema: { tags, params: linkIdParams, response: { 200: linkHistory, ...errors } },
      onRequest: read,
    },
    (request) => historyOf(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/links/check',
    {
      schema: { tags, body: checkLinksRequest, response: { 202: linkCheckRun, ...errors } },
      onRequest: operate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(202).send(await checkLinks(services, actorOf(request), request.body?.ids)),
  );

  app.get(
    '/api/links/check/:runId',
    {
      schema: { tags, params: runIdParams, response: { 200: linkCheckRun, ...errors } },
      onRequest: read,
    },
    (request) => getCheckRun(db, actorOf(request), request.params.runId),
  );

  app.get(
    '/api/links/alerts',
    {
      schema: { tags, querystring: linkAlertsQuery, response: { 200: linkAlertList, ...errors } },
      onRequest: read,
    },
    (request) => listLinkAlerts(db, actorOf(request), request.query.status),
  );

  app.post(
    '/api/links/alerts/:id/resolve',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: linkAlert, ...errors },
      },
      onRequest: operate,
    },
    (request) => resolveLinkAlert(db, actorOf(request), request.params.id),
  );
}
