import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, okResponse, type CurrentUser } from '@shared/api/auth';
import {
  passkeyAssertion,
  passkeyList,
  passkeyRegistration,
  passkeySummary,
  webAuthnOptions,
} from '@shared/api/two-factor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actorOf, authorize } from '../../http/auth-plugin';
import {
  SECOND_FACTOR_COOKIE,
  setWebAuthnCookie,
  WEBAUTHN_COOKIE,
  clearSecondFactorCookie,
} from '../../http/cookies';
import { errorResponses } from '../../http/errors';
import {
  listPasskeys,
  passkeySignInOptions,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  signInWithPasskey,
} from './passkeys';
import { completeWithPasskey, passkeyStepOptions } from './sign-in-step';
import { codeRateLimit } from './two-factor-routes';

/** Passkeys: registered in Settings, used to sign in without a password or after one. */
export function passkeyRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    startSession,
  }: {
    db: Database;
    config: Config;
    startSession: (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
    ) => Promise<CurrentUser>;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rpOf = (request: FastifyRequest) =>
    relyingParty(config.PUBLIC_URL, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const limited = codeRateLimit(config);

  typed.get(
    '/api/auth/passkeys',
    {
      schema: { tags, response: { 200: passkeyList, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    (request) => listPasskeys(db, actorOf(request)),
  );

  typed.post(
    '/api/auth/passkeys/register/options',
    {
      schema: { tags, response: { 200: webAuthnOptions, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    async (request, reply) => {
      const { options, token } = await registrationOptions(db, actorOf(request), rpOf(request));
      setWebAuthnCookie(config, request, reply, token);
      return options as unknown as Record<string, unknown>;
    },
  );

  typed.post(
    '/api/auth/passkeys/register',
    {
      schema: {
        tags,
        body: passkeyRegistration,
        response: { 201: passkeySummary, ...errorResponses(401, 422) },
      },
      onRequest: authorize(),
      config: limited,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await registerPasskey(
            db,
            actorOf(request),
            rpOf(request),
            request.cookies[WEBAUTHN_COOKIE],
            request.body,
          ),
        ),
  );

  typed.delete(
    '/api/auth/passkeys/:id',
    {
      schema: {
        tags,
        params: z.object({
          id: z.string().regex(/^[\w-]{16,1024}$/, { message: 'Unknown passkey' }),
        }),
        response: { 200: okResponse, ...errorResponses(401, 404, 422) },
      },
      onRequest: authorize(),
    },
    async (request) => {
      await removePasskey(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // Password-less sign-in.
  typed.post(
    '/api/auth/passkeys/login/options',
    { schema: { tags, response: { 200: webAuthnOptions } }, config: limited },
    async (request, reply) => {
      const { options, token } = await passkeySignInOptions(db, rpOf(request));
      setWebAuthnCookie(config, request, reply, token);
      return options as unknown as Record<string, unknown>;
    },
  );

  typed.post(
    '/api/auth/passkeys/login',
    {
      schema: {
        tags,
        body: passkeyAssertion,
        response: { 200: currentUser, ...errorResponses(401, 403, 422) },
      },
      config: limited,
    },
    async (request, reply) => {
      const token = await signInWithPasskey(
        db,
        rpOf(request),
        request.cookies[WEBAUTHN_COOKIE],
        request.body.response,
        request.headers['user-agent'],
      );
      return startSession(request, reply, token);
    },
  );

  // The passkey as the step after a password (the sign-in's own cookie holds the step).
  typed.post(
    '/api/auth/login/second-factor/passkey-options',
    {
      schema: { tags, response: { 200: webAuthnOptions, ...errorResponses(401) } },
      config: limited,
    },
    async (request) =>
      (await passkeyStepOptions(
        db,
        rpOf(request),
        request.cookies[SECOND_FACTOR_COOKIE],
      )) as unknown as Record<string, unknown>,
  );

  typed.post(
    '/api/auth/login/second-factor/passkey',
    {
      schema: {
        tags,
        body: passkeyAssertion,
        response: { 200: currentUser, ...errorResponses(401, 422) },
      },
      config: limited,
    },
    async (request, reply) => {
      const token = await completeWithPasskey(
        db,
        rpOf(request),
        request.cookies[SECOND_FACTOR_COOKIE],
        request.body.response,
        request.headers['user-agent'],
      );
      clearSecondFactorCookie(reply);
      return startSession(request, reply, token);
    },
  );
}
