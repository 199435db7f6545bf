import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatModelFromConfig } from '../../ai/chat-model';
import { startFakeChatServer, type FakeChatServer } from '../../test/fake-chat-server';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, testConfig } from '../../test/harness';
import { createDocumentReader, withModelRefinement } from './document-reader';
import { refineWithModel } from './extraction/refine';
import { createOcrPool } from './reading/ocr-pool';
import type { ExtractedFieldCandidate, OcrPool, ReadResult } from './reading/types';
import { CERTIFICATE_LINES, pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const READ: ReadResult = {
  pages: [
    {
      page: 1,
      source: 'text-layer',
      text: 'Certificate of Training\nTrainee: JORDAN A. PILOT\nDate: 14 March 2025',
    },
  ],
  tables: [],
} as unknown as ReadResult;

const FIELDS: ExtractedFieldCandidate[] = [
  { fieldName: 'studentName', value: 'Jordan A Pllot', confidence: 0.42, page: 1 },
  { fieldName: 'trainingDate', value: '2025-03-14', confidence: 0.97, page: 1 },
];

const modelAt = (server: FakeChatServer, timeoutMs = 2000) =>
  chatModelFromConfig(
    testConfig({
      AI_BASE_URL: server.url,
      AI_MODEL: 'fake-reader',
      AI_TIMEOUT_MS: String(timeoutMs),
    }),
  )!;

describe('refining unsure fields with a model', () => {
  const servers: FakeChatServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  const serve = async (...args: Parameters<typeof startFakeChatServer>) => {
    const server = await startFakeChatServer(...args);
    servers.push(server);
    return server;
  };

  it('asks only about the unsure fields and takes a value printed in the document', async () => {
    const server = await serve(() => '{"fields": {"studentName": "JORDAN A. PILOT"}}');
    const { fields, note } = await refineWithModel(modelAt(server), READ, FIELDS);
    expect(note).toBe('1 of 1 unsure fields changed');
    expect(fields[0]).toEqual({
      fieldName: 'studentName',
      value: 'Jordan A. Pilot',
      confidence: 0.42,
      page: 1,
      refinedBy: 'fake-reader',
    });
    expect(fields[1]).toBe(FIELDS[1]);
    const asked = JSON.stringify(server.requests[0]);
    expect(asked).toContain('studentName: \\"Jordan A Pllot\\"');
    expect(asked).not.toContain('trainingDate:');
  });

  it('refuses a value the document does not print, and leaves the fields alone when the model fails', async () => {
    const invented = await serve(() => '{"fields": {"studentName": "Casey Invented"}}');
    expect((await refineWithModel(modelAt(invented), READ, FIELDS)).fields).toEqual(FIELDS);

    const nonsense = await serve(() => 'I think the trainee is probably Jordan.');
    expect(await refineWithModel(modelAt(nonsense), READ, FIELDS)).toEqual({
      fields: FIELDS,
      note: 'the model answer was not the expected JSON',
    });

    const slow = await serve(() => '{"fields": {}}', { delayMs: 5000 });
    const late = await refineWithModel(modelAt(slow, 200), READ, FIELDS);
    expect(late.fields).toEqual(FIELDS);
    expect(late.note).toBe('model unavailable: The model did not answer in time');

    const broken = await serve(() => ({ status: 500, body: { error: { message: 'boom' } } }));
    expect((await refineWithModel(modelAt(broken), READ, FIELDS)).note).toBe(
      'model unavailable: The model server answered 500',
    );
  });

  it('does not call the model when every field is sure', async () => {
    const server = await serve(() => '{"fields": {}}');
    const sure = FIELDS.map((f) => ({ ...f, confidence: 0.95 }));
    expect((await refineWithModel(modelAt(server), READ, sure)).fields).toBe(sure);
    expect(server.requests).toHaveLength(0);
  });
});

describe.each(DRIVERS)('model refinement in processing (%s)', (driver) => {
  let server: DocumentTestServer;
  let ocr: OcrPool;
  let model: FakeChatServer;
  beforeAll(async () => {
    model = await startFakeChatServer(() =>
      JSON.stringify({
        fields: {
          studentName: 'JORDAN PILOT',
          instructorName: 'Morgan Lee',
          courseName: 'Invented',
        },
      }),
    );
    ocr = createOcrPool({ size: 1 });
    server = await startDocumentServer(driver, {
      namespace: 'refine',
      services: {
        ocr,
        // Every field counts as unsure here, so that each one goes to the model.
        documentReader: withModelRefinement(createDocumentReader(ocr), modelAt(model), {
          below: 1.01,
        }),
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await ocr.close();
    await model.close();
  });

  it('stores the model’s reading with its name, and the API shows where the value came from', async () => {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const bytes = await pdfBytes([...CERTIFICATE_LINES, 'Remarks: signed by Jordan Pilot']);
    const sent = await upload(server.baseUrl, client.cookie, [file('certificate.pdf', bytes)]);
    expect(sent.status).toBe(201);
    await waitForStatus(client, sent.body.id, ['processed', 'needs_review']);
    const fields = (await client.get(`/api/documents/${sent.body.id}/extracted-data`)).body as {
      fieldName: string;
      extractedValue: string;
      refinedBy: string | null;
    }[];
    const byName = Object.fromEntries(fields.map((f) => [f.fieldName, f]));
    expect(byName.studentName).toMatchObject({
      extractedValue: 'Jordan Pilot',
      refinedBy: 'fake-reader',
    });
    // Same value as the extractor's: nothing to mark. Not in the text: refused.
    expect(byName.instructorName).toMatchObject({ extractedValue: 'Morgan Lee', refinedBy: null });
    expect(byName.courseName).toMatchObject({
      extractedValue: 'Citation CE-525 Initial Type Rating',
      refinedBy: null,
      reviewNotes: [],
    });
  });
});
