import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shared/constants/uploads';
import { auditLogs, documents } from '../../db/schema';
import type { FsBlobStore } from '../../storage/fs-blob-store';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, type TestClient } from '../../test/harness';
import {
  CSV_TEXT,
  docxBytes,
  exeBytes,
  pdfBytes,
  pngBytes,
  xlsxBytes,
} from '../../test/documents/fixtures';
import { file, upload, type Part } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const WRONG_TYPE = {
  message: 'File type must be one of .pdf, .xlsx, .csv, .jpg, .jpeg, .png, .docx',
  code: 'unsupported_media_type',
};

describe.each(DRIVERS)('document upload (%s)', (driver) => {
  let server: DocumentTestServer;
  beforeAll(async () => {
    server = await startDocumentServer(driver, { namespace: 'upload' });
  });
  afterAll(() => server.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const send = (parts: Part[]) => upload(server.baseUrl, client.cookie, parts);
    const rowCount = async () =>
      (
        await server.db
          .select({ n: count() })
          .from(documents)
          .where(eq(documents.organizationId, org.organization.id))
      )[0]!.n;
    return { ...org, client, send, rowCount };
  }

  async function download(client: TestClient, id: string) {
    const res = await fetch(`${server.baseUrl}/api/documents/${id}/file`, {
      headers: { cookie: client.cookie! },
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('accepts PDF, PNG, XLSX, CSV and DOCX by their bytes, stores them and reads them in the background', async () => {
    const { client, send, organization } = await adminOf();
    const fixtures = [
      {
        name: 'certificate.pdf',
        bytes: await pdfBytes(),
        mime: 'application/pdf',
        source: 'text-layer',
      },
      { name: 'scan.png', bytes: await pngBytes(), mime: 'image/png', source: 'ocr' },
      {
        name: 'records.xlsx',
        bytes: await xlsxBytes(),
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        source: 'table',
      },
      { name: 'records.csv', bytes: Buffer.from(CSV_TEXT), mime: 'text/csv', source: 'table' },
      {
        name: 'letter.docx',
        bytes: docxBytes(),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        source: 'docx',
      },
    ];
    const ids: string[] = [];
    for (const fixture of fixtures) {
      const res = await send([file(fixture.name, fixture.bytes)]);
      expect(res.status, fixture.name).toBe(201);
      expect(res.body).toMatchObject({
        originalName: fixture.name,
        filename: fixture.name,
        mimeType: fixture.mime,
        sizeBytes: fixture.bytes.length,
        status: 'uploaded',
        errorMessage: null,
      });
      expect(res.body.documents).toHaveLength(1);
      expect(res.body.documents[0].id).toBe(res.body.id);
      ids.push(res.body.id);
    }
    for (const [i, fixture] of fixtures.entries()) {
      const done = await waitForStatus(client, ids[i]!);
      expect(done, fixture.name).toMatchObject({ status: 'processed', errorMessage: null });
      expect(done.pageCount).toBeGreaterThanOrEqual(1);
      const pages = await client.get(`/api/documents/${ids[i]}/pages`);
      expect(pages.body[0].source, fixture.name).toBe(fixture.source);
      expect(pages.body.map((p: { text: string }) => p.text).join('\n'), fixture.name).toMatch(
        /Jordan|Training/,
      );
      const { res, bytes } = await download(client, ids[i]!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(fixture.mime);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${fixture.name}"; filename*=UTF-8''${fixture.name}`,
      );
      expect(bytes.equals(fixture.bytes)).toBe(true);
    }

    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'upload_document')),
      );
    expect(audit.map((a) => a.details.filename).sort()).toEqual(fixtures.map((f) => f.name).sort());

    const list = await client.get('/api/documents');
    expect(list.body.map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
  });

  it('stores identical bytes once, as two documents pointing at one blob', async () => {
    const { send } = await adminOf();
    const bytes = Buffer.from(
      `${CSV_TEXT}Casey Quinn,${randomUUID()},CE-525,2025-04-02,Morgan Lee\r\n`,
    );
    const first = await send([file('a.csv', bytes)]);
    const second = await send([file('b.csv', bytes)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.sha256).toBe(first.body.sha256);
    const store = server.app.services.blobs as FsBlobStore;
    const path = store.pathOf(first.body.sha256);
    expect((await readdir(dirname(path))).filter((n) => n === first.body.sha256)).toHaveLength(1);
  });

  it('takes several files in one request, and field capture with its metadata', async () => {
    const { send } = await adminOf();
    const both = await send([file('one.csv', CSV_TEXT), file('two.pdf', await pdfBytes())]);
    expect(both.status).toBe(201);
    expect(both.body.documents.map((d: { originalName: string }) => d.originalName)).toEqual([
      'one.csv',
      'two.pdf',
    ]);

    const metadata = {
      location: { lat: 40.689247, lng: -74.044502 },
      timestamp: '2025-05-01T10:00:00.000Z',
      inspector: 'inspector@example.test',
      notes: 'Ramp check, tail N525CL',
    };
    const capture = await send([
      file('field-capture-2025-05-01T10-00-00-000Z', await pngBytes(), 'document'),
      { field: 'metadata', data: JSON.stringify(metadata) },
    ]);
    expect(capture.status).toBe(201);
    expect(capture.body).toMatchObject({ mimeType: 'image/png', metadata });
  });

  it('refuses bad metadata with 422 and stores nothing', async () => {
    const { send, rowCount } = await adminOf();
    const res = await send([
      file('capture.png', await pngBytes(['x'])),
      { field: 'metadata', data: JSON.stringify({ location: { lat: 'north' } }) },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.message).toMatch(/^metadata\.location\.lat/);
    expect(await rowCount()).toBe(0);
  });

  it('answers 413 with the spec message for a file over 10 MB, and keeps serving', async () => {
    const { send, rowCount } = await adminOf();
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a,b\r\n');
    const res = await send([file('big.csv', big)]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'File is larger than 10485760 bytes',
      code: 'payload_too_large',
    });
    expect(await rowCount()).toBe(0);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await send([file('small.csv', CSV_TEXT)])).status).toBe(201);
  });

  it('answers 415 for a lying extension, an executable or an unaccepted type', async () => {
    const { send, rowCount } = await adminOf();
    const png = await pngBytes(['x']);
    const cases = [
      file('certificate.pdf', png),
      file('scan.jpg', png),
      file('setup.exe', exeBytes()),
      file('invoice.pdf', exeBytes()),
      file('records.csv', exeBytes()),
      file('script.csv', '#!/bin/sh\nrm -rf /\n'),
      file('notes.txt', CSV_TEXT),
      file('records.xlsx', await pdfBytes()),
      file('archive.docx', Buffer.from('PK\u0003\u0004 not really a zip')),
    ];
    for (const part of cases) {
      const res = await send([part]);
      expect({ name: part.filename, status: res.status, body: res.body }).toEqual({
        name: part.filename,
        status: 415,
        body: WRONG_TYPE,
      });
    }
    // One bad file in a request refuses the whole request.
    expect((await send([file('ok.csv', CSV_TEXT), file('bad.exe', exeBytes())])).status).toBe(415);
    expect(await rowCount()).toBe(0);
  });

  it('answers 422 for an empty file or a request without one', async () => {
    const { send, rowCount } = await adminOf();
    const empty = await send([file('empty.csv', Buffer.alloc(0))]);
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'File is smaller than 1 bytes',
      code: 'validation_failed',
    });
    const none = await send([{ field: 'notes', data: 'no file here' }]);
    expect(none.status).toBe(422);
    expect(await rowCount()).toBe(0);
  });

  it('cleans hostile file names and sends them back with an RFC 5987 name', async () => {
    const { client, send } = await adminOf();
    const names: [string, string][] = [
      ['../../etc/passwd.csv', 'passwd.csv'],
      ['..\\..\\windows\\win.csv', 'win.csv'],
      ['evil\u0001\u001b[31m\u007f.csv', 'evil[31m.csv'],
      ['invoice\u202egnp.csv', 'invoicegnp.csv'],
      ['...hidden.csv', 'hidden.csv'],
      ['Überprüfung Ø 検定.csv', 'Überprüfung Ø 検定.csv'],
    ];
    for (const [raw, expected] of names) {
      const res = await send([file(raw, CSV_TEXT)]);
      expect(res.status, raw).toBe(201);
      expect(res.body.originalName, raw).toBe(expected);
    }
    const last = (await client.get('/api/documents')).body[0];
    const { res } = await download(client, last.id);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Uberprufung _ __.csv"; filename*=UTF-8''${encodeURIComponent('Überprüfung Ø 検定.csv')}`,
    );
  });
});
