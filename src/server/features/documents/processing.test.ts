import { readFile } from 'node:fs/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, documentPages, documents, extractionCorrections, jobs } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { createDocumentReader, type DocumentReader } from './document-reader';
import { PROCESSING_FAILED_MESSAGE } from './processing-job';
import { createOcrPool } from './reading/ocr-pool';
import type { OcrPool } from './reading/types';
import { CSV_TEXT } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const FAULT = 'SIMULATED-MACHINE-FAULT';
const HOLD = 'HOLD-UNTIL-RESTART';

/**
 * The real reader, except that a CSV containing FAULT fails like a broken machine would (not a
 * DocumentReadError), and one containing HOLD never finishes, like a worker that died mid-read.
 */
function readerWithFaults(base: DocumentReader) {
  const held: (() => void)[] = [];
  const reader: DocumentReader = {
    async read(path, kind, options) {
      const text = kind === 'csv' ? await readFile(path, 'utf8') : '';
      if (text.includes(FAULT)) throw new Error('simulated I/O failure');
      if (text.includes(HOLD)) await new Promise<void>((resolve) => held.push(resolve));
      return base.read(path, kind, options);
    },
    extract: (read, corrections) => base.extract(read, corrections),
  };
  return { reader, releaseAll: () => held.splice(0).forEach((resolve) => resolve()) };
}

const namespace = 'processing';

