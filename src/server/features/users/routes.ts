import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createUserRequest,
  createUserResponse,
  updateUserRequest,
  userIdParams,
  userList,
  userSummary,
} from '@shared/api/users';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { mailSender } from '../mail/service';
import { inviteUser, listUsers, reissueInvite, updateUser } from './service';

export function userRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  const mail = mailSender({ ...ctx, delivery: ctx.jobDefinitions.mailDelivery });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const adminOnly = authorize('manageOrganization');
  const errors = errorResponses(401, 403, 404, 409, 422);

  app.get(
    '/api/users',
    { schema: { tags, response: { 200: userList, ...errors } }, onRequest: adminOnly },
    (request) => listUsers(db, actorOf(request)),
  );

  app.post(
    '/api/users',
    {
      schema: { tags, body: createUserRequest, response: { 201: createUserResponse, ...errors } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.status(201).send(await inviteUser(db, actorOf(request), request.body, mail)),
  );

  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags,
        params: userIdParams,
        body: updateUserRequest,
        response: { 200: userSummary, ...errors },
      },
      onRequest: adminOnly,
    },
    (request) => updateUser(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/invite',
    {
      schema: { tags, params: userIdParams, response: { 200: createUserResponse, ...errors } },
      onRequest: adminOnly,
    },
    (request) => reissueInvite(db, actorOf(request), request.params.id, mail),
  );
}
