import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the OpenAPI document describes it, for a route that reads its body
     * itself (a multipart form, a raw file) and so cannot have a zod `body` validator. Used for
     * the document only, never to validate; its media types are the route's `schema.consumes`.
     */
    documentedBody?: ZodType;
  }
}

/** The zod type provider's transform, given the `documentedBody` of routes that declare one. */
const transform: SwaggerTransform = (document) => {
  const body = document.route.config?.documentedBody;
  return jsonSchemaTransform(
    body ? { ...document, schema: { ...document.schema, body } } : document,
  );
};

/**
 * The contract as an OpenAPI document (`/api/openapi.json`) and as a browsable reference
 * (`/api/docs`, Swagger UI served from the package's own files). Both are public, like the
 * list of routes they describe. Register before the routes: @fastify/swagger collects them as
 * they are added.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Centerline API',
        version: '1.0.0',
        description: 'Compliance platform for FAA Part 142 training centres',
      },
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: 'Centerline API' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
