import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  fleetDevices,
  fleetDiscrepancies,
  fleetImports,
  fleetMaintenanceItems,
  ledgerLeaves,
} from '../../db/schema';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { postForm } from '../../test/training-events';

const IMPORT = '/api/maintenance/import';
const d = daysFromToday;

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fleet');
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

describe.each(DRIVERS)('fleet import (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function centre() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    return { ...org, admin };
  }

  async function device(admin: TestClient, name: string, inServiceFrom = d(-700)) {
    const res = await admin.post('/api/maintenance/devices', {
      kind: 'ffs',
      name,
      model: 'Cessna Citation CJ3 (CE-525B)',
      inServiceFrom,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  }

  const send = (
    client: TestClient,
    kind: string | null,
    file: { name: string; bytes: Uint8Array | string; type?: string } | null,
    fields: Record<string, string> = {},
  ) => postForm(client, server.baseUrl, IMPORT, file, kind ? { kind, ...fields } : fields);

  const counts = async (organizationId: string) => {
    const n = async (
      table:
        | typeof fleetDevices
        | typeof fleetDiscrepancies
        | typeof fleetMaintenanceItems
        | typeof fleetImports
        | typeof ledgerLeaves,
    ) => {
      const [row] = await server.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.organizationId, organizationId));
      return row!.n;
    };
    return {
      devices: await n(fleetDevices),
      discrepancies: await n(fleetDiscrepancies),
      maintenance: await n(fleetMaintenanceItems),
      imports: await n(fleetImports),
      leaves: await n(ledgerLeaves),
    };
  };

  it('previews a CSV device list: proposed mapping, words read, every row error; writes nothing', async () => {
    const { organization, admin } = await centre();
    await device(admin, 'FFS 2');
    const before = await counts(organization.id);
    const future = d(20);
    const csv = csvOf([
      'Type,Name,Model,Level,Manufacturer,Serial No,Registration,Location,Qualified for,In service,Hours,Cycles',
      'Full flight simulator,FFS 3,Cessna Citation CJ3 (CE-525B),Level D,CAE,SN-1,,Bay 2,CE-525 type rating,2019-04-01,,',
      'Aircraft,N525CL,Cessna Citation CJ3,,Cessna,525B-0101,N525CL,KADS,,03/15/2018,"1,234.5",2100',
      'airplane,N99X,Piper Seneca,,,,,,,2018-01-01,,',
      'Boat,Boat 1,Skiff,,,,,,,2018-01-01,,',
      'FTD,ffs  3,Cessna Citation CJ3,,,,,,,2018-01-01,,',
      'FTD,ffs 2,Cessna Citation CJ3,,,,,,,2018-01-01,,',
      `FTD,FTD 9,Cessna Citation CJ3,,,,,,,${future},,`,
      'FTD,FTD 10,Cessna Citation CJ3,,,,,,,2018-01-01,-5,1.5',
      'FTD,,,,,,,,,2018-02-30,,',
    ]);
    const res = await send(admin, 'devices', { name: 'fleet.csv', bytes: csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'devices',
      fileName: 'fleet.csv',
      format: 'csv',
      totalRows: 9,
      validRows: 2,
      errorRows: 7,
      alreadyImported: null,
      mapping: {
        kind: 'Type',
        name: 'Name',
        model: 'Model',
        qualificationLevel: 'Level',
        manufacturer: 'Manufacturer',
        serialNumber: 'Serial No',
        registration: 'Registration',
        location: 'Location',
        qualifiedFor: 'Qualified for',
        inServiceFrom: 'In service',
        baseHours: 'Hours',
        baseCycles: 'Cycles',
      },
    });
    expect(res.body.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.rows[0].values).toMatchObject({ kind: 'ffs', inServiceFrom: '2019-04-01' });
    expect(res.body.rows[1].values).toMatchObject({
      kind: 'aircraft',
      inServiceFrom: '2018-03-15',
      baseHours: '1234.5',
      baseCycles: '2100',
    });
    expect(messagesByRow(res.body)).toEqual({
      2: [],
      3: [],
      4: ['Registration: an aircraft needs its registration (e.g. N525CL)'],
      5: ['Type: "Boat" is not FFS, FTD or aircraft (e.g. "Full flight simulator")'],
      6: ['Same name as row 2 of this file'],
      7: ['Name: the fleet already has a device named "ffs 2"'],
      8: [`In service from: ${future} is in the future`],
      9: ['Base hours: -5 is negative', 'Base cycles: 1.5 is not a whole number'],
      10: [
        'Name is missing',
        'Model is missing',
        'In service from: 2018-02-30 is not a real calendar date',
      ],
    });
    expect(res.body.rows[3].errors[0].field).toBe('kind');
    expect(await counts(organization.id)).toEqual(before);
  });

  it('commits an XLSX device list: rows marked with the import, ONE audit entry and leaf; the same file again is refused', async () => {
    const { organization, admin } = await centre();
    const file = await xlsx([
      ['Device type', 'Device name', 'Aircraft type', 'Qualification level', 'In service from'],
      ['FFS', 'FFS 1', 'Boeing 737-800', 'Level D', new Date(Date.UTC(2015, 5, 1))],
      ['FTD', 'FTD 4', 'Cessna CJ3', 'Level 7', '2017-01-10'],
    ]);
    const withAircraft = await xlsx([
      [
        'Device type',
        'Device name',
        'Aircraft type',
        'In service from',
        'Total hours',
        'Tail number',
      ],
      [
        'Aircraft',
        'N525CL',
        'Cessna Citation CJ3',
        new Date(Date.UTC(2016, 0, 15)),
        2345.5,
        'N525CL',
      ],
    ]);
    const before = await counts(organization.id);
    const preview = await send(admin, 'devices', { name: 'fleet.xlsx', bytes: file });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ format: 'xlsx', totalRows: 2, validRows: 2 });
    expect(preview.body.rows[0].values).toMatchObject({
      kind: 'ffs',
      name: 'FFS 1',
      inServiceFrom: '2015-06-01',
    });
    expect(await counts(organization.id)).toEqual(before);

    const res = await send(
      admin,
      'devices',
      { name: 'fleet.xlsx', bytes: file },
      { mode: 'commit' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'devices', imported: 2, importId: expect.any(String) });
    expect(res.body.ids).toHaveLength(2);
    expect(await counts(organization.id)).toEqual({
      ...before,
      devices: 2,
      imports: 1,
      leaves: before.leaves + 1,
    });
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'fleet.import')),
      );
    expect(audit!.details).toEqual({
      importId: res.body.importId,
      kind: 'devices',
      fileName: 'fleet.xlsx',
      fileHash: preview.body.fileHash,
      rowCount: 2,
      ids: res.body.ids,
    });
    const rows = await server.db
      .select()
      .from(fleetDevices)
      .where(eq(fleetDevices.organizationId, organization.id));
    const leaf = before.leaves; // the import's entry is the next leaf
    expect(
      rows
        .map((r) => [
          r.name,
          r.kind,
          r.qualificationLevel,
          r.inServiceFrom,
          r.importId,
          r.ledgerIndex,
          r.version,
        ])
        .sort(),
    ).toEqual(
      [
        ['FFS 1', 'ffs', 'Level D', '2015-06-01', res.body.importId, leaf, 1],
        ['FTD 4', 'ftd', 'Level 7', '2017-01-10', res.body.importId, leaf, 1],
      ].sort(),
    );

    const aircraft = await send(
      admin,
      'devices',
      { name: 'n.xlsx', bytes: withAircraft },
      { mode: 'commit' },
    );
    expect(aircraft.status, JSON.stringify(aircraft.body)).toBe(201);
    const listed = (await admin.get('/api/maintenance/devices')).body.devices;
    expect(listed.map((x: Json) => x.name)).toEqual(['FFS 1', 'FTD 4', 'N525CL']);
    expect(listed[2]).toMatchObject({
      kind: 'aircraft',
      registration: 'N525CL',
      baseHours: 2345.5,
    });

    const again = await send(
      admin,
      'devices',
      { name: 'copy.xlsx', bytes: file },
      { mode: 'commit' },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^This file was already imported on \d{4}-\d{2}-\d{2}; nothing was imported again\.$/,
    );
    const seen = await send(admin, 'devices', { name: 'copy.xlsx', bytes: file });
    expect(seen.status).toBe(200);
    expect(seen.body.alreadyImported).toMatchObject({ rowCount: 2 });
    expect(await counts(organization.id)).toMatchObject({ devices: 3, imports: 2 });
    expect((await admin.get('/api/ledger/verify')).body.ok).toBe(true);
  });

  it('checks a discrepancy log by the rules of the log, writes nothing while a row is wrong, then all of it', async () => {
    const { organization, admin } = await centre();
    const ffs = await device(admin, 'FFS 2');
    await device(admin, 'FTD 1', d(-30));
    const header =
      'Device,Date,Reported by,Session,Component,ATA,Description,Impact,Status,Action taken,Closed,Closed by,Downtime,Minutes lost';
    const good = [
      `ffs 2,${d(-10)},Dana Reyes,09:00 LOFT,Visual projector,34,Left channel flicker,No training impact,,,,,,`,
      `FFS 2,${d(-5)} 14:30,Sam Ortiz,,Motion actuator 3,ATA 27,Motion fault; motion off,NO-GO,Closed,Replaced transducer,${d(-4)} 08:00,Sim engineering,600,120`,
      `FFS 2,${d(-1)},Dana Reyes,,,,Visual system dark,Device down,,,,,,`,
    ];
    const csv = csvOf([
      header,
      ...good,
      `FFS 9,${d(-3)},Kim,,,,Something,Minor,,,,,,`,
      `FFS 2,${d(5)},Kim,,,,Future,Training restricted,,,,,,`,
      `FFS 2,${d(-3)},Kim,,,,Closed without action,Device down,closed,,${d(-2)},,,`,
      `FFS 2,${d(-3)},Kim,,,,Bad severity,Catastrophic,,,,,,`,
      `FTD 1,${d(-60)},Kim,,,,Before service,restricted,,,,,,`,
      `FFS 2,${d(-3)} 10:00,Kim,,,,Closed early,down,closed,Fixed,${d(-3)} 09:00,,,`,
      `FFS 2,${d(-3)},Kim,,,2a,Negative,no impact,open,,,,-30,`,
      `FFS 2,${d(-10)},Dana Reyes,,,,left channel  flicker,none,,,,,,`,
    ]);
    const before = await counts(organization.id);
    const preview = await send(admin, 'discrepancies', { name: 'log.csv', bytes: csv });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'discrepancies',
      totalRows: 11,
      validRows: 3,
      errorRows: 8,
      mapping: {
        device: 'Device',
        reportedAt: 'Date',
        reportedBy: 'Reported by',
        ataChapter: 'ATA',
        severity: 'Impact',
        correctiveAction: 'Action taken',
        closedAt: 'Closed',
        closedBy: 'Closed by',
        downtimeMinutes: 'Downtime',
        trainingMinutesLost: 'Minutes lost',
      },
    });
    // A date alone is noon UTC; a status left empty is open (closed when it has a closing time).
    expect(preview.body.rows[0].values).toMatchObject({
      device: 'FFS 2',
      reportedAt: `${d(-10)}T12:00:00.000Z`,
      severity: 'no_impact',
      status: 'open',
      ataChapter: '34',
    });
    expect(preview.body.rows[1].values).toMatchObject({
      reportedAt: `${d(-5)}T14:30:00.000Z`,
      closedAt: `${d(-4)}T08:00:00.000Z`,
      severity: 'down',
      status: 'closed',
      ataChapter: '27',
    });
    expect(messagesByRow(preview.body)).toEqual({
      2: [],
      3: [],
      4: [],
      5: ['Device: the fleet has no device named "FFS 9" (import or add the device first)'],
      6: [`Reported at: ${d(5)} is in the future`],
      7: ['Corrective action: a closed discrepancy needs its corrective action'],
      8: [
        'Severity: "Catastrophic" is not no impact, restricted or down (e.g. "No training impact", "Training restricted", "Device down", "NO-GO")',
      ],
      9: [`Reported at: ${d(-60)} is before FTD 1 entered service (${d(-30)})`],
      10: ['Closed at: it cannot be closed before it was reported'],
      11: [
        'ATA chapter: "2a" is not an ATA chapter (two digits, e.g. 34)',
        'Downtime (minutes): -30 is negative',
      ],
      12: ['Same discrepancy as row 2 of this file'],
    });

    const refused = await send(
      admin,
      'discrepancies',
      { name: 'log.csv', bytes: csv },
      { mode: 'commit' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      '8 of 11 rows have errors; nothing was imported. Fix them and import the file again.',
    );
    expect(refused.body.issues[0]).toEqual({
      path: 'row 5.device',
      message: 'Device: the fleet has no device named "FFS 9" (import or add the device first)',
    });
    expect(await counts(organization.id)).toEqual(before);

    const clean = csvOf([header, ...good]);
    const res = await send(
      admin,
      'discrepancies',
      { name: 'log.csv', bytes: clean },
      { mode: 'commit' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'discrepancies', imported: 3 });
    expect(await counts(organization.id)).toMatchObject({
      discrepancies: 3,
      imports: 1,
      leaves: before.leaves + 1,
    });
    const detail = (await admin.get(`/api/maintenance/devices/${ffs.id}`)).body;
    expect(detail.status).toBe('GROUNDED');
    expect(detail.statusReason).toContain('Visual system dark');
    const motion = detail.discrepancies.find((x: Json) => x.component === 'Motion actuator 3');
    expect(motion).toMatchObject({
      reportedAt: `${d(-5)}T14:30:00.000Z`,
      reportedBy: 'Sam Ortiz',
      ataChapter: '27',
      severity: 'down',
      status: 'closed',
      correctiveAction: 'Replaced transducer',
      closedAt: `${d(-4)}T08:00:00.000Z`,
      closedBy: 'Sim engineering',
      downtimeMinutes: 600,
      trainingMinutesLost: 120,
      version: 1,
    });
    const stored = await server.db
      .select({ importId: fleetDiscrepancies.importId })
      .from(fleetDiscrepancies)
      .where(eq(fleetDiscrepancies.organizationId, organization.id));
    expect(stored.every((r) => r.importId === res.body.importId)).toBe(true);

    // The same rows in another file are already in the log.
    const overlap = await send(admin, 'discrepancies', { name: 'log2.csv', bytes: `${clean}\r\n` });
    expect(overlap.body.alreadyImported).toBeNull();
    expect(messagesByRow(overlap.body)[2]).toEqual([
      'The log of FFS 2 already has this discrepancy (same time and description)',
    ]);
  });

  it('previews an XLSX discrepancy log with Excel date-times (UTC)', async () => {
    const { admin } = await centre();
    await device(admin, 'FFS 2');
    const file = await xlsx([
      ['Device', 'Reported at', 'Reported by', 'Description', 'Severity'],
      ['FFS 2', new Date(`${d(-2)}T13:45:00Z`), 'Kim Lee', 'Smoke smell', 'Training restricted'],
    ]);
    const res = await send(admin, 'discrepancies', { name: 'log.xlsx', bytes: file });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'xlsx', validRows: 1 });
    expect(res.body.rows[0].values).toMatchObject({
      reportedAt: `${d(-2)}T13:45:00.000Z`,
      severity: 'restricted',
      status: 'open',
    });
  });

  it('imports a maintenance log: due or interval needed, last done not in the future', async () => {
    const { organization, admin } = await centre();
    const ffs = await device(admin, 'FFS 2');
    const header = 'Device,Task,Type,Interval days,Interval hours,Last done,Due date,Due hours';
    const good = [
      `FFS 2,Annual FAA evaluation,Inspection,365,,${d(-100)},,`,
      'ffs 2,Projector lamp change,Scheduled maintenance,,500,,,',
    ];
    const csv = csvOf([
      header,
      ...good,
      'FFS 2,Visual alignment,insp,,,,,',
      'FFS 9,Anything,scheduled,30,,,,',
      `FFS 2,Motion check,inspection,30,,${d(10)},,`,
      'FFS 2,Oil,Overhaul,0,,,,',
      'FFS 2,annual faa evaluation,inspection,365,,,,',
    ]);
    const preview = await send(admin, 'maintenance', { name: 'mx.csv', bytes: csv });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.mapping).toEqual({
      device: 'Device',
      title: 'Task',
      kind: 'Type',
      intervalDays: 'Interval days',
      intervalHours: 'Interval hours',
      lastDoneAt: 'Last done',
      lastDoneHours: null,
      dueAt: 'Due date',
      dueHours: 'Due hours',
    });
    expect(preview.body.rows[1].values).toMatchObject({ kind: 'scheduled', intervalHours: '500' });
    expect(messagesByRow(preview.body)).toEqual({
      2: [],
      3: [],
      4: ['Due on: give a due date, due hours or an interval'],
      5: ['Device: the fleet has no device named "FFS 9" (import or add the device first)'],
      6: [`Last done on: ${d(10)} is in the future`],
      7: [
        'Type: "Overhaul" is neither an inspection nor scheduled maintenance',
        'Interval (days): 0 is no interval',
      ],
      8: ['Same item as row 2 of this file'],
    });
    expect(
      (await send(admin, 'maintenance', { name: 'mx.csv', bytes: csv }, { mode: 'commit' })).status,
    ).toBe(422);
    expect(await counts(organization.id)).toMatchObject({ maintenance: 0, imports: 0 });

    const res = await send(
      admin,
      'maintenance',
      { name: 'mx.csv', bytes: csvOf([header, ...good]) },
      { mode: 'commit' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'maintenance', imported: 2 });
    const detail = (await admin.get(`/api/maintenance/devices/${ffs.id}`)).body;
    expect(
      detail.maintenance.map((m: Json) => [
        m.title,
        m.kind,
        m.intervalDays,
        m.intervalHours,
        m.lastDoneAt,
      ]),
    ).toEqual([
      ['Annual FAA evaluation', 'inspection', 365, null, d(-100)],
      ['Projector lamp change', 'scheduled', null, 500, null],
    ]);
    expect(await counts(organization.id)).toMatchObject({ maintenance: 2, imports: 1 });
  });

  it('takes a column mapping from the form and says which columns are missing', async () => {
    const { admin } = await centre();
    const csv = csvOf(['Sim;Category;Aircraft type;Commissioned', 'FFS 5;FFS;B737-800;2020-02-02']);
    const unmapped = await send(admin, 'devices', { name: 'x.csv', bytes: csv });
    expect(unmapped.status).toBe(422);
    expect(unmapped.body.message).toBe(
      'Choose the column that holds Name; the file\'s columns are "Sim", "Category", "Aircraft type", "Commissioned".',
    );
    const mapped = await send(
      admin,
      'devices',
      { name: 'x.csv', bytes: csv },
      { mapping: JSON.stringify({ name: 'Sim' }), mode: 'commit' },
    );
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    const wrong = await send(
      admin,
      'devices',
      { name: 'x.csv', bytes: csv },
      { mapping: JSON.stringify({ name: 'Nope' }) },
    );
    expect(wrong.body.message).toBe('The file has no column "Nope" to import as Name.');
    const otherKind = await send(
      admin,
      'devices',
      { name: 'x.csv', bytes: csv },
      { mapping: JSON.stringify({ severity: 'Sim' }) },
    );
    expect(otherKind.status).toBe(422);
    expect(otherKind.body.message).toMatch(/^mapping: /);
  });

  it('lets each role import only what it may write, and refuses what is not a fleet file', async () => {
    const { organization, admin } = await centre();
    await device(admin, 'FFS 2');
    const devices = csvOf(['Type,Name,Model,In service', 'FTD,FTD 7,Cessna CJ3,2020-01-01']);
    const log = csvOf([
      'Device,Reported at,Reported by,Description,Severity',
      `FFS 2,${d(-2)},Kim,Seat rail stiff,no impact`,
    ]);
    const maintenance = csvOf(['Device,Title,Type,Interval days', 'FFS 2,Annual,inspection,365']);

    const instructor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'instructor')).email,
    );
    const own = await send(
      instructor,
      'discrepancies',
      { name: 'l.csv', bytes: log },
      { mode: 'commit' },
    );
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    for (const [kind, bytes, what] of [
      ['devices', devices, 'the device list'],
      ['maintenance', maintenance, 'the maintenance log'],
    ] as const) {
      const refused = await send(instructor, kind, { name: 'f.csv', bytes });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'forbidden',
        message: `Your role does not allow importing ${what}`,
      });
    }
    for (const role of ['viewer', 'auditor'] as const) {
      const client = await signedIn(
        server,
        (await createMember(server.db, organization.id, role)).email,
      );
      expect((await send(client, 'discrepancies', { name: 'l.csv', bytes: log })).status).toBe(403);
    }
    expect(
      (await send(new TestClient(server.baseUrl), 'devices', { name: 'f.csv', bytes: devices }))
        .status,
    ).toBe(401);
    expect(await counts(organization.id)).toMatchObject({
      devices: 1,
      discrepancies: 1,
      imports: 1,
    });

    expect((await admin.post(IMPORT, { file: 'x' })).status).toBe(415);
    const pdf = await send(admin, 'devices', { name: 'a.pdf', bytes: '%PDF-1.7\n...' });
    expect(pdf.status).toBe(415);
    expect(pdf.body.code).toBe('unsupported_media_type');
    const headerOnly = await send(admin, 'devices', {
      name: 'h.csv',
      bytes: 'Type,Name,Model\r\n',
    });
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.message).toBe('The file has a header row but no rows to import.');
    expect((await send(admin, 'devices', null)).status).toBe(422);
    const noKind = await send(admin, null, { name: 'f.csv', bytes: devices });
    expect(noKind.status).toBe(422);
    expect(noKind.body.message).toBe(
      'kind: say what the file holds, one of "devices", "discrepancies", "maintenance"',
    );
    const badKind = await send(admin, 'aircraft', { name: 'f.csv', bytes: devices });
    expect(badKind.body.message).toBe(
      'kind: "aircraft" is not one of "devices", "discrepancies", "maintenance"',
    );
    const badMode = await send(
      admin,
      'devices',
      { name: 'f.csv', bytes: devices },
      { mode: 'save' },
    );
    expect(badMode.status).toBe(422);
    expect(badMode.body.message).toBe('mode: "save" is not one of "preview", "commit"');
    const huge = await send(admin, 'devices', {
      name: 'huge.csv',
      bytes: 'Type,Name\r\n' + 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      message: 'The file is larger than 10 MB',
      code: 'payload_too_large',
    });
  });

  it('checks rows against the importing organization only', async () => {
    const one = await centre();
    const other = await centre();
    await device(other.admin, 'FFS 2');
    const log = csvOf([
      'Device,Reported at,Reported by,Description,Severity',
      `FFS 2,${d(-2)},Kim,Seat rail stiff,no impact`,
    ]);
    // Another centre's device is not this centre's.
    const preview = await send(one.admin, 'discrepancies', { name: 'l.csv', bytes: log });
    expect(messagesByRow(preview.body)).toEqual({
      2: ['Device: the fleet has no device named "FFS 2" (import or add the device first)'],
    });
    // Nor is its name taken here, and the same bytes imported there are new here.
    const devices = csvOf(['Type,Name,Model,In service', 'FFS,FFS 2,B737-800,2020-01-01']);
    const there = await send(other.admin, 'devices', { name: 'd.csv', bytes: devices });
    expect(messagesByRow(there.body)[2]).toEqual([
      'Name: the fleet already has a device named "FFS 2"',
    ]);
    const mx = csvOf(['Device,Title,Type,Interval days', 'FFS 2,Annual,inspection,365']);
    expect(
      (await send(other.admin, 'maintenance', { name: 'm.csv', bytes: mx }, { mode: 'commit' }))
        .status,
    ).toBe(201);
    expect(
      (await send(one.admin, 'devices', { name: 'd.csv', bytes: devices }, { mode: 'commit' }))
        .status,
    ).toBe(201);
    expect(
      (await send(one.admin, 'maintenance', { name: 'm.csv', bytes: mx }, { mode: 'commit' }))
        .status,
    ).toBe(201);
    expect(await counts(one.organization.id)).toMatchObject({
      devices: 1,
      maintenance: 1,
      imports: 2,
    });
    expect(await counts(other.organization.id)).toMatchObject({
      devices: 1,
      maintenance: 1,
      imports: 1,
    });
  });
});
