import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedIn } from '../../test/factories';
import { download } from '../../test/files';
import { DRIVERS } from '../../test/harness';
import { CSV_TEXT, pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { inkAround, photoBytes, type Box } from '../../test/documents/page-images';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const NOT_FOUND = { message: 'Document not found', code: 'not_found' };

describe.each(DRIVERS)('document page images (%s)', (driver) => {
  let server: DocumentTestServer;
  beforeAll(async () => {
    server = await startDocumentServer(driver, { namespace: 'page-image' });
  });
  afterAll(() => server.close());

  async function admin() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const send = async (name: string, data: Buffer | string) => {
      const res = await upload(server.baseUrl, client.cookie, [file(name, data)]);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      await waitForStatus(client, res.body.id);
      return res.body.id as string;
    };
    return { ...org, client, send };
  }

  /**
   * The document's page 1 image, its box space from the pages list, and the student name's box:
   * checks the box lies in the box space and falls on ink in the image, with blank paper beside.
   */
  async function checkPage(client: Awaited<ReturnType<typeof admin>>['client'], id: string) {
    const image = await download(server, client, `/api/documents/${id}/pages/1/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toMatch(/^private/);
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe('png');

    const pages = (await client.get(`/api/documents/${id}/pages`)).body;
    const { boxWidth, boxHeight } = pages[0];
    expect(boxWidth).toBeGreaterThan(0);
    expect(boxHeight).toBeGreaterThan(0);
    // Drawn in the box space's proportions, at most 1600 px on its long side.
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThan(400);
    expect(meta.width! / meta.height!).toBeCloseTo(boxWidth / boxHeight, 2);

    const fields = (await client.get(`/api/documents/${id}/extracted-data`)).body;
    const name = fields.find((f: { fieldName: string }) => f.fieldName === 'studentName');
    expect(name).toMatchObject({ extractedValue: 'Jordan Avery Pilot', page: 1 });
    const box = name.box as Box;
    expect(box.x0).toBeGreaterThanOrEqual(0);
    expect(box.y0).toBeGreaterThanOrEqual(0);
    expect(box.x1).toBeLessThanOrEqual(boxWidth);
    expect(box.y1).toBeLessThanOrEqual(boxHeight);
    expect(box.x1).toBeGreaterThan(box.x0);
    expect(box.y1).toBeGreaterThan(box.y0);

    // The text is where the box says, and the paper around it is blank.
    const ink = await inkAround(image.bytes, box, { width: boxWidth, height: boxHeight });
    expect(ink.inside).toBeGreaterThan(0.05);
    for (const side of ['left', 'right', 'above', 'below'] as const) {
      expect(ink[side], side).toBeLessThan(0.01);
    }
    return { meta, boxWidth, boxHeight };
  }

  it('draws a photographed page as OCR read it: cropped, levelled, the boxes on the text', async () => {
    const { client, send } = await admin();
    const id = await send('certificate-photo.jpg', await photoBytes());
    const { meta, boxWidth, boxHeight } = await checkPage(client, id);
    // The desk was cropped and the page enlarged for OCR; the image is never larger than the photo.
    expect(boxWidth).toBeLessThan(3300);
    expect(boxWidth / boxHeight).toBeGreaterThan(2);
    expect(meta.width).toBeLessThanOrEqual(1250);
  }, 120_000);

  it('draws a PDF page from its text layer, the boxes in points of the page', async () => {
    const { client, send } = await admin();
    const id = await send('certificate.pdf', await pdfBytes());
    const { meta, boxWidth, boxHeight } = await checkPage(client, id);
    // US Letter in points, drawn 1600 px tall.
    expect([boxWidth, boxHeight]).toEqual([612, 792]);
    expect(meta.height).toBe(1600);

    // Asked again, the browser's copy is confirmed rather than drawn and sent again.
    const path = `/api/documents/${id}/pages/1/image`;
    const first = await download(server, client, path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(server.baseUrl + path, {
      headers: { cookie: client.cookie ?? '', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it("answers 404 for another organization's document, a missing page and a spreadsheet", async () => {
    const { client, send } = await admin();
    const id = await send('certificate.pdf', await pdfBytes());
    const sheet = await send('records.csv', CSV_TEXT);

    const missing = await client.get(`/api/documents/${id}/pages/2/image`);
    expect(missing).toMatchObject({
      status: 404,
      body: { message: 'Page not found', code: 'not_found' },
    });
    expect((await client.get(`/api/documents/${id}/pages/0/image`)).status).toBe(422);

    const csv = await client.get(`/api/documents/${sheet}/pages/1/image`);
    expect(csv.status).toBe(404);
    expect(csv.body.message).toMatch(/Spreadsheets and Word documents have no page image/);
    const csvPages = (await client.get(`/api/documents/${sheet}/pages`)).body;
    expect(csvPages[0]).toMatchObject({ boxWidth: null, boxHeight: null });

    const other = await createOrganization(server.db);
    const stranger = await signedIn(server, other.email);
    const foreign = await stranger.get(`/api/documents/${id}/pages/1/image`);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
  });
});
