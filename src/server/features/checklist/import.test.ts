import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { organizationWithRoles } from '../../test/factories';
import { download, postFile } from '../../test/files';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Checklist');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(DRIVERS)('checklist import (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  const statuses = async (client: Parameters<typeof postFile>[1]) =>
    new Map(
      ((await client.get('/api/checklist')).body.items as { number: string; status: string }[]).map(
        (i) => [i.number, i.status],
      ),
    );

  it('previews a CSV with its row errors and writes nothing', async () => {
    const { clients } = await organizationWithRoles(server);
    const csv = [
      'Item Number,Status,Comments,Findings',
      '1-01,Compliant,Screened at hiring,',
      '1-02,done,,',
      '1-99,Compliant,,',
      '1-01,Pending,,',
      '',
      '2-03,Not applicable,,No simulator at this site',
    ].join('\n');
    const res = await postFile(server, clients.admin, '/api/checklist/import?dryRun=true', csv);
    expect(res.status).toBe(200);
    expect(res.body.dryRun).toBe(true);
    expect(res.body.applied).toBe(false);
    expect(res.body.summary).toEqual({ rows: 5, changed: 2, unchanged: 0, errors: 3 });
    expect(res.body.rows).toEqual([
      {
        row: 2,
        itemNumber: '1-01',
        changes: [
          { field: 'status', from: 'pending', to: 'compliant' },
          { field: 'comments', from: '', to: 'Screened at hiring' },
        ],
        error: null,
      },
      {
        row: 3,
        itemNumber: '1-02',
        changes: [],
        error:
          'Status "done" is not one of Pending, Compliant, Partial, Non-compliant, Not applicable.',
      },
      {
        row: 4,
        itemNumber: '1-99',
        changes: [],
        error: 'Item 1-99 is not in the checklist (catalogue version 1).',
      },
      {
        row: 5,
        itemNumber: '1-01',
        changes: [],
        error: 'Item 1-01 appears again (first on row 2).',
      },
      expect.objectContaining({ row: 7, itemNumber: '2-03', error: null }),
    ]);
    expect((await statuses(clients.admin)).get('1-01')).toBe('pending');
  });

  it('refuses a whole file with any bad row (422), and applies a clean one in full', async () => {
    const { clients, organization } = await organizationWithRoles(server);
    const bad = 'Item Number,Status\n1-01,Compliant\n1-02,Compliant\n9-99,Compliant\n';
    const refused = await postFile(server, clients.instructor, '/api/checklist/import', bad);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Nothing was imported: 1 row has an error. Correct it and import the file again.',
    );
    expect(refused.body.issues).toEqual([
      { path: 'row 4', message: 'Item 9-99 is not in the checklist (catalogue version 1).' },
    ]);
    expect(refused.body.result.summary.errors).toBe(1);
    const before = await statuses(clients.admin);
    expect([before.get('1-01'), before.get('1-02')]).toEqual(['pending', 'pending']);

    // The editor changed 1-02 in the meantime; the import overwrites and bumps its revision.
    await clients.admin.patch('/api/checklist/1-02', { revision: 0, comments: 'typed by hand' });
    const good =
      'item number;status;comments\n1-01;compliant;From the import\n1-02;Non-compliant;\n';
    const applied = await postFile(
      server,
      clients.instructor,
      '/api/checklist/import?filename=audit.csv',
      good,
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      applied: true,
      summary: { rows: 2, changed: 2, unchanged: 0, errors: 0 },
    });
    const items = (await clients.admin.get('/api/checklist')).body.items as Record<
      string,
      unknown
    >[];
    expect(items.find((i) => i.number === '1-01')).toMatchObject({
      status: 'compliant',
      comments: 'From the import',
      revision: 1,
    });
    expect(items.find((i) => i.number === '1-02')).toMatchObject({
      status: 'non-compliant',
      comments: '',
      revision: 2,
    });
    const history = (await clients.admin.get('/api/checklist/1-02/history')).body.entries;
    expect(history[0]).toMatchObject({
      source: 'import',
      revision: 2,
      changes: [
        { field: 'status', from: 'pending', to: 'non-compliant' },
        { field: 'comments', from: 'typed by hand', to: '' },
      ],
    });
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'import_checklist'),
        ),
      );
    expect(audit.map((a) => a.details)).toEqual([
      { fileName: 'audit.csv', rows: 2, itemsChanged: ['1-01', '1-02'] },
    ]);
  });

  it('reads XLSX, and warns when Excel turned an item number into a date', async () => {
    const { clients } = await organizationWithRoles(server);
    const bytes = await workbook([
      ['Item Number', 'Status', 'Findings'],
      ['3-01', 'Partial', 'Syllabus lacks completion standards'],
      [new Date(Date.UTC(2001, 0, 3)), 'Compliant', ''],
    ]);
    const preview = await postFile(
      server,
      clients.admin,
      '/api/checklist/import?dryRun=true',
      bytes,
      XLSX,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.rows[0]).toMatchObject({
      itemNumber: '3-01',
      error: null,
      changes: [
        { field: 'status', from: 'pending', to: 'partial' },
        { field: 'findings', from: '', to: 'Syllabus lacks completion standards' },
      ],
    });
    expect(preview.body.rows[1].error).toMatch(
      /^Excel turned the item number into the date 2001-01-03/,
    );
  });

  it('names wrong columns, empty files, oversized and foreign files', async () => {
    const { clients } = await organizationWithRoles(server);
    const post = (body: Buffer | string, type = 'text/csv') =>
      postFile(server, clients.admin, '/api/checklist/import', body, type);

    const owner = await post('Item Number,Status,Owner\n1-01,Compliant,Sam\n');
    expect(owner.status).toBe(422);
    expect(owner.body.message).toBe(
      'Unknown column "Owner". An import has the columns Item Number, Status, Comments and Findings.',
    );
    expect((await post('Status,Comments\nCompliant,x\n')).body.message).toBe(
      'The file has no Item Number column. Put the column names in the first row.',
    );
    expect((await post('Item Number,Description\n1-01,x\n')).body.message).toMatch(
      /^The file has no Status, Comments or Findings column/,
    );
    const empty = await post('');
    expect([empty.status, empty.body.message]).toEqual([422, 'The file is empty.']);

    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `1-${String(i).padStart(2, '0')},Compliant`,
    );
    const huge = await post(['Item Number,Status', ...rows].join('\n'));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(
      'The file has more than 5,000 rows; an import takes at most 5,000. Split it into smaller files.',
    );
    // A workbook past the limit takes seconds to build and read, hence this test's timeout.
    const manyXlsx = await post(
      await workbook([['Item Number', 'Status'], ...rows.slice(0, 5_001).map((r) => r.split(','))]),
      XLSX,
    );
    expect(manyXlsx.status).toBe(413);
    expect(manyXlsx.body.message).toMatch(/^The file has more than 5,000 rows/);

    expect((await post(Buffer.from('%PDF-1.7\n...'), 'application/octet-stream')).status).toBe(415);
    const json = await clients.admin.post('/api/checklist/import', { rows: [] });
    expect(json.status).toBe(415);
    const tooBig = await post(Buffer.alloc(6 * 1024 * 1024, 0x41));
    expect(tooBig.status).toBe(413);
  }, 60_000);

  it('lets only editors import, and re-imports its own CSV export without changes', async () => {
    const { clients } = await organizationWithRoles(server);
    for (const role of ['auditor', 'viewer'] as const) {
      expect(
        (
          await postFile(
            server,
            clients[role],
            '/api/checklist/import?dryRun=true',
            'Item Number,Status\n',
          )
        ).status,
      ).toBe(403);
    }
    await clients.admin.patch('/api/checklist/5-05', {
      revision: 0,
      status: 'not-applicable',
      comments: 'Quotes "inside", commas, and\nnew lines',
    });
    const exported = await download(server, clients.admin, '/api/checklist/export?format=csv');
    const preview = await postFile(
      server,
      clients.admin,
      '/api/checklist/import?dryRun=true',
      exported.bytes,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ rows: 200, changed: 0, unchanged: 200, errors: 0 });
    expect(preview.body.columns.used).toEqual(['Item Number', 'Status', 'Comments', 'Findings']);
  });
});
