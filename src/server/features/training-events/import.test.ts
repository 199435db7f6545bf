import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerLeaves, trainingEvents } from '../../db/schema';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent, postForm } from '../../test/training-events';

const PREVIEW = '/api/training-events/import/preview';
const COMMIT = '/api/training-events/import/commit';

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Records');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe.each(DRIVERS)('training event import (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    return { ...org, client: await signedIn(server, org.email) };
  }
  const counts = async (organizationId: string) => {
    const [events] = await server.db
      .select({ n: count() })
      .from(trainingEvents)
      .where(eq(trainingEvents.organizationId, organizationId));
    const [leaves] = await server.db
      .select({ n: count() })
      .from(ledgerLeaves)
      .where(eq(ledgerLeaves.organizationId, organizationId));
    return { events: events!.n, leaves: leaves!.n };
  };

  it('previews a CSV: proposed mapping, normalised rows, and every row-level error; writes nothing', async () => {
    const { organization, client } = await adminOf();
    await createEvent(client, {
      studentName: 'Jordan Existing',
      licenseNumber: 'CPL-1',
      course: null,
      eventType: 'Recurrent',
      eventDate: '2025-04-01',
    });
    const before = await counts(organization.id);
    const csv = [
      'Trainee,Certificate No.,Course,Type,Date,Status,Grade,Instructor,Notes',
      'Avery Quinn,ATP-777,B737 Recurrent,Recurrent,2025-01-10,Completed,Satisfactory,Dana Fox,',
      ',CPL-9,B737,Initial,2025-01-11,completed,,,"no name"',
      'Blake Stone,CPL-100,B737,Initial,2025-02-30,completed,,,',
      'Casey Reyes,CPL-200,B737,Initial,${daysFromToday(20)},completed,,,',
      'Drew Park,CPL-300,B737,Initial,03/15/2025,passed,,,',
      'Avery Quinn,ATP-777,B737 Recurrent,Recurrent,01/10/2025,pending,,,',
      'Jordan Existing,CPL-1,,recurrent,2025-04-01,completed,,,',
      'Emery Lane,CPL-400,B737,Initial,${daysFromToday(20)},pending,,,',
      'Finley Moss,CPL-500,B737,Initial,next tuesday,completed,,,',
    ]
      .join('\r\n')
      .replaceAll('${daysFromToday(20)}', daysFromToday(20));
    const res = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'records.csv',
      bytes: csv,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'records.csv',
      format: 'csv',
      totalRows: 9,
      validRows: 2,
      errorRows: 7,
      alreadyImported: null,
      mapping: {
        studentName: 'Trainee',
        licenseNumber: 'Certificate No.',
        course: 'Course',
        eventType: 'Type',
        eventDate: 'Date',
        status: 'Status',
        result: 'Grade',
        instructor: 'Instructor',
        evaluator: null,
        remarks: 'Notes',
      },
    });
    expect(res.body.fileHash).toMatch(/^[0-9a-f]{64}$/);
    const byRow = new Map(res.body.rows.map((r: { rowNumber: number }) => [r.rowNumber, r]));
    const messages = (n: number) =>
      (byRow.get(n) as { errors: { message: string }[] }).errors.map((e) => e.message);
    expect(byRow.get(2)).toMatchObject({
      errors: [],
      values: { studentName: 'Avery Quinn', eventDate: '2025-01-10', status: 'completed' },
    });
    expect(messages(3)).toEqual(['Student name is missing']);
    expect(messages(4)).toEqual(['2025-02-30 is not a real calendar date']);
    expect(messages(5)).toEqual([
      'The date is in the future; only pending events can be dated later than today',
    ]);
    expect(messages(6)).toEqual(['Status "passed" is not one of completed, pending, failed']);
    expect((byRow.get(6) as { values: { eventDate: string } }).values.eventDate).toBe('2025-03-15');
    expect(messages(7)).toEqual(['Same event as row 2 of this file']);
    expect(messages(8)).toEqual(['Already on record: Jordan Existing, Recurrent on 2025-04-01']);
    expect(byRow.get(9)).toMatchObject({ errors: [] });
    expect(messages(10)).toEqual(['"next tuesday" is not a date (write YYYY-MM-DD or MM/DD/YYYY)']);
    expect(await counts(organization.id)).toEqual(before);

    const commit = await postForm(client, server.baseUrl, COMMIT, {
      name: 'records.csv',
      bytes: csv,
    });
    expect(commit.status).toBe(422);
    expect(commit.body.message).toBe(
      '7 of 9 rows have errors; nothing was imported. Fix them and import the file again.',
    );
    expect(commit.body.issues).toContainEqual({
      path: 'row 3.studentName',
      message: 'Student name is missing',
    });
    expect(await counts(organization.id)).toEqual(before);
  });

  it('commits an XLSX all at once: every row a record and a leaf, one audit entry; a second import is refused', async () => {
    const { organization, admin, client } = await adminOf();
    const file = await xlsx([
      ['Student Name', 'Licence', 'Curriculum', 'Event Type', 'Event Date', 'Status', 'Examiner'],
      [
        'Avery Quinn',
        'ATP-777',
        'B737 Recurrent',
        'Recurrent',
        new Date(Date.UTC(2025, 0, 10)),
        'completed',
        'Sam Ortiz',
      ],
      ['Blake Stone', null, 'CE-525 Initial', 'Initial', '2025-02-11', 'FAILED', null],
      ['Casey Reyes', 'CPL-200', 'CE-525 Initial', 'Check', '2025-02-12', 'pending', null],
    ]);
    const before = await counts(organization.id);
    const preview = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'records.xlsx',
      bytes: file,
      type: 'application/octet-stream',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'xlsx',
      totalRows: 3,
      validRows: 3,
      errorRows: 0,
    });
    expect(preview.body.rows[0].values).toMatchObject({
      eventDate: '2025-01-10',
      evaluator: 'Sam Ortiz',
      course: 'B737 Recurrent',
    });

    const res = await postForm(client, server.baseUrl, COMMIT, {
      name: 'records.xlsx',
      bytes: file,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      imported: 3,
      firstLedgerIndex: before.leaves,
      lastLedgerIndex: before.leaves + 2,
    });
    expect(await counts(organization.id)).toEqual({ events: 3, leaves: before.leaves + 4 });
    const list = (await client.get('/api/training-events')).body;
    expect(
      list.map((e: { studentName: string; status: string }) => [e.studentName, e.status]),
    ).toEqual([
      ['Casey Reyes', 'pending'],
      ['Blake Stone', 'failed'],
      ['Avery Quinn', 'completed'],
    ]);
    for (const e of list) expect(e.blockchainHash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'import_training_events'),
        ),
      );
    expect(audit).toMatchObject({
      actorId: admin.id,
      details: { fileName: 'records.xlsx', count: 3 },
    });

    const again = await postForm(client, server.baseUrl, COMMIT, {
      name: 'copy.xlsx',
      bytes: file,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^This file was already imported on \d{4}-\d{2}-\d{2}; nothing was imported again\.$/,
    );
    expect(
      (await postForm(client, server.baseUrl, PREVIEW, { name: 'copy.xlsx', bytes: file })).body
        .alreadyImported,
    ).toMatchObject({ rowCount: 3 });
    expect(await counts(organization.id)).toEqual({ events: 3, leaves: before.leaves + 4 });
    expect((await client.get('/api/ledger/verify')).body.ok).toBe(true);
  });

  it('takes a column mapping from the form and refuses one naming a column the file lacks', async () => {
    const { client } = await adminOf();
    const csv = 'Who;What;When;State\r\nRiley Hart;Simulator session;2025-05-05;completed\r\n';
    const unmapped = await postForm(client, server.baseUrl, PREVIEW, { name: 'x.csv', bytes: csv });
    expect(unmapped.status).toBe(422);
    // The cells give away the date; the other columns need the user.
    expect(unmapped.body.message).toBe(
      'Choose the column that holds Student name, Event type, Status; the file\'s columns are "Who", "What", "When", "State".',
    );
    const mapping = JSON.stringify({
      studentName: 'Who',
      eventType: 'What',
      eventDate: 'When',
      status: 'State',
    });
    const mapped = await postForm(
      client,
      server.baseUrl,
      COMMIT,
      { name: 'x.csv', bytes: csv },
      { mapping },
    );
    expect(mapped.status).toBe(201);
    expect(mapped.body.imported).toBe(1);
    const wrong = await postForm(
      client,
      server.baseUrl,
      PREVIEW,
      { name: 'x.csv', bytes: csv },
      { mapping: JSON.stringify({ studentName: 'Name' }) },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The file has no column "Name" to import as Student name.');
  });

  it('refuses files that are not CSV or XLSX, malformed CSV, and roles that may not import', async () => {
    const { organization, client } = await adminOf();
    const pdf = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'a.pdf',
      bytes: '%PDF-1.7\n...',
    });
    expect(pdf.status).toBe(415);
    expect(pdf.body.code).toBe('unsupported_media_type');
    const broken = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'b.csv',
      bytes: 'Name,Date\r\n"Unclosed,2025-01-01\r\n',
    });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toMatch(/^The CSV file could not be read: /);
    const damaged = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'c.xlsx',
      bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
    });
    expect(damaged.status).toBe(422);
    const empty = await postForm(client, server.baseUrl, PREVIEW, null, { mapping: '{}' });
    expect(empty.status).toBe(422);
    const huge = await postForm(client, server.baseUrl, PREVIEW, {
      name: 'huge.csv',
      bytes: 'Name,Date\r\n' + 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      message: 'The file is larger than 10 MB',
      code: 'payload_too_large',
    });
    const json = await client.post(PREVIEW, { file: 'x' });
    expect(json.status).toBe(415);
    const viewer = await createMember(server.db, organization.id, 'viewer');
    const viewerClient = await signedIn(server, viewer.email);
    const refused = await postForm(viewerClient, server.baseUrl, COMMIT, {
      name: 'x.csv',
      bytes: 'a',
    });
    expect(refused.status).toBe(403);
    expect(await counts(organization.id)).toMatchObject({ events: 0 });
  });
});
