import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  instructorDesignations,
  instructorFiles,
  instructorImports,
  instructorQualifications,
  ledgerLeaves,
} from '../../db/schema';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { createEvent, postForm } from '../../test/training-events';

const IMPORT = '/api/instructors/import';
const COURSE = 'CE-525 Initial Type Rating';

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Instructors');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const csvOf = (lines: string[]) => lines.join('\r\n');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
type Json = any;
const messagesByRow = (body: Json) =>
  Object.fromEntries(
    body.rows.map((r: { rowNumber: number; errors: { message: string }[] }) => [
      r.rowNumber,
      r.errors.map((e) => e.message),
    ]),
  );

describe.each(DRIVERS)('instructor import (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** An organization with its signed-in admin and one training event naming COURSE. */
  async function centre() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    await createEvent(admin, { course: COURSE });
    return { ...org, adminId: org.admin.id, admin };
  }

  const send = (
    client: TestClient,
    file: { name: string; bytes: Uint8Array | string; type?: string } | null,
    fields: Record<string, string> = {},
  ) => postForm(client, server.baseUrl, IMPORT, file, fields);

  const counts = async (organizationId: string) => {
    const n = async (table: typeof instructorFiles | typeof instructorDesignations) => {
      const [row] = await server.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.organizationId, organizationId));
      return row!.n;
    };
    const [leaves] = await server.db
      .select({ n: count() })
      .from(ledgerLeaves)
      .where(eq(ledgerLeaves.organizationId, organizationId));
    const [imports] = await server.db
      .select({ n: count() })
      .from(instructorImports)
      .where(eq(instructorImports.organizationId, organizationId));
    return {
      files: await n(instructorFiles),
      designations: await n(instructorDesignations),
      imports: imports!.n,
      leaves: leaves!.n,
    };
  };

  it('previews a CSV: proposed mapping, rows as they would be saved, every row error; writes nothing', async () => {
    const { organization, admin } = await centre();
    const member = await createMember(server.db, organization.id, 'instructor');
    await admin.post('/api/instructors', {
      name: 'Kim Existing',
      role: 'instructor',
      employedFrom: daysFromToday(-400),
    });
    const before = await counts(organization.id);
    const future = daysFromToday(20);
    const csv = csvOf([
      'Name,Role,Hire Date,End Date,Email,Certificates,Course,Device,Designated On',
      `Avery Quinn,Instructor/Evaluator,2021-03-01,,${member.email.toUpperCase()},ATP 123,${COURSE.toLowerCase()},FFS Level D,2021-04-01`,
      'Blake Stone,EVALUATOR,03/15/2021,,,,,,',
      'Casey Reyes,Both,"July 29, 2022",,,,,,',
      `Drew Park,instructor,${future},,,,,,`,
      'Emery Lane,Instructor,2021-01-01,,,,A380 Type,,',
      'Finley Moss,Pilot,2021-01-01,,,,,,',
      'avery  quinn,Evaluator,2021-01-01,,,,,,',
      'Gale Hart,Instructor,2021-01-01,,nobody@example.test,,,,',
      'Kim Existing,Instructor,2021-01-01,,,,,,',
      'Harper Vale,Instructor,2021-06-01,2021-01-01,,,,,',
      `Indy Rowe,Instructor,2021-06-01,,,,${COURSE},,2021-05-01`,
      ',Instructor,2021-02-30,,,,,,',
    ]);
    const res = await send(admin, { name: 'roster.csv', bytes: csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'roster.csv',
      format: 'csv',
      totalRows: 12,
      validRows: 3,
      errorRows: 9,
      alreadyImported: null,
      mapping: {
        name: 'Name',
        role: 'Role',
        employedFrom: 'Hire Date',
        employedUntil: 'End Date',
        email: 'Email',
        certificates: 'Certificates',
        course: 'Course',
        device: 'Device',
        designatedAt: 'Designated On',
      },
    });
    expect(res.body.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.rows[0].values).toMatchObject({
      name: 'Avery Quinn',
      role: 'both',
      employedFrom: '2021-03-01',
      course: COURSE,
      designatedAt: '2021-04-01',
    });
    expect(res.body.rows[1].values).toMatchObject({
      role: 'evaluator',
      employedFrom: '2021-03-15',
    });
    expect(res.body.rows[2].values).toMatchObject({ role: 'both', employedFrom: '2022-07-29' });
    const messages = messagesByRow(res.body);
    expect(messages[2]).toEqual([]);
    expect(messages[3]).toEqual([]);
    expect(messages[4]).toEqual([]);
    expect(messages[5]).toEqual([`Employed from: ${future} is in the future`]);
    expect(messages[6]).toEqual([
      'Designated course: the centre has no course "A380 Type" in its training records',
    ]);
    expect(messages[7]).toEqual([
      'Role "Pilot" is not instructor, evaluator or both (e.g. "Instructor/Evaluator")',
    ]);
    expect(messages[8]).toEqual(['Same name as row 2 of this file']);
    expect(messages[9]).toEqual([
      'E-mail: no member of your organization has the address nobody@example.test (invite them first, or leave it empty)',
    ]);
    expect(messages[10]).toEqual(['Kim Existing already has an instructor file']);
    expect(messages[11]).toEqual([
      'Employed until: 2021-01-01 is before employment began (2021-06-01)',
    ]);
    expect(messages[12]).toEqual([
      'Designated on: 2021-05-01 is before employment began (2021-06-01)',
    ]);
    expect(messages[13]).toEqual([
      'Name is missing',
      'Employed from: 2021-02-30 is not a real calendar date',
    ]);
    expect(res.body.rows[4].errors[0].field).toBe('course');
    expect(await counts(organization.id)).toEqual(before);
  });

  it('commits an XLSX: every file with its designation and ledger leaf, one audit entry; the same file again is refused', async () => {
    const { organization, admin, adminId, email } = await centre();
    const file = await xlsx([
      ['First name', 'Last name', 'Position', 'Start date', 'E-mail', 'Course', 'Simulator'],
      ['Avery', 'Quinn', 'Instructor', new Date(Date.UTC(2021, 2, 1)), email, COURSE, 'FFS'],
      ['Blake', 'Stone', 'Evaluator', '2022-05-10', null, null, null],
      ['Casey', 'Reyes', 'both', new Date(Date.UTC(2020, 0, 15)), null, COURSE, null],
    ]);
    const before = await counts(organization.id);
    const preview = await send(admin, {
      name: 'roster.xlsx',
      bytes: file,
      type: 'application/octet-stream',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'xlsx',
      totalRows: 3,
      validRows: 3,
      errorRows: 0,
      mapping: {
        name: 'Full name (First name + Last name)',
        role: 'Position',
        employedFrom: 'Start date',
        email: 'E-mail',
        course: 'Course',
        device: 'Simulator',
        designatedAt: null,
      },
    });
    expect(preview.body.rows[0].values).toMatchObject({
      name: 'Avery Quinn',
      employedFrom: '2021-03-01',
      designatedAt: '2021-03-01',
    });
    expect(await counts(organization.id)).toEqual(before);

    const res = await send(admin, { name: 'roster.xlsx', bytes: file }, { mode: 'commit' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ imported: 3, importId: expect.any(String) });
    expect(res.body.instructorIds).toHaveLength(3);
    // One leaf per file, and one for the import's audit entry.
    expect(await counts(organization.id)).toEqual({
      files: 3,
      designations: 2,
      imports: 1,
      leaves: before.leaves + 4,
    });

    const rows = await server.db
      .select()
      .from(instructorFiles)
      .where(eq(instructorFiles.organizationId, organization.id));
    expect(
      rows.map((r) => [r.name, r.role, r.employedFrom, r.userId, r.importId, r.version]).sort(),
    ).toEqual(
      [
        ['Avery Quinn', 'instructor', '2021-03-01', adminId, res.body.importId, 1],
        ['Blake Stone', 'evaluator', '2022-05-10', null, res.body.importId, 1],
        ['Casey Reyes', 'both', '2020-01-15', null, res.body.importId, 1],
      ].sort(),
    );
    for (const r of rows) expect(r.ledgerIndex).toEqual(expect.any(Number));

    const avery = (await admin.get(`/api/instructors/${res.body.instructorIds[0]}`)).body;
    expect(avery.designations).toEqual([
      expect.objectContaining({ course: COURSE, device: 'FFS', designatedAt: '2021-03-01' }),
    ]);
    expect(avery.qualifications).toEqual([
      expect.objectContaining({ kind: 'designation_142_47_b', paragraph: '142.47(b)' }),
    ]);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'import_instructor_files'),
        ),
      );
    expect(audit).toMatchObject({ details: { fileName: 'roster.xlsx', count: 3 } });

    const again = await send(admin, { name: 'copy.xlsx', bytes: file }, { mode: 'commit' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^This file was already imported on \d{4}-\d{2}-\d{2}; nothing was imported again\.$/,
    );
    const seen = await send(admin, { name: 'copy.xlsx', bytes: file });
    expect(seen.status).toBe(200);
    expect(seen.body.alreadyImported).toMatchObject({ rowCount: 3 });
    expect(await counts(organization.id)).toMatchObject({ files: 3, leaves: before.leaves + 4 });
    expect((await admin.get('/api/ledger/verify')).body.ok).toBe(true);
  });

  it('writes nothing when one row of a commit is wrong, and lists every problem', async () => {
    const { organization, admin } = await centre();
    const before = await counts(organization.id);
    const csv = csvOf([
      'Name,Role,Employed From,Course',
      `Avery Quinn,Instructor,2021-03-01,${COURSE}`,
      'Blake Stone,Evaluator,2021-03-01,',
      `Casey Reyes,Instructor,${daysFromToday(30)},`,
    ]);
    const res = await send(admin, { name: 'roster.csv', bytes: csv }, { mode: 'commit' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '1 of 3 rows have errors; nothing was imported. Fix them and import the file again.',
    );
    expect(res.body.issues).toEqual([
      {
        path: 'row 4.employedFrom',
        message: `Employed from: ${daysFromToday(30)} is in the future`,
      },
    ]);
    expect(await counts(organization.id)).toEqual(before);

    // Fixed, the same rows go in.
    const fixed = csv.replace(daysFromToday(30), '2021-03-01');
    const ok = await send(admin, { name: 'roster.csv', bytes: fixed }, { mode: 'commit' });
    expect(ok.status).toBe(201);
    expect(await counts(organization.id)).toMatchObject({ files: 3, designations: 1 });
  });

  it('takes a column mapping from the form and says which columns are missing', async () => {
    const { admin } = await centre();
    const csv = csvOf(['Who;Capacity;Joined', 'Riley Hart;instructor;2021-05-05']);
    const unmapped = await send(admin, { name: 'x.csv', bytes: csv });
    expect(unmapped.status).toBe(422);
    expect(unmapped.body.message).toBe(
      'Choose the column that holds Name, Employed from; the file\'s columns are "Who", "Capacity", "Joined".',
    );
    const mapping = JSON.stringify({ name: 'Who', employedFrom: 'Joined' });
    const mapped = await send(admin, { name: 'x.csv', bytes: csv }, { mapping, mode: 'commit' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    expect(mapped.body.imported).toBe(1);
    const wrong = await send(
      admin,
      { name: 'x.csv', bytes: csv },
      { mapping: JSON.stringify({ name: 'Name' }) },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The file has no column "Name" to import as Name.');
    const badMode = await send(admin, { name: 'x.csv', bytes: csv }, { mode: 'save' });
    expect(badMode.status).toBe(422);
    expect(badMode.body.message).toBe('mode: "save" is neither "preview" nor "commit"');
  });

  it('refuses what is not a CSV or XLSX roster, and roles that may not manage documents', async () => {
    const { organization, admin } = await centre();
    const pdf = await send(admin, { name: 'a.pdf', bytes: '%PDF-1.7\n...' });
    expect(pdf.status).toBe(415);
    expect(pdf.body.code).toBe('unsupported_media_type');
    expect((await admin.post(IMPORT, { file: 'x' })).status).toBe(415);
    const headerOnly = await send(admin, { name: 'h.csv', bytes: 'Name,Role,Employed from\r\n' });
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.message).toBe('The file has a header row but no instructors.');
    expect((await send(admin, null, { mode: 'preview' })).status).toBe(422);
    const huge = await send(admin, {
      name: 'huge.csv',
      bytes: 'Name,Role\r\n' + 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      message: 'The file is larger than 10 MB',
      code: 'payload_too_large',
    });

    const csv = csvOf(['Name,Role,Employed from', 'Riley Hart,Instructor,2021-05-05']);
    for (const role of ['viewer', 'auditor'] as const) {
      const member = await createMember(server.db, organization.id, role);
      const client = await signedIn(server, member.email);
      const refused = await send(client, { name: 'r.csv', bytes: csv }, { mode: 'commit' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    const anonymous = await send(new TestClient(server.baseUrl), { name: 'r.csv', bytes: csv });
    expect(anonymous.status).toBe(401);
    const instructor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'instructor')).email,
    );
    const allowed = await send(instructor, { name: 'r.csv', bytes: csv }, { mode: 'commit' });
    expect(allowed.status).toBe(201);
    expect(await counts(organization.id)).toMatchObject({ files: 1 });
  });

  it('checks rows against the importing organization only', async () => {
    const one = await centre();
    const other = await createOrganization(server.db);
    const otherAdmin = await signedIn(server, other.email);
    await createEvent(otherAdmin, { course: 'A380 Type' });
    const outsider = await createMember(server.db, other.organization.id, 'instructor');
    await otherAdmin.post('/api/instructors', {
      name: 'Riley Hart',
      role: 'instructor',
      employedFrom: daysFromToday(-100),
    });
    const csv = csvOf([
      'Name,Role,Employed from,Email,Course',
      'Riley Hart,Instructor,2021-05-05,,',
      `Sam Ortiz,Instructor,2021-05-05,${outsider.email},`,
      'Jo Park,Instructor,2021-05-05,,A380 Type',
    ]);
    const preview = await send(one.admin, { name: 'r.csv', bytes: csv });
    // Another centre's person, member and course are not this centre's.
    expect(messagesByRow(preview.body)).toEqual({
      2: [],
      3: [
        `E-mail: no member of your organization has the address ${outsider.email} (invite them first, or leave it empty)`,
      ],
      4: ['Designated course: the centre has no course "A380 Type" in its training records'],
    });
    const committed = await send(
      otherAdmin,
      { name: 'r.csv', bytes: csvOf(['Name,Role,Employed from', 'Jo Park,Evaluator,2021-05-05']) },
      { mode: 'commit' },
    );
    expect(committed.status).toBe(201);
    // The same bytes imported by another organization are new here.
    const here = await send(
      one.admin,
      { name: 'r.csv', bytes: csvOf(['Name,Role,Employed from', 'Jo Park,Evaluator,2021-05-05']) },
      { mode: 'commit' },
    );
    expect(here.status).toBe(201);
    expect((await one.admin.get('/api/instructors')).body.counts.total).toBe(1);
    expect((await otherAdmin.get('/api/instructors')).body.counts.total).toBe(2);
    expect((await otherAdmin.get(`/api/instructors/${here.body.instructorIds[0]}`)).status).toBe(
      404,
    );
    const [q] = await server.db
      .select({ n: count() })
      .from(instructorQualifications)
      .where(eq(instructorQualifications.organizationId, one.organization.id));
    expect(q!.n).toBe(0);
  });
});
