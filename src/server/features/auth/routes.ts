import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteRequest,
  changePasswordRequest,
  currentUser,
  inviteDetails,
  loginRequest,
  okResponse,
  reauthenticateRequest,
  updateProfileRequest,
} from '@shared/api/auth';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import {
  clearSecondFactorCookie,
  clearSessionCookie,
  SECOND_FACTOR_COOKIE,
  setSecondFactorCookie,
  setSessionCookie,
} from '../../http/cookies';
import { secondFactorChallenge, secondFactorRequest } from '@shared/api/two-factor';
import { secretBox } from './secret-box';
import { completeSecondFactor } from './sign-in-step';
import { SECOND_FACTOR_MINUTES } from './two-factor';
import { codeRateLimit, twoFactorRoutes } from './two-factor-routes';
import { sessionRoutes } from './session-routes';
import { passkeyRoutes } from './passkey-routes';
import { accountLinkRoutes } from './account-link-routes';
import { mailSender } from '../mail/service';
import type { RouteContext } from '../../http/types';
import {
  acceptInvite,
  changePassword,
  describeInvite,
  reauthenticate,
  recordSignOut,
  signIn,
  toCurrentUser,
  updateProfile,
} from './service';
import { resolveSession, revokeSession } from '../../sessions/index';

export function authRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, config } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const box = secretBox({
    secret: config.AUTH_SECRET,
    keyFile: join(config.dataDir, 'auth-secret.key'),
  });

  async function startSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    setSessionCookie(config, request, reply, token);
    const lookup = await resolveSession(db, token);
    if (lookup.state !== 'valid') throw new Error('new session did not resolve');
    return toCurrentUser(lookup.actor);
  }

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        body: loginRequest,
        response: {
          200: z.union([currentUser, secondFactorChallenge]),
          ...errorResponses(401, 403),
        },
      },
      config: {
        rateLimit: {
          max: config.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          // Per address and account: one attacker cannot lock every user out of a shared office IP.
          keyGenerator: (req) =>
            `${req.ip}|${String((req.body as { email?: unknown })?.email ?? '')}`,
        },
      },
    },
    async (request, reply) => {
      const outcome = await signIn(db, request.body, request.headers['user-agent']);
      if (outcome.kind === 'second_factor') {
        // No session yet: the password was right, the code is still to come.
        setSecondFactorCookie(
          config,
          request,
          reply,
          outcome.challengeToken,
          SECOND_FACTOR_MINUTES,
        );
        return { twoFactorRequired: true as const, methods: outcome.methods };
      }
      return startSession(request, reply, outcome.token);
    },
  );

  app.post(
    '/api/auth/login/second-factor',
    {
      schema: {
        tags,
        body: secondFactorRequest,
        response: { 200: currentUser, ...errorResponses(401, 422, 429) },
      },
      config: {
        rateLimit: {
          max: config.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          // Per address and sign-in; the account's own lock (ten wrong codes) bounds the rest.
          keyGenerator: (req) => `${req.ip}|2fa|${req.cookies[SECOND_FACTOR_COOKIE] ?? ''}`,
        },
      },
    },
    async (request, reply) => {
      const token = await completeSecondFactor(
        db,
        box,
        request.cookies[SECOND_FACTOR_COOKIE],
        request.body.code,
        request.headers['user-agent'],
      );
      clearSecondFactorCookie(reply);
      return startSession(request, reply, token);
    },
  );

  twoFactorRoutes(app, { db, config, box });
  sessionRoutes(app, db);
  passkeyRoutes(app, { db, config, startSession });
  accountLinkRoutes(app, {
    db,
    config,
    mail: mailSender({ ...ctx, delivery: ctx.jobDefinitions.mailDelivery }),
  });

  app.get(
    '/api/auth/user',
    {
      schema: { tags, response: { 200: currentUser, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    async (request) => toCurrentUser(actorOf(request)),
  );

  app.patch(
    '/api/auth/user',
    {
      schema: { tags, body: updateProfileRequest, response: { 200: currentUser } },
      onRequest: authorize(),
    },
    async (request) => {
      await updateProfile(db, actorOf(request), request.body);
      const lookup = await resolveSession(
        db,
        request.sessionToken ?? '',
        config.SESSION_MAX_HOURS * 3_600_000,
      );
      if (lookup.state !== 'valid') throw new Error('session vanished during profile update');
      return toCurrentUser(lookup.actor);
    },
  );

  app.post(
    '/api/auth/password',
    {
      schema: { tags, body: changePasswordRequest, response: { 200: okResponse } },
      onRequest: authorize(),
    },
    async (request) => {
      await changePassword(db, actorOf(request), request.body, request.sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reauthenticate',
    {
      schema: {
        tags,
        body: reauthenticateRequest,
        response: { 200: okResponse, ...errorResponses(401, 422, 429) },
      },
      onRequest: authorize(),
      config: codeRateLimit(config),
    },
    async (request) => {
      await reauthenticate(db, actorOf(request), request.body.password, request.sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, response: { 200: okResponse } } },
    async (request, reply) => {
      if (request.actor && request.sessionToken) {
        await recordSignOut(db, request.actor);
        await revokeSession(db, request.sessionToken);
      }
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  // Browser navigation (spec: visiting /api/logout signs out and returns to /). Only a
  // navigation the browser says came from this origin, or that the person typed, signs out at
  // once; a link from anywhere else (same-site included, or a browser that does not say) is sent
  // to a confirmation page whose button is a same-origin POST.
  app.get('/api/logout', { schema: { hide: true } }, async (request, reply) => {
    if (!request.actor || !request.sessionToken) return reply.redirect('/');
    const site = request.headers['sec-fetch-site'];
    if (site !== 'same-origin' && site !== 'none') return reply.redirect('/sign-out');
    await recordSignOut(db, request.actor);
    await revokeSession(db, request.sessionToken);
    clearSessionCookie(reply);
    return reply.redirect('/');
  });

  app.get(
    '/api/auth/invite',
    {
      schema: {
        tags,
        querystring: z.object({ token: z.string().min(20).max(200) }),
        response: { 200: inviteDetails },
      },
    },
    async (request) => describeInvite(db, request.query.token),
  );

  app.post(
    '/api/auth/accept-invite',
    { schema: { tags, body: acceptInviteRequest, response: { 200: currentUser } } },
    async (request, reply) => {
      const token = await acceptInvite(
        db,
        request.body.token,
        request.body.password,
        request.headers['user-agent'],
      );
      setSessionCookie(config, request, reply, token);
      const lookup = await resolveSession(db, token);
      if (lookup.state !== 'valid') throw new Error('new session did not resolve');
      return toCurrentUser(lookup.actor);
    },
  );
}
