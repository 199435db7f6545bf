import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPages, trainingEvents, type StoredTable } from '../../db/schema';
import { createMember, createOrganization, signedIn, withCookie } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';

const CSV =
  'Trainee,Cert #,Course,Type,Date,Status,Instructor\r\n' +
  'Avery Quinn,ATP-777,B737 Recurrent,Recurrent,2025-01-10,Completed,Dana Fox\r\n' +
  'Blake Stone,CPL-100,B737 Initial,Initial,03/15/2025,Completed,Dana Fox\r\n';

describe.each(DRIVERS)('spreadsheet documents as training records (%s)', (driver) => {
  let server: DocumentTestServer;
  beforeAll(async () => {
    server = await startDocumentServer(driver, { namespace: 'document-records' });
  });
  afterAll(() => server.close());

  async function adminWith(name: string, bytes: Buffer | string) {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const uploaded = await upload(server.baseUrl, client.cookie, [file(name, bytes)]);
    expect(uploaded.status).toBe(201);
    return { ...org, client, documentId: uploaded.body.id as string };
  }
  const eventsOf = async (organizationId: string) =>
    server.db
      .select()
      .from(trainingEvents)
      .where(eq(trainingEvents.organizationId, organizationId));

  it('previews each row of an uploaded CSV as a candidate record, then commits them citing the document', async () => {
    const { organization, client, documentId } = await adminWith('roster.csv', CSV);
    const preview = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.body.fileName).toBe('roster.csv');
    expect(preview.body.mapping).toMatchObject({
      studentName: 'Trainee',
      licenseNumber: 'Cert #',
      eventType: 'Type',
      eventDate: 'Date',
    });
    expect(preview.body.totalRows).toBe(2);
    expect(preview.body.validRows).toBe(2);
    expect(await eventsOf(organization.id)).toEqual([]);

    const commit = await client.post(`/api/documents/${documentId}/records/commit`, {});
    expect(commit.status).toBe(201);
    const events = await eventsOf(organization.id);
    expect(events.map((e) => [e.studentName, e.eventDate, e.sourceDocumentId]).sort()).toEqual([
      ['Avery Quinn', '2025-01-10', documentId],
      ['Blake Stone', '2025-03-15', documentId],
    ]);
    const again = await client.post(`/api/documents/${documentId}/records/commit`, {});
    expect(again.status).toBe(409);
    expect(await eventsOf(organization.id)).toHaveLength(2);
  });

  it('takes the confirmed column mapping and refuses a mapping to a column that does not exist', async () => {
    const { client, documentId } = await adminWith('records.csv', CSV.replace('Type', 'Kind'));
    // "Kind" is no event-type wording, but its cells are event types: proposed, to be confirmed.
    const proposed = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(proposed.status).toBe(200);
    expect(proposed.body.mapping.eventType).toBe('Kind');
    // The user decides otherwise: the course column is what they call the event.
    const mapped = await client.post(`/api/documents/${documentId}/records/preview`, {
      mapping: { eventType: 'Course' },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.mapping.eventType).toBe('Course');
    expect(mapped.body.rows[1].values).toMatchObject({
      studentName: 'Blake Stone',
      eventType: 'B737 Initial',
      eventDate: '2025-03-15',
    });
    const wrong = await client.post(`/api/documents/${documentId}/records/preview`, {
      mapping: { eventType: 'Nope' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The file has no column "Nope" to import as Event type.');
  });

  it('joins split name columns, reads spelled-out dates and takes the status from the result', async () => {
    const sheet =
      'First Name,Last Name,Cert #,Course,Event,Date,Result\r\n' +
      'Victor,Thornton,3166505,Citation Latitude Differences,Differences,"July 29, 2022",Completed\r\n' +
      'Taylor Y.,McAllister,7366759,B737-800 Type Rating,Proficiency Check,4 May 2023,Unsatisfactory\r\n' +
      'Rene,Ortiz,1234567,B737-800 Type Rating,Initial,2023-05-06,See remarks\r\n';
    const { client, documentId } = await adminWith('export.csv', sheet);
    const preview = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toContain('Full name (First Name + Last Name)');
    expect(preview.body.mapping).toMatchObject({
      studentName: 'Full name (First Name + Last Name)',
      eventDate: 'Date',
      result: 'Result',
      status: null,
    });
    expect(preview.body.rows.map((r: { values: unknown }) => r.values)).toMatchObject([
      { studentName: 'Victor Thornton', eventDate: '2022-07-29', status: 'completed' },
      { studentName: 'Taylor Y. McAllister', eventDate: '2023-05-04', status: 'failed' },
      { studentName: 'Rene Ortiz', eventDate: '2023-05-06', status: null },
    ]);
    expect(preview.body.rows[2].errors).toEqual([
      { field: 'status', message: 'Status is missing' },
    ]);
  });

  it('refuses a document that is not a spreadsheet, and hides other organizations’ documents', async () => {
    const pdf = await adminWith('certificate.pdf', await pdfBytes());
    const notSheet = await pdf.client.post(`/api/documents/${pdf.documentId}/records/preview`, {});
    expect(notSheet.status).toBe(422);
    expect(notSheet.body.message).toMatch(/certificate\.pdf is not a spreadsheet/);

    const sheet = await adminWith('roster.csv', CSV);
    const foreign = await pdf.client.post(`/api/documents/${sheet.documentId}/records/commit`, {});
    expect(foreign.status).toBe(404);
    const [{ n }] = (await server.db
      .select({ n: count() })
      .from(trainingEvents)
      .where(and(eq(trainingEvents.organizationId, sheet.organization.id)))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('says which documents await validation: a certificate with fields does, a sheet of records does not', async () => {
    const { client, documentId: sheetId } = await adminWith('roster.csv', CSV);
    const pdf = await upload(server.baseUrl, client.cookie, [
      file('certificate.pdf', await pdfBytes()),
    ]);
    await waitForStatus(client, sheetId, ['processed']);
    await waitForStatus(client, pdf.body.id, ['processed']);
    const list = (await client.get('/api/documents')).body as {
      id: string;
      awaitingValidation: boolean;
    }[];
    expect(Object.fromEntries(list.map((d) => [d.id, d.awaitingValidation]))).toEqual({
      [sheetId]: false,
      [pdf.body.id]: true,
    });
    expect((await client.get(`/api/documents/${pdf.body.id}`)).body.awaitingValidation).toBe(true);
    const stats = await client.get('/api/dashboard/stats');
    expect(stats.body.pendingReviews).toBe(1);
  });

  it('reads the table the processing job stored, each row numbered as the file numbers it', async () => {
    const { client, documentId } = await adminWith(
      'roster.csv',
      CSV.replace('\r\nBlake', '\r\n\r\nBlake'),
    );
    await waitForStatus(client, documentId, ['processed']);
    const stored = async () => {
      const [page] = await server.db
        .select({ table: documentPages.tableData })
        .from(documentPages)
        .where(eq(documentPages.documentId, documentId));
      return page!.table!;
    };
    const restore = async (table: StoredTable) =>
      server.db
        .update(documentPages)
        .set({ tableData: table })
        .where(eq(documentPages.documentId, documentId));
    const table = await stored();
    expect(table.lines).toEqual([2, 4]);
    // A stored cell changed behind the file's back shows that the preview reads the stored table.
    await restore({
      ...table,
      rows: [['Avery Stored', ...table.rows[0]!.slice(1)], table.rows[1]!],
    });
    const fromTable = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(fromTable.status).toBe(200);
    expect(
      fromTable.body.rows.map((r: { rowNumber: number; values: { studentName: string } }) => [
        r.rowNumber,
        r.values.studentName,
      ]),
    ).toEqual([
      [2, 'Avery Stored'],
      [4, 'Blake Stone'],
    ]);
    // A table stored before row numbers were kept: the file is read again.
    await restore({ name: table.name, header: table.header, rows: table.rows });
    const fromFile = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(fromFile.status).toBe(200);
    expect(
      fromFile.body.rows.map((r: { rowNumber: number; values: { studentName: string } }) => [
        r.rowNumber,
        r.values.studentName,
      ]),
    ).toEqual([
      [2, 'Avery Quinn'],
      [4, 'Blake Stone'],
    ]);
    expect(fromFile.body.fileHash).toBe(fromTable.body.fileHash);
  });

  it('lets auditors read but not import', async () => {
    const { organization, documentId } = await adminWith('roster.csv', CSV);
    const auditor = await createMember(server.db, organization.id, 'auditor');
    const client = await signedIn(server, auditor.email);
    const res = await client.post(`/api/documents/${documentId}/records/preview`, {});
    expect(res.status).toBe(403);
    const anonymous = withCookie(server, null);
    expect((await anonymous.post(`/api/documents/${documentId}/records/preview`, {})).status).toBe(
      401,
    );
  });
});
