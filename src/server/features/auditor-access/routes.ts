import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditorAccess,
  auditorAccessList,
  createAuditorAccessRequest,
  issuedAuditorAccess,
  myAuditorAccess,
} from '@shared/api/auditor-access';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import { isRecordedView } from '../../http/external-access';
import type { RouteContext } from '../../http/types';
import { mailSender } from '../mail/service';
import {
  issueAuditorAccess,
  listAuditorAccess,
  myAuditorAccess as myAccess,
  recordAuditorView,
  revokeAuditorAccess,
} from './service';

const accessParams = z.object({ id: z.uuid() });

export function auditorAccessRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  const mail = mailSender({ ...ctx, delivery: ctx.jobDefinitions.mailDelivery });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['auditor-access'];
  const adminOnly = authorize('manageOrganization');
  const errors = errorResponses(401, 403, 404, 409, 422);

  // Every read an external auditor makes is in the audit trail before its answer is computed
  // (after the route's own checks, so a refused request is not counted as a view).
  root.addHook('preHandler', async (request) => {
    const actor = request.actor;
    if (!actor?.externalAccess || !request.routeOptions.url) return;
    if (!isRecordedView(request.method, request.url)) return;
    await recordAuditorView(db, actor, request.method, request.url);
  });

  app.get(
    '/api/auditor-access',
    { schema: { tags, response: { 200: auditorAccessList, ...errors } }, onRequest: adminOnly },
    (request) => listAuditorAccess(db, actorOf(request)),
  );

  app.post(
    '/api/auditor-access',
    {
      schema: {
        tags,
        body: createAuditorAccessRequest,
        response: { 201: issuedAuditorAccess, ...errors },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.status(201).send(await issueAuditorAccess(db, actorOf(request), request.body, mail)),
  );

  app.post(
    '/api/auditor-access/:id/revoke',
    {
      schema: { tags, params: accessParams, response: { 200: auditorAccess, ...errors } },
      onRequest: adminOnly,
    },
    (request) => revokeAuditorAccess(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/auditor-access/mine',
    { schema: { tags, response: { 200: myAuditorAccess, ...errors } }, onRequest: authorize() },
    (request) => myAccess(db, actorOf(request)),
  );
}
