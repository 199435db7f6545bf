import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferences, preferencesResponse } from '@shared/api/preferences';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { getPreferences, savePreferences } from './service';

export function settingsRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.get(
    '/api/settings/preferences',
    {
      schema: { tags, response: { 200: preferencesResponse, ...errorResponses(401) } },
      onRequest: authorize(),
    },
    (request) => getPreferences(db, actorOf(request)),
  );

  app.put(
    '/api/settings/preferences',
    {
      schema: {
        tags,
        body: preferences,
        response: { 200: preferencesResponse, ...errorResponses(401, 422) },
      },
      onRequest: authorize(),
    },
    (request) => savePreferences(db, actorOf(request), request.body),
  );
}
