import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeConfirm,
  emailChangeConfirmed,
  emailChangePending,
  emailChangeRequest,
  passwordResetAccepted,
  passwordResetConfirm,
  passwordResetRequest,
} from '@shared/api/account';
import { okResponse } from '@shared/api/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { MailSender } from '../mail/service';
import {
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
} from './account-links';
import { codeRateLimit } from './two-factor-routes';

/** A forgotten password, and a change of e-mail address: both through a link sent by e-mail. */
export function accountLinkRoutes(
  app: FastifyInstance,
  { db, config, mail }: { db: Database; config: Config; mail: MailSender },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const limited = codeRateLimit(config);

  typed.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        body: passwordResetRequest,
        response: { 202: passwordResetAccepted, ...errorResponses(422, 429) },
      },
      config: limited,
    },
    async (request, reply) =>
      reply.status(202).send(await requestPasswordReset(db, mail, request.body.email)),
  );

  typed.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags,
        body: passwordResetConfirm,
        response: { 200: okResponse, ...errorResponses(410, 422, 429) },
      },
      config: limited,
    },
    async (request) => {
      await resetPassword(db, request.body);
      return { ok: true as const };
    },
  );

  typed.post(
    '/api/auth/email-change',
    {
      schema: {
        tags,
        body: emailChangeRequest,
        response: { 202: emailChangePending, ...errorResponses(401, 409, 422, 429) },
      },
      onRequest: authorize(),
      config: limited,
    },
    async (request, reply) =>
      reply.status(202).send(await requestEmailChange(db, mail, actorOf(request), request.body)),
  );

  typed.post(
    '/api/auth/email-change/confirm',
    {
      schema: {
        tags,
        body: emailChangeConfirm,
        response: { 200: emailChangeConfirmed, ...errorResponses(409, 410, 422, 429) },
      },
      config: limited,
    },
    (request) => confirmEmailChange(db, request.body.token),
  );
}
