import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The cookie holding the session token (src/server/sessions). */
export const SESSION_COOKIE = 'centerline_session';

/** The session cookie: httpOnly, same-site, and secure whenever the request arrived over TLS. */
export function setSessionCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const secure =
    config.COOKIE_SECURE === 'auto'
      ? request.protocol === 'https'
      : config.COOKIE_SECURE === 'true';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
