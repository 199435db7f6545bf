import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createOrganization, signedIn, uniqueEmail } from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface OpenApiOperation {
  responses?: Record<string, unknown>;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

describe.each(DRIVERS)('HTTP basics (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminClient() {
    const { organization, email } = await createOrganization(server.db);
    return { organization, client: await signedIn(server, email) };
  }

  describe('OpenAPI document', () => {
    it('is a well-formed OpenAPI 3 document listing the API with its methods', async () => {
      const res = await new TestClient(server.baseUrl).get('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const doc = res.body;
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(doc.info).toMatchObject({ title: 'Centerline API', version: expect.any(String) });

      const paths = doc.paths as Record<string, Record<string, OpenApiOperation>>;
      expect(Object.keys(paths['/api/auth/login'] ?? {})).toEqual(['post']);
      expect(Object.keys(paths['/api/users'] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths['/api/users/{id}'] ?? {})).toEqual(['patch']);
      // Hidden plumbing routes stay out of the contract.
      expect(paths['/api/openapi.json']).toBeUndefined();
      expect(paths['/api/health']).toBeUndefined();

      // The structural rules of OpenAPI 3 that a generator can break.
      for (const [path, item] of Object.entries(paths)) {
        expect(path).toMatch(/^\/api\//);
        expect(path).not.toContain(':');
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const [method, operation] of Object.entries(item)) {
          expect(HTTP_METHODS).toContain(method);
          const responses = Object.keys(operation.responses ?? {});
          expect(responses.length, `${method} ${path} has responses`).toBeGreaterThan(0);
          for (const code of responses) expect(code).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
          const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
          expect(pathParams.map((p) => p.name).sort()).toEqual([...templated].sort());
          for (const p of pathParams) expect(p.required).toBe(true);
          if (operation.requestBody) {
            // JSON, or what a route reads itself (multipart forms, raw files: api-docs.test.ts).
            const media = Object.values(operation.requestBody.content ?? {});
            expect(media.length, `${method} ${path} has a body type`).toBeGreaterThan(0);
            for (const { schema } of media) expect(schema).toBeTypeOf('object');
          }
        }
      }
      const loginBody = paths['/api/auth/login']!.post!.requestBody!.content!['application/json']!
        .schema as {
        properties: Record<string, unknown>;
        required: string[];
      };
      expect(Object.keys(loginBody.properties).sort()).toEqual(['email', 'password']);
      expect(loginBody.required.sort()).toEqual(['email', 'password']);
    });
  });

  describe('unknown routes and security headers', () => {
    it('answers an unknown API path with a JSON 404, for any method', async () => {
      const client = new TestClient(server.baseUrl);
      const get = await client.get('/api/nope');
      expect(get.status).toBe(404);
      expect(get.headers.get('content-type')).toMatch(/^application\/json/);
      expect(get.body).toEqual({ message: 'No API route GET /api/nope', code: 'not_found' });
      const post = await client.post('/api/nope?x=1', { a: 1 });
      expect(post.status).toBe(404);
      expect(post.body).toEqual({ message: 'No API route POST /api/nope', code: 'not_found' });
    });

    it.each(['/api/health', '/api/nope', '/api/auth/user'])(
      'sends the security headers on %s',
      async (path) => {
        const res = await new TestClient(server.baseUrl).get(path);
        const csp = res.headers.get('content-security-policy') ?? '';
        const directives = new Map(
          csp
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .map(([name, ...values]) => [name, values]),
        );
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('object-src')).toEqual(["'none'"]);
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-powered-by')).toBeNull();
      },
    );
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin and changes nothing', async () => {
      const { organization, client } = await adminClient();
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        // Same host name, other port: another origin.
        { origin: server.baseUrl.replace(/:\d+$/, ':1') },
      ];
      for (const headers of attempts) {
        const email = uniqueEmail('csrf');
        const res = await client.request('POST', '/api/users', {
          json: { email, firstName: 'Cross', lastName: 'Site', role: 'admin' },
          headers,
        });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toEqual({
          message: 'Cross-site requests are not accepted',
          code: 'cross_site_request',
        });
        expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      }
      expect(
        await server.db.select().from(users).where(eq(users.organizationId, organization.id)),
      ).toHaveLength(1);
    });

    it('accepts the same origin, and an origin listed in ALLOWED_ORIGINS', async () => {
      const { client } = await adminClient();
      const same = await client.request('POST', '/api/users', {
        json: { email: uniqueEmail('same'), firstName: 'Same', lastName: 'Origin', role: 'viewer' },
        headers: { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' },
      });
      expect(same.status).toBe(201);

      const withAllowList = await startTestServer(driver, {
        ALLOWED_ORIGINS: 'https://app.centerline.example',
      });
      try {
        const res = await new TestClient(withAllowList.baseUrl).request(
          'POST',
          '/api/auth/logout',
          {
            headers: { origin: 'https://app.centerline.example' },
          },
        );
        expect(res.status).toBe(200);
        const other = await new TestClient(withAllowList.baseUrl).request(
          'POST',
          '/api/auth/logout',
          {
            headers: { origin: 'https://evil.example' },
          },
        );
        expect(other.status).toBe(403);
      } finally {
        await withAllowList.app.close();
      }
    });
  });

  describe('request size', () => {
    it('refuses a JSON body over 1 MB with 413 and saves nothing', async () => {
      const { organization, client } = await adminClient();
      const email = uniqueEmail('huge');
      const res = await client.request('POST', '/api/users', {
        rawBody: JSON.stringify({
          email,
          firstName: 'x'.repeat(1024 * 1024),
          lastName: 'Large',
          role: 'viewer',
        }),
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(
        await server.db.select().from(users).where(eq(users.organizationId, organization.id)),
      ).toHaveLength(1);
      // Just under the limit is parsed (and then judged by the schema, which caps names at 100 characters).
      const under = await client.request('POST', '/api/users', {
        rawBody: JSON.stringify({
          email,
          firstName: 'x'.repeat(1000 * 1000),
          lastName: 'Large',
          role: 'viewer',
        }),
      });
      expect(under.status).toBe(422);
      expect(under.body.issues.map((i: { path: string }) => i.path)).toEqual(['firstName']);
    });
  });

  describe('client pages without a built client', () => {
    it.each(['/dashboard', '/', '/training-records/deep/link?tab=2', '/api/login'])(
      'answers %s with a 503 page telling to run npm run build, not JSON',
      async (path) => {
        const res = await new TestClient(server.baseUrl).get(path);
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(res.body).toBe(
          'The web client has not been built. Run `npm run build`, then start the server again.',
        );
      },
    );

    it('answers a missing hashed asset with a plain 404, not the app page', async () => {
      const res = await new TestClient(server.baseUrl).get('/assets/index-deadbeef.js');
      expect(res.status).toBe(404);
      expect(res.body).toBe('Not found');
    });
  });
});
