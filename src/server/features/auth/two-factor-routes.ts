import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@shared/api/auth';
import {
  regenerateRecoveryRequest,
  securityPolicy as securityPolicyBody,
  totpDisableRequest,
  totpEnableRequest,
  totpEnableResponse,
  totpSetupResponse,
  twoFactorStatus as twoFactorStatusBody,
} from '@shared/api/two-factor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { SecretBox } from './secret-box';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  twoFactorStatus,
} from './two-factor';
import { resetTwoFactor, securityPolicy, setSecurityPolicy } from './two-factor-admin';
import { codeRateLimit } from '../../http/rate-limits';

/** Settings → Security: the user's own second factor. Every change is audited. */
export function twoFactorRoutes(
  app: FastifyInstance,
  { db, config, box }: { db: Database; config: Config; box: SecretBox },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Guessing a code is bounded per account by the lock; this bounds it per address too.
  const limited = codeRateLimit(config);

  typed.get(
    '/api/auth/two-factor',
    {
      schema: { tags, response: { 200: twoFactorStatusBody, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    (request) => twoFactorStatus(db, actorOf(request)),
  );

  typed.post(
    '/api/auth/totp/setup',
    {
      schema: { tags, response: { 200: totpSetupResponse, ...errorResponses(401, 409) } },
      onRequest: authorize(),
      config: limited,
    },
    (request) => startTotpSetup(db, box, actorOf(request)),
  );

  typed.post(
    '/api/auth/totp/enable',
    {
      schema: {
        tags,
        body: totpEnableRequest,
        response: { 200: totpEnableResponse, ...errorResponses(401, 409, 422) },
      },
      onRequest: authorize(),
      config: limited,
    },
    (request) => enableTotp(db, box, actorOf(request), request.body.code),
  );

  typed.post(
    '/api/auth/totp/disable',
    {
      schema: {
        tags,
        body: totpDisableRequest,
        response: { 200: okResponse, ...errorResponses(401, 409, 422, 429) },
      },
      onRequest: authorize(),
      config: limited,
    },
    async (request) => {
      await disableTotp(db, box, actorOf(request), request.body.code);
      return { ok: true as const };
    },
  );

  typed.post(
    '/api/auth/recovery-codes',
    {
      schema: {
        tags,
        body: regenerateRecoveryRequest,
        response: { 200: totpEnableResponse, ...errorResponses(401, 409, 422, 429) },
      },
      onRequest: authorize(),
      config: limited,
    },
    (request) => regenerateRecoveryCodes(db, box, actorOf(request), request.body.code),
  );

  const adminOnly = authorize('manageOrganization');
  typed.get(
    '/api/admin/security',
    {
      schema: {
        tags: ['organizations'],
        response: { 200: securityPolicyBody, ...errorResponses(401, 403) },
      },
      onRequest: adminOnly,
    },
    (request) => securityPolicy(db, actorOf(request)),
  );
  typed.put(
    '/api/admin/security',
    {
      schema: {
        tags: ['organizations'],
        body: securityPolicyBody,
        response: { 200: securityPolicyBody, ...errorResponses(401, 403, 422) },
      },
      onRequest: adminOnly,
    },
    (request) => setSecurityPolicy(db, actorOf(request), request.body),
  );
  typed.post(
    '/api/users/:id/two-factor/reset',
    {
      schema: {
        tags: ['users'],
        params: z.object({ id: z.uuid() }),
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409) },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await resetTwoFactor(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

export { codeRateLimit };
