import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionIdParams, sessionList, signedOutCount } from '@shared/api/auth';
import type { Database } from '../../db/client';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses, notFound } from '../../http/errors';
import { listUserSessions, revokeUserSessionById, revokeUserSessions } from '../../sessions/index';
import { recordAudit } from '../activity/service';

/** Settings → Security: where the user is signed in, and signing the other places out. */
export function sessionRoutes(app: FastifyInstance, db: Database) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  typed.get(
    '/api/auth/sessions',
    {
      schema: { tags, response: { 200: sessionList, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    (request) => listUserSessions(db, actorOf(request).userId, request.sessionToken),
  );

  typed.post(
    '/api/auth/sessions/sign-out-others',
    {
      schema: { tags, response: { 200: signedOutCount, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    async (request) => {
      const actor = actorOf(request);
      const others = (await listUserSessions(db, actor.userId, request.sessionToken)).filter(
        (s) => !s.current,
      ).length;
      await db.transaction(async (tx) => {
        await revokeUserSessions(tx, actor.userId, request.sessionToken ?? undefined);
        await recordAudit(tx, {
          organizationId: actor.organizationId,
          actorId: actor.userId,
          action: 'sign_out_other_sessions',
          details: { email: actor.email, sessions: others },
        });
      });
      return { signedOut: others };
    },
  );

  typed.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags,
        params: sessionIdParams,
        response: { 200: signedOutCount, ...errorResponses(401, 404, 422) },
      },
      onRequest: authorize(),
    },
    async (request) => {
      const actor = actorOf(request);
      const signedOut = await db.transaction(async (tx) => {
        const n = await revokeUserSessionById(tx, actor.userId, request.params.id);
        if (n === 0) throw notFound('Session');
        await recordAudit(tx, {
          organizationId: actor.organizationId,
          actorId: actor.userId,
          action: 'sign_out_session',
          details: { email: actor.email },
        });
        return n;
      });
      return { signedOut };
    },
  );
}
