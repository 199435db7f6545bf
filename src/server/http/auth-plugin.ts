import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Capability } from '@shared/constants/roles';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../db/client';
import { resolveSession } from '../sessions/index';
import type { Actor } from './actor';
import { SESSION_COOKIE } from './cookies';
import { AppError, forbidden, unauthenticated } from './errors';
import { checkExternalAccess } from './external-access';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    sessionToken: string | null;
  }
}

/** Reads the session cookie on every API request and attaches the actor (or null). */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Database; sessionMaxMs: number; operators: readonly string[] },
  ) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionToken', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || isStaticFile(request.url)) return;
      const lookup = await resolveSession(opts.db, token, opts.sessionMaxMs);
      if (lookup.state === 'valid') {
        const operator = opts.operators.includes(lookup.actor.email.toLowerCase());
        request.actor = {
          ...lookup.actor,
          operator,
          manageInstallation:
            opts.operators.length > 0 ? operator : can(lookup.actor.role, 'manageOrganization'),
        };
        request.sessionToken = token;
        return;
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      if (lookup.state === 'access_ended') {
        request.accessEnded = { reason: lookup.reason, at: lookup.at };
        return;
      }
      if (
        lookup.state === 'expired' &&
        request.url.startsWith('/api/') &&
        !request.url.startsWith('/api/auth/login')
      ) {
        request.sessionExpired = true;
      }
    });
  },
);

/**
 * The built client's files (hashed assets, the service worker, icons, the manifest) need no
 * session: they are not looked up, so a file fetched in the background (the service worker
 * precaching the app) never ends or clears a session, nor answers for an API request.
 */
function isStaticFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/')) return false;
  return path.startsWith('/assets/') || /\/[^/]+\.[A-Za-z0-9]+$/.test(path);
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionExpired?: boolean;
    /** The session belonged to an external auditor whose access has since ended. */
    accessEnded?: { reason: 'revoked' | 'expired'; at: Date };
  }
}

/** Returns the actor or throws 401; expired sessions get their own message. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  if (request.accessEnded) throw auditorAccessEnded(request.accessEnded);
  if (request.sessionExpired) {
    throw new AppError(
      401,
      ERROR_CODES.sessionExpired,
      'Your session has expired. Please sign in again.',
    );
  }
  throw unauthenticated();
}

/** The refusal an external auditor meets once their access has run out or been revoked. */
export function auditorAccessEnded(
  ended: { reason: 'revoked' | 'expired'; at: Date },
  status: 401 | 403 = 401,
) {
  const at = `${ended.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new AppError(
    status,
    ERROR_CODES.auditorAccessEnded,
    ended.reason === 'revoked'
      ? `Your auditor access was revoked on ${at}. Ask the organization for a new one.`
      : `Your auditor access expired on ${at}. Ask the organization for a new one.`,
  );
}

/** What a user who must set up a second factor may still reach: their account and settings. */
function enrolmentRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/api/auth/') || path === '/api/settings/preferences';
}

/**
 * Route hook (`onRequest`, so it runs before the body is parsed or validated): a signed-in user
 * whose role has the capability (DESIGN.md §4).
 */
export function authorize(capability?: Capability) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const actor = requireActor(request);
    if (actor.twoFactor.required && !actor.twoFactor.enabled && !enrolmentRoute(request.url)) {
      throw new AppError(
        403,
        ERROR_CODES.secondFactorRequired,
        'Your organization requires two-factor sign-in. Set it up in Settings → Security to continue.',
      );
    }
    if (capability && !can(actor.role, capability)) throw forbidden();
    checkExternalAccess(actor, request.method, request.url);
  };
}

/** The actor of a request that passed `authorize`. */
export function actorOf(request: FastifyRequest): Actor {
  return requireActor(request);
}

/** Route hook for what covers every organization of the installation (see Actor.manageInstallation). */
export function authorizeInstallation() {
  const signedIn = authorize();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    const actor = requireActor(request);
    if (actor.manageInstallation) return;
    // An admin who would set them, were the installation not run by its operators, is told why.
    throw can(actor.role, 'manageOrganization')
      ? forbidden(
          'Backups cover every organization of this installation; its platform operators set them.',
        )
      : forbidden();
  };
}
