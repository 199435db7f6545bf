import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_HINT_META, type SessionHint } from '@shared/constants/session';
import { ERROR_CODES } from '@shared/api/errors';

/** index.html with the session hint the client reads before asking GET /api/auth/user. */
function withSessionHint(html: string, hint: SessionHint): string {
  return html.replace('</head>', `<meta name="${SESSION_HINT_META}" content="${hint}" />\n</head>`);
}

/**
 * Serves the built client. Hashed assets are cached for a year, and sent as their brotli or gzip
 * copy when the browser accepts it; every other non-API GET gets index.html (compressed like any
 * response, see compression.ts) so the client router decides (including the 'Page Not Found'
 * card). /api/login is a browser navigation that shows the client's sign-in page.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string) {
  const indexPath = join(clientDir, 'index.html');
  const hasClient = existsSync(indexPath);
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : null;
  const pages = indexHtml && {
    signedIn: withSessionHint(indexHtml, 'signed-in'),
    signedOut: withSessionHint(indexHtml, 'signed-out'),
  };

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each text file (vite.config.ts).
      preCompressed: true,
      // Cache-Control is ours (below); left on, `send` would overwrite it with max-age=0.
      cacheControl: false,
      // Called with the path of the file sent, the .br or .gz copy included.
      setHeaders(res, path) {
        if (path.includes(`${join(clientDir, 'assets')}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // The auth plugin has already resolved the session cookie of this request.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web client has not been built. Run `npm run build`, then start the server again.',
        );
    }
    return reply
      .type('text/html')
      .header('Cache-Control', 'no-cache')
      .send(request.actor ? pages.signedIn : pages.signedOut);
  };

  app.get('/api/login', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No API route ${request.method} ${path}`, code: ERROR_CODES.notFound });
    }
    if (path.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendIndex(request, reply);
  });
}
