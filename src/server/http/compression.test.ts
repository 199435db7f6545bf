import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';

const INDEX_HTML =
  '<!doctype html><html><head><title>Centerline</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify('centerline '.repeat(500))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built client as `npm run build` leaves it: hashed assets with their .br and .gz copies. */
function builtClient() {
  const clientDir = mkdtempSync(join(tmpdir(), 'centerline-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
  const script = join(clientDir, 'assets', 'index-AbC123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(clientDir, 'assets', 'plane-AbC123.png'), Buffer.alloc(4096, 7));
  return clientDir;
}

describe.each(DRIVERS)('compressed responses (%s)', (driver) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(driver, { CLIENT_DIR: builtClient() });
    client = new TestClient(server.baseUrl);
  });
  afterAll(() => server.app.close());

  const get = (path: string, acceptEncoding: string) =>
    client.request('GET', path, { headers: { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as its brotli copy, cached for a year, varying by encoding', async () => {
    const asset = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(asset.body).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(gzipped.body).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not compress an image again', async () => {
    const image = await get('/assets/plane-AbC123.png', 'br, gzip');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('compresses a large JSON answer of the API when asked, and leaves a small one as it is', async () => {
    const document = await get('/api/openapi.json', 'br, gzip');
    expect(document.status).toBe(200);
    expect(document.headers.get('content-encoding')).toBe('br');
    expect(document.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Object.keys(document.body.paths).length).toBeGreaterThan(10);

    const gzipped = await get('/api/openapi.json', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.body).toEqual(document.body);

    const plain = await get('/api/openapi.json', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toEqual(document.body);

    const health = await get('/api/health', 'br, gzip');
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.body).toEqual({ ok: true });
  });

  it('still sends the page with its session hint to a browser that accepts compression', async () => {
    const page = await get('/pricing', 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<meta name="centerline-session" content="signed-out" />');
  });
});
