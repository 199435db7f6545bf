import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Secure whenever the request arrived over TLS (`auto`), or as COOKIE_SECURE says. */
function isSecure(config: Config, request: FastifyRequest): boolean {
  return config.COOKIE_SECURE === 'auto'
    ? request.protocol === 'https'
    : config.COOKIE_SECURE === 'true';
}

/**
 * A short-lived step of signing in held by its own cookie: httpOnly, strict same-site, sent only
 * to the routes of its path, gone after `minutes`.
 */
function setStepCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; path: string; token: string; minutes: number },
) {
  reply.setCookie(cookie.name, cookie.token, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(config, request),
    maxAge: cookie.minutes * 60,
  });
}

/** The cookie holding the session token (src/server/sessions). */
export const SESSION_COOKIE = 'centerline_session';

/** The session cookie: httpOnly, same-site, and secure whenever the request arrived over TLS. */
export function setSessionCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config, request),
  });
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
  setStepCookie(config, request, reply, {
    name: SECOND_FACTOR_COOKIE,
    path: SECOND_FACTOR_PATH,
    token,
    minutes,
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
  setStepCookie(config, request, reply, {
    name: WEBAUTHN_COOKIE,
    path: '/api/auth/passkeys',
    token,
    minutes: 5,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
