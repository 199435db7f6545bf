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

/** The cookie holding a sign-in that waits for its second factor (minutes, this path only). */
export const SECOND_FACTOR_COOKIE = 'centerline_2fa';
const SECOND_FACTOR_PATH = '/api/auth/login';

export function setSecondFactorCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  minutes: number,
) {
  const secure =
    config.COOKIE_SECURE === 'auto'
      ? request.protocol === 'https'
      : config.COOKIE_SECURE === 'true';
  reply.setCookie(SECOND_FACTOR_COOKIE, token, {
    path: SECOND_FACTOR_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: minutes * 60,
  });
}

export function clearSecondFactorCookie(reply: FastifyReply) {
  reply.clearCookie(SECOND_FACTOR_COOKIE, { path: SECOND_FACTOR_PATH });
}

/** The cookie holding a passkey ceremony (register or sign in) that waits for the browser. */
export const WEBAUTHN_COOKIE = 'centerline_webauthn';

export function setWebAuthnCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const secure =
    config.COOKIE_SECURE === 'auto'
      ? request.protocol === 'https'
      : config.COOKIE_SECURE === 'true';
  reply.setCookie(WEBAUTHN_COOKIE, token, {
    path: '/api/auth/passkeys',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: 5 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
