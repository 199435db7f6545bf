import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@shared/constants/imports';
import { documentPages } from '../db/schema';
import { createOrganization, signedIn } from '../test/factories';
import { postFile } from '../test/files';
import { DRIVERS, startTestServer, type TestServer } from '../test/harness';
import { file, upload } from '../test/documents/http';
import { postForm } from '../test/training-events';

const TOO_MANY = {
  status: 413,
  body: {
    code: 'payload_too_large',
    message:
      'The file has more than 5,000 rows; an import takes at most 5,000. Split it into smaller files.',
  },
};

describe.each(DRIVERS)('the import row limit (%s)', (driver) => {
  // No job runner: an uploaded document stays unprocessed until the test stores its table.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('is one limit with one answer for the checklist import, the record import and a spreadsheet document', async () => {
    const { organization, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const header = ['Item Number', 'Status', 'Trainee', 'Date'];
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [
      '1-01',
      'Compliant',
      `Pilot ${i}`,
      '2025-01-10',
    ]);
    const csv = [header, ...rows].map((r) => r.join(',')).join('\r\n');
    const answers = [
      await postFile(server, client, '/api/checklist/import?dryRun=true', csv),
      await postForm(client, server.baseUrl, '/api/training-events/import/preview', {
        name: 'records.csv',
        bytes: csv,
      }),
    ];
    const document = await upload(server.baseUrl, client.cookie, [file('records.csv', csv)]);
    expect(document.status).toBe(201);
    const preview = `/api/documents/${document.body.id}/records/preview`;
    // Not processed yet: the document's file is read.
    answers.push(await client.post(preview, {}));
    // Processed: the table the processing job stores is read.
    await server.db.insert(documentPages).values({
      documentId: document.body.id,
      organizationId: organization.id,
      page: 1,
      text: '',
      source: 'table',
      tableData: { name: 'records.csv', header, rows, lines: rows.map((_, i) => i + 2) },
    });
    answers.push(await client.post(preview, {}));
    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body }).toEqual(TOO_MANY);
    }
  });
});
