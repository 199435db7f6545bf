import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedIn } from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';

interface Schema {
  type?: string;
  format?: string;
  maxLength?: number;
  maxItems?: number;
  description?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Paths = Record<string, Record<string, Operation>>;

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'Trainee,Type,Date,Status\r\nAvery Quinn,Recurrent,2025-01-10,Completed\r\n';

describe.each(DRIVERS)('API documentation (%s)', (driver) => {
  let server: TestServer;
  let paths: Paths;
  beforeAll(async () => {
    // A built client, so that its fallback page is in play for /api/docs.
    const clientDir = mkdtempSync(join(tmpdir(), 'centerline-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>SPA</title>');
    server = await startTestServer(driver, { CLIENT_DIR: clientDir });
    paths = (await new TestClient(server.baseUrl).get('/api/openapi.json')).body.paths;
  });
  afterAll(() => server.app.close());

  const formOf = (path: string) => {
    const content = paths[path]?.post?.requestBody?.content ?? {};
    expect(Object.keys(content), path).toEqual(['multipart/form-data']);
    return content['multipart/form-data']!.schema;
  };

  describe('bodies the routes read themselves', () => {
    it('describes the document upload form: files in file or document, and JSON metadata', () => {
      const form = formOf('/api/documents/upload');
      expect(Object.keys(form.properties ?? {})).toEqual(['file', 'document', 'metadata']);
      for (const name of ['file', 'document']) {
        expect(form.properties![name]).toMatchObject({
          type: 'array',
          maxItems: 10,
          items: { type: 'string', format: 'binary', maxLength: 10 * MB },
        });
      }
      expect(form.properties!.file!.description).toContain('.pdf, .xlsx, .csv, .jpg, .jpeg, .png');
      expect(form.properties!.metadata).toMatchObject({ type: 'object' });
      expect(Object.keys(form.properties!.metadata!.properties ?? {})).toEqual([
        'location',
        'accuracy',
        'timestamp',
        'inspector',
        'notes',
        'captureId',
        'sha256',
        'originalSha256',
        'originalBytes',
        'device',
      ]);
    });

    it.each(['preview', 'commit'])(
      'describes the training-event import %s form: one file, and an optional mapping',
      (step) => {
        const form = formOf(`/api/training-events/import/${step}`);
        expect(Object.keys(form.properties ?? {})).toEqual(['file', 'mapping']);
        expect(form.required).toEqual(['file']);
        expect(form.properties!.file).toMatchObject({
          type: 'string',
          format: 'binary',
          maxLength: 10 * MB,
        });
        expect(form.properties!.mapping).toMatchObject({ type: 'object' });
        expect(form.properties!.mapping!.description).toContain('studentName');
      },
    );

    it('describes the checklist import as the file itself for a body, not a form', () => {
      const content = paths['/api/checklist/import']?.post?.requestBody?.content ?? {};
      expect(Object.keys(content)).toEqual(expect.arrayContaining(['text/csv', XLSX]));
      expect(content['multipart/form-data']).toBeUndefined();
      for (const media of Object.values(content)) {
        expect(media.schema).toMatchObject({ type: 'string', format: 'binary', maxLength: 5 * MB });
      }
    });

    it('names the fields the routes read: a form built from the document is accepted', async () => {
      const { email } = await createOrganization(server.db);
      const client = await signedIn(server, email);
      const send = async (path: string) => {
        const body = new FormData();
        for (const [name, schema] of Object.entries(formOf(path).properties ?? {})) {
          if (schema.format === 'binary' || schema.items?.format === 'binary') {
            body.append(name, new Blob([CSV], { type: 'text/csv' }), `${name}.csv`);
          } else {
            body.append(name, '{}');
          }
        }
        const res = await fetch(server.baseUrl + path, {
          method: 'POST',
          body,
          headers: { cookie: client.cookie ?? '' },
        });
        return { status: res.status, body: await res.json() };
      };

      const upload = await send('/api/documents/upload');
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      expect(upload.body.documents.map((d: { originalName: string }) => d.originalName)).toEqual([
        'file.csv',
        'document.csv',
      ]);
      const preview = await send('/api/training-events/import/preview');
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body).toMatchObject({ fileName: 'file.csv', totalRows: 1, validRows: 1 });
    });
  });

  describe('the reference at /api/docs', () => {
    it('keeps its own routes out of the document', () => {
      expect(Object.keys(paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    });

    it('answers a page, without a session, whose scripts and styles come from the same origin', async () => {
      const client = new TestClient(server.baseUrl);
      const page = await client.get<string>('/api/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      // The app's policy, not a looser one: Swagger UI runs without inline scripts.
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);

      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets.filter((url) => url.endsWith('.js'))).toHaveLength(3);
      expect(assets.filter((url) => url.endsWith('.css'))).toHaveLength(2);
      for (const url of assets) {
        expect(url, 'served from this origin').toMatch(/^\/api\/docs\/static\//);
        const asset = await client.get(url);
        expect(asset.status, url).toBe(200);
        const type = url.endsWith('.js') ? 'javascript' : url.endsWith('.css') ? 'css' : 'image';
        expect(asset.headers.get('content-type'), url).toContain(type);
      }
    });

    it('loads the same document as /api/openapi.json', async () => {
      const client = new TestClient(server.baseUrl);
      const initializer = await client.get<string>('/api/docs/static/swagger-initializer.js');
      expect(initializer.body).toContain("resolveUrl('./json')");
      const spec = await client.get('/api/docs/json');
      expect(spec.status).toBe(200);
      expect(spec.body.paths).toEqual(paths);
    });
  });
});
