import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, documents } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { pngBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(DRIVERS)('field capture upload (%s)', (driver) => {
  let server: DocumentTestServer;
  beforeAll(async () => {
    server = await startDocumentServer(driver, { namespace: 'field-capture' });
  });
  afterAll(() => server.close());

  async function inspector() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const documentsOfOrg = async () =>
      (
        await server.db
          .select({ n: count() })
          .from(documents)
          .where(eq(documents.organizationId, org.organization.id))
      )[0]!.n;
    return { ...org, client, documentsOfOrg };
  }

  function capture(bytes: Buffer, overrides: Record<string, unknown> = {}) {
    return {
      captureId: randomUUID(),
      sha256: sha256(bytes),
      timestamp: '2026-11-30T14:05:09.123Z',
      location: { lat: 47.449, lng: -122.309311 },
      accuracy: 12.5,
      device: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131',
      inspector: 'inspector@example.test',
      notes: 'Discrepancy card, sim bay 2',
      ...overrides,
    };
  }

  it('stores a capture whose bytes match its hash, with its place and time in the ledger', async () => {
    const { client, organization } = await inspector();
    const bytes = await pngBytes(['Discrepancy card']);
    const metadata = capture(bytes);
    const res = await upload(server.baseUrl, client.cookie, [
      file('field-capture.png', bytes, 'document'),
      { field: 'metadata', data: JSON.stringify(metadata) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.sha256).toBe(metadata.sha256);
    expect(res.body.metadata).toMatchObject({
      sha256: metadata.sha256,
      accuracy: 12.5,
      location: metadata.location,
    });

    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'upload_document')),
      );
    expect(entry!.details).toMatchObject({
      documentId: res.body.id,
      capture: {
        captureId: metadata.captureId,
        sha256: metadata.sha256,
        capturedAt: metadata.timestamp,
        location: metadata.location,
        accuracy: 12.5,
      },
    });
    // The entry is a leaf of the organization's signed log: its proof names the capture's hash.
    const proof = await client.get(`/api/ledger/proof/inclusion/${entry!.id}`);
    expect(proof.status).toBe(200);
    expect(JSON.stringify(proof.body)).toContain(metadata.sha256);
  });

  it('answers the same capture sent again with the document it made, never a second one', async () => {
    const { client, documentsOfOrg } = await inspector();
    const bytes = await pngBytes(['Logbook page 14']);
    const metadata = capture(bytes);
    const send = () =>
      upload(server.baseUrl, client.cookie, [
        file('field-capture.png', bytes, 'document'),
        { field: 'metadata', data: JSON.stringify(metadata) },
      ]);
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Two at once, as a retry racing its original: still one document.
    const other = capture(await pngBytes(['Logbook page 15']));
    const otherBytes = await pngBytes(['Logbook page 15']);
    const both = await Promise.all(
      [0, 1].map(() =>
        upload(server.baseUrl, client.cookie, [
          file('field-capture.png', otherBytes, 'document'),
          { field: 'metadata', data: JSON.stringify({ ...other, sha256: sha256(otherBytes) }) },
        ]),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    expect(await documentsOfOrg()).toBe(2);
  });

  it('refuses a file whose bytes are not the ones captured, and stores nothing', async () => {
    const { client, documentsOfOrg } = await inspector();
    const bytes = await pngBytes(['Grade sheet']);
    const metadata = capture(await pngBytes(['Another photo']));
    const res = await upload(server.baseUrl, client.cookie, [
      file('field-capture.png', bytes, 'document'),
      { field: 'metadata', data: JSON.stringify(metadata) },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `The file that arrived is not the one captured: its SHA-256 is ${sha256(bytes)}, the capture's is ${metadata.sha256}`,
    );
    expect(await documentsOfOrg()).toBe(0);

    const two = await upload(server.baseUrl, client.cookie, [
      file('a.png', bytes, 'document'),
      file('b.png', bytes, 'document'),
      { field: 'metadata', data: JSON.stringify(capture(bytes)) },
    ]);
    expect(two.status).toBe(422);
    expect(two.body.message).toBe(
      'A field capture is one file: send each capture in its own upload',
    );
    const badHash = await upload(server.baseUrl, client.cookie, [
      file('a.png', bytes, 'document'),
      { field: 'metadata', data: JSON.stringify(capture(bytes, { sha256: 'not-a-hash' })) },
    ]);
    expect(badHash.status).toBe(422);
    expect(await documentsOfOrg()).toBe(0);
  });
});
