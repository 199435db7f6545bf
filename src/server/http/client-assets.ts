import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@shared/api/errors';

/**
 * Serves the built client. Hashed assets are cached for a year; every other non-API GET gets
 * index.html so the client router decides (including the 'Page Not Found' card). /api/login is
 * a browser navigation that shows the client's sign-in page.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string) {
  const indexPath = join(clientDir, 'index.html');
  const hasClient = existsSync(indexPath);
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : null;

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join(clientDir, 'assets')}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web client has not been built. Run `npm run build`, then start the server again.',
        );
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(indexHtml);
  };

  app.get('/api/login', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

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
    return sendIndex(reply);
  });
}
