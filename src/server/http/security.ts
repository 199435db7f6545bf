import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { ERROR_CODES } from '@shared/api/errors';
import type { Config } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a CSP the built client satisfies, plus a same-origin check on writes. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  if (!config.TRUST_PROXY && config.COOKIE_SECURE === 'auto') warnOnForwardedRequests(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const allowed = new Set(config.ALLOWED_ORIGINS);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let sameOrigin = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (origin) {
      try {
        sameOrigin = new URL(origin).host === request.headers.host || allowed.has(origin);
      } catch {
        sameOrigin = false;
      }
    }
    if (!sameOrigin) {
      return reply
        .status(403)
        .send({ message: 'Cross-site requests are not accepted', code: ERROR_CODES.crossSite });
    }
  });
}

/**
 * `COOKIE_SECURE=auto` reads the scheme of the request; behind a TLS proxy without
 * `TRUST_PROXY=true` every request looks like plain HTTP and the session cookie is sent without
 * Secure. Said once, at the first request that shows a proxy in front.
 */
function warnOnForwardedRequests(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned) return;
    const forwarded = request.headers['x-forwarded-proto'];
    if (forwarded === undefined) return;
    warned = true;
    request.log.warn(
      { forwardedProto: forwarded },
      'A request came through a proxy (X-Forwarded-Proto), but TRUST_PROXY is not true: the scheme cannot be seen, so session cookies are not marked Secure. Set TRUST_PROXY=true behind a trusted proxy, or COOKIE_SECURE=true.',
    );
  });
}
