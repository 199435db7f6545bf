import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedIn } from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';

const INDEX_HTML =
  '<!doctype html><html><head><title>Centerline</title></head><body><div id="root"></div></body></html>';
const hint = (value: string) => `<meta name="centerline-session" content="${value}" />`;

describe.each(DRIVERS)('the client page and its session hint (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'centerline-client-'));
    writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
    server = await startTestServer(driver, { CLIENT_DIR: clientDir });
  });
  afterAll(() => server.app.close());

  it.each(['/', '/pricing', '/dashboard', '/api/login?plan=trial'])(
    'tells a signed-out visit to %s that it is signed out, and the API still answers 401',
    async (path) => {
      const visitor = new TestClient(server.baseUrl);
      const page = await visitor.get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain(`${hint('signed-out')}\n</head>`);
      expect((await visitor.get('/api/auth/user')).status).toBe(401);
    },
  );

  it('tells a visit with a valid session that it is signed in', async () => {
    const { email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const page = await client.get('/dashboard');
    expect(page.body).toContain(hint('signed-in'));
    expect(page.body).not.toContain(hint('signed-out'));
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('treats a session cookie that no longer resolves as signed out', async () => {
    const stale = new TestClient(server.baseUrl);
    stale.cookie = 'centerline_session=not-a-session';
    const page = await stale.get('/');
    expect(page.body).toContain(hint('signed-out'));
  });
});