describe.each(DRIVERS)('document processing (%s)', (driver) => {
  let server: DocumentTestServer;
  let ocr: OcrPool;
  let faults: ReturnType<typeof readerWithFaults>;
  beforeAll(async () => {
    ocr = createOcrPool({ size: 1 });
    faults = readerWithFaults(createDocumentReader(ocr));
    server = await startDocumentServer(driver, {
      namespace,
      services: { ocr, documentReader: faults.reader },
    });
  });
  afterAll(async () => {
    faults.releaseAll();
    await server.close();
    await ocr.close();
  });

  async function admin() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const send = async (name: string, data: Buffer | string) => {
      const res = await upload(server.baseUrl, client.cookie, [file(name, data)]);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    return { ...org, client, send };
  }

  it('extracts fields with a confidence and a page, and keeps the page text searchable', async () => {
    const { client, send } = await admin();
    const id = await send('records.csv', CSV_TEXT);
    expect(await waitForStatus(client, id)).toMatchObject({ status: 'processed', pageCount: 1 });
    const fields = (await client.get(`/api/documents/${id}/extracted-data`)).body;
    const byName = Object.fromEntries(fields.map((f: { fieldName: string }) => [f.fieldName, f]));
    expect(byName.studentName).toMatchObject({
      extractedValue: 'Jordan Avery Pilot',
      page: 1,
      validatedValue: null,
      validatedBy: null,
      validatedAt: null,
    });
    expect(byName.licenseNumber.extractedValue).toBe('3456789');
    for (const field of fields) {
      expect(field.confidenceScore).toBeGreaterThan(0);
      expect(field.confidenceScore).toBeLessThanOrEqual(1);
    }
    const search = (words: string) =>
      server.db
        .select({ page: documentPages.page })
        .from(documentPages)
        .where(
          and(
            eq(documentPages.documentId, id),
            sql`${documentPages.searchVector} @@ websearch_to_tsquery('english', ${words})`,
          ),
        );
    // Stemmed: "pilots" finds "Pilot".
    expect(await search('pilots instructor')).toEqual([{ page: 1 }]);
    expect(await search('helicopter')).toEqual([]);
  });

  it('ends a corrupt PDF in error with a message the user can read', async () => {
    const { client, send } = await admin();
    const id = await send(
      'broken.pdf',
      '%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage without xref',
    );
    const done = await waitForStatus(client, id);
    expect(done.status).toBe('error');
    expect(done.errorMessage).toMatch(/\w{3,}/);
    expect(done.errorMessage).not.toBe(PROCESSING_FAILED_MESSAGE);
  });

  it('retries a machine failure with backoff, then settles in error with a readable message', async () => {
    const { client, send } = await admin();
    const id = await send('unlucky.csv', `${CSV_TEXT}${FAULT},1,x,2025-01-01,y\r\n`);
    const done = await waitForStatus(client, id);
    expect(done).toMatchObject({ status: 'error', errorMessage: PROCESSING_FAILED_MESSAGE });
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.attempts).toBe(4);
  });

  it('validates field by field: corrections are kept, the last one validates the document and is audited', async () => {
    const { client, send, organization } = await admin();
    const id = await send('to-validate.csv', CSV_TEXT);
    await waitForStatus(client, id);
    const fields = (await client.get(`/api/documents/${id}/extracted-data`)).body as {
      id: string;
      fieldName: string;
      extractedValue: string;
    }[];
    expect(fields.length).toBeGreaterThanOrEqual(2);
    expect((await client.get('/api/dashboard/stats')).body).toMatchObject({
      pendingReviews: 1,
      aiAccuracy: null,
    });

    const [corrected, ...accepted] = fields;
    const first = await client.post(`/api/extracted-data/${corrected!.id}/validate`, {
      validatedValue: 'Corrected Value',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      validatedValue: 'Corrected Value',
      validatedByName: 'Avery Admin',
      documentStatus: 'processed',
    });
    let last = first;
    for (const field of accepted) {
      last = await client.post(`/api/extracted-data/${field.id}/validate`, {
        validatedValue: field.extractedValue,
      });
      expect(last.status).toBe(200);
    }
    expect(last.body.documentStatus).toBe('validated');
    expect((await client.get(`/api/documents/${id}`)).body.status).toBe('validated');

    const corrections = await server.db
      .select()
      .from(extractionCorrections)
      .where(eq(extractionCorrections.organizationId, organization.id));
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({
      fieldName: corrected!.fieldName,
      extractedValue: corrected!.extractedValue,
      validatedValue: 'Corrected Value',
    });

    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'validate_data')),
      )
      .orderBy(desc(auditLogs.createdAt));
    expect(entry!.details).toMatchObject({ filename: 'to-validate.csv', documentId: id });
    expect(entry!.details.validatedValue).toBe(accepted.at(-1)!.extractedValue);

    const stats = (await client.get('/api/dashboard/stats')).body;
    expect(stats.pendingReviews).toBe(0);
    expect(stats.aiAccuracy).toBe(Math.round((accepted.length / fields.length) * 1000) / 10);
  });

  it('reprocesses a document on request, and refuses while it is still queued', async () => {
    const { client, send } = await admin();
    const id = await send('again.csv', CSV_TEXT);
    await waitForStatus(client, id);
    const res = await client.post(`/api/documents/${id}/reprocess`);
    expect(res.status).toBe(200);
    expect(['uploaded', 'processing', 'processed']).toContain(res.body.status);
    const done = await waitForStatus(client, id);
    expect(done.status).toBe('processed');
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.attempts).toBe(2);

    const held = await send('held.csv', `${CSV_TEXT}${HOLD},1,x,2025-01-01,y\r\n`);
    await waitForStatus(client, held, ['processing']);
    expect((await client.post(`/api/documents/${held}/reprocess`)).status).toBe(409);
  });

  it('resumes a document whose worker died mid-read after a restart', async () => {
    const { client } = await admin();
    const crashing = readerWithFaults(createDocumentReader(ocr));
    const doomed = await startDocumentServer(driver, {
      namespace,
      services: { documentReader: crashing.reader },
      leaseMs: 600,
    });
    // Only the doomed server works for now, so it is the one that takes the job.
    await server.jobs.stop();
    try {
      const res = await upload(doomed.baseUrl, client.cookie, [
        file('restart.csv', `${CSV_TEXT}${HOLD},1,x,2025-01-01,y\r\n`),
      ]);
      const id = res.body.id as string;
      await waitForStatus(client, id, ['processing']);
      doomed.jobs.abandon();
      await doomed.close();

      // "Restart": a new server on the same database. The old reader never returns; the new
      // runner takes the job over when the lease runs out and reads the file itself.
      const restarted = await startDocumentServer(driver, { namespace });
      try {
        const done = await waitForStatus(client, id);
        expect(done.status).toBe('processed');
        const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
        expect(row!.attempts).toBe(2);
      } finally {
        await restarted.close();
      }
    } finally {
      crashing.releaseAll();
      await server.jobs.start();
    }
  });

  it('fails a document cleanly when the crashed run was its last attempt', async () => {
    const { client, send } = await admin();
    await server.jobs.stop();
    let id: string;
    try {
      id = await send('last-chance.csv', CSV_TEXT);
      // What a crash on the last attempt leaves behind: a running job with a lapsed lease.
      await server.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: 4,
          lockedBy: 'a-dead-worker',
          leaseExpiresAt: new Date(Date.now() - 1000),
        })
        .where(eq(jobs.payload, { documentId: id, organizationId: (await documentOrg(id))! }));
      await server.db.update(documents).set({ status: 'processing' }).where(eq(documents.id, id));
    } finally {
      await server.jobs.start();
    }
    const done = await waitForStatus(client, id);
    expect(done).toMatchObject({ status: 'error', errorMessage: PROCESSING_FAILED_MESSAGE });
  });

  async function documentOrg(id: string) {
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
    return row?.organizationId;
  }
});
