import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configurationUpdate, systemConfiguration } from '@shared/api/configuration';
import {
  adminStats,
  createdOrganization,
  createOrganizationRequest,
  organizationList,
  signupAccepted,
  signupRequest,
  signupStatus,
} from '@shared/api/users';
import { actorOf, authorize } from '../../http/auth-plugin';
import { AppError, errorResponses } from '../../http/errors';
import { ERROR_CODES } from '@shared/api/errors';
import type { RouteContext } from '../../http/types';
import { systemConfiguration as configurationOf, updateConfiguration } from './configuration';
import { codeRateLimit } from '../../http/rate-limits';
import { mailSender } from '../mail/service';
import { createOrganization, getAdminStats, listOrganizations, signUp } from './service';

export function organizationRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, config, ocr } = ctx;
  const mail = mailSender({ ...ctx, delivery: ctx.jobDefinitions.mailDelivery });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const adminOnly = authorize('manageOrganization');
  const tags = ['organizations'];

  // An admin lists their organization; a platform operator every one (the service decides).
  app.get(
    '/api/organizations',
    {
      schema: { tags, response: { 200: organizationList, ...errorResponses(401, 403) } },
      onRequest: authorize(),
    },
    (request) => listOrganizations(db, actorOf(request)),
  );

  app.post(
    '/api/organizations',
    {
      schema: {
        tags,
        body: createOrganizationRequest,
        response: { 201: createdOrganization, ...errorResponses(401, 403, 409, 422) },
      },
      onRequest: authorize(),
    },
    async (request, reply) =>
      reply.status(201).send(await createOrganization(db, actorOf(request), request.body, mail)),
  );

  app.get('/api/signup/status', { schema: { tags, response: { 200: signupStatus } } }, () => ({
    open: config.SIGNUP === 'open',
  }));

  app.post(
    '/api/signup',
    {
      schema: {
        tags,
        body: signupRequest,
        response: { 202: signupAccepted, ...errorResponses(404, 409, 422, 429) },
      },
      config: codeRateLimit(config),
    },
    async (request, reply) => {
      if (config.SIGNUP !== 'open') {
        throw new AppError(
          404,
          ERROR_CODES.notFound,
          'Sign-up is not open on this installation. Ask its operator for an invitation.',
        );
      }
      return reply.status(202).send(await signUp(db, request.body, mail));
    },
  );

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStats } }, onRequest: adminOnly },
    (request) => getAdminStats(db, actorOf(request)),
  );

  const facts = { ocrWorkers: ocr.size, sessionMaxHours: config.SESSION_MAX_HOURS };
  app.get(
    '/api/admin/configuration',
    {
      schema: { tags, response: { 200: systemConfiguration, ...errorResponses(401, 403) } },
      onRequest: adminOnly,
    },
    (request) => configurationOf(db, actorOf(request), facts),
  );

  app.put(
    '/api/admin/configuration',
    {
      schema: {
        tags,
        body: configurationUpdate,
        response: { 200: systemConfiguration, ...errorResponses(401, 403, 422) },
      },
      onRequest: adminOnly,
    },
    (request) => updateConfiguration(db, actorOf(request), request.body, facts),
  );
}
