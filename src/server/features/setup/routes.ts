import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, setupRequest, setupStatus } from '@shared/api/auth';
import { setSessionCookie } from '../../http/cookies';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { createSession, resolveSession } from '../../sessions/index';
import { toCurrentUser } from '../auth/service';
import { isSetupOpen, runFirstSetup } from './service';

export function setupRoutes(root: FastifyInstance, { db, config }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['setup'];

  app.get('/api/setup/status', { schema: { tags, response: { 200: setupStatus } } }, async () => ({
    open: await isSetupOpen(db),
  }));

  app.post(
    '/api/setup',
    {
      schema: { tags, body: setupRequest, response: { 201: currentUser, ...errorResponses(409) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { admin } = await runFirstSetup(db, request.body);
      const token = await createSession(
        db,
        admin.id,
        admin.autoLogoutMinutes,
        request.headers['user-agent'],
      );
      setSessionCookie(config, request, reply, token);
      const lookup = await resolveSession(db, token);
      if (lookup.state !== 'valid') throw new Error('new session did not resolve');
      return reply.status(201).send(toCurrentUser(lookup.actor));
    },
  );
}
