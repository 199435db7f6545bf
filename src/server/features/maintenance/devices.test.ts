import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, fleetDiscrepancies } from '../../db/schema';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';

const today = () => new Date().toISOString().slice(0, 10);
const at = (days: number, time = '09:00') => `${daysFromToday(days)}T${time}:00.000Z`;

describe.each(DRIVERS)('fleet devices and their logs (%s)', (driver) => {
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

  async function simulator(admin: TestClient, overrides: Record<string, unknown> = {}) {
    const res = await admin.post('/api/maintenance/devices', {
      kind: 'ffs',
      name: 'FFS 2',
      model: 'Cessna Citation CJ3 (CE-525B)',
      qualificationLevel: 'Level D',
      inServiceFrom: daysFromToday(-700),
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as {
      id: string;
      status: string;
      release: { released: boolean; reason: string };
    };
  }

  it('adds a device that is not released until a preflight passes today (142.59(c)(3))', async () => {
    const { admin, organization } = await centre();
    const device = await simulator(admin);
    expect(device.status).toBe('OPERATIONAL');
    expect(device.release).toMatchObject({ released: false });
    expect(device.release.reason).toContain('No preflight check recorded');

    const failed = await admin.post(`/api/maintenance/devices/${device.id}/preflights`, {
      date: today(),
      passed: false,
      items: [{ item: 'Visual system', ok: false }],
      remarks: 'Left channel dark',
    });
    expect(failed.status).toBe(201);
    expect(failed.body.release.reason).toMatch(
      /latest preflight check of .* failed: Left channel dark/,
    );

    const passed = await admin.post(`/api/maintenance/devices/${device.id}/preflights`, {
      date: today(),
      passed: true,
      items: [{ item: 'Visual system', ok: true }],
    });
    expect(passed.body.release.released).toBe(true);
    expect(passed.body.preflights).toHaveLength(2);

    // Each write is in the ledgered audit trail.
    const actions = (
      await server.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(eq(auditLogs.organizationId, organization.id))
    ).map((r) => r.action);
    expect(actions.filter((a) => a.startsWith('fleet.')).sort()).toEqual([
      'fleet.device_created',
      'fleet.preflight_recorded',
      'fleet.preflight_recorded',
    ]);
  });

  it('keeps the discrepancy log: a device-down entry grounds it until closed with its action', async () => {
    const { admin } = await centre();
    const device = await simulator(admin);
    const entry = await admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, {
      reportedAt: at(-1, '14:30'),
      reportedBy: 'Dana Reyes',
      session: '13:00 LOFT',
      component: 'Motion actuator 3',
      ataChapter: '27',
      description: 'Motion platform fault light; motion off',
      severity: 'down',
      trainingMinutesLost: 120,
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body).toMatchObject({ status: 'open', version: 1 });

    let detail = (await admin.get(`/api/maintenance/devices/${device.id}`)).body;
    expect(detail.status).toBe('GROUNDED');
    expect(detail.statusReason).toContain('Motion platform fault light');
    expect(detail.openDiscrepancies).toBe(1);

    const noAction = await admin.patch(
      `/api/maintenance/devices/${device.id}/discrepancies/${entry.body.id}`,
      { status: 'closed', closedAt: at(0, '00:30') },
    );
    expect(noAction.status).toBe(422);
    expect(noAction.body.message).toBe(
      'correctiveAction: A closed discrepancy needs its corrective action',
    );

    const closed = await admin.patch(
      `/api/maintenance/devices/${device.id}/discrepancies/${entry.body.id}`,
      {
        status: 'closed',
        closedAt: at(0, '00:30'),
        closedBy: 'Sim engineering',
        correctiveAction: 'Replaced actuator 3 position transducer',
        downtimeMinutes: 600,
        expectedVersion: 1,
      },
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', version: 2, downtimeMinutes: 600 });
    detail = (await admin.get(`/api/maintenance/devices/${device.id}`)).body;
    expect(detail.status).toBe('OPERATIONAL');

    const stale = await admin.patch(
      `/api/maintenance/devices/${device.id}/discrepancies/${entry.body.id}`,
      { description: 'edited', expectedVersion: 1 },
    );
    expect(stale.status).toBe(409);
  });

  it('logs a write-up kept offline once, however often its device sends it (clientId)', async () => {
    const { admin, organization } = await centre();
    const device = await simulator(admin);
    const clientId = crypto.randomUUID();
    const writeUp = {
      clientId,
      reportedAt: at(0, '07:10'),
      reportedBy: 'Dana Reyes',
      session: '06:00 LOFT, crew 14',
      description: 'IOS froze twice during the LOFT; restarted from the host',
      severity: 'restricted',
      trainingMinutesLost: 25,
    };
    const first = await admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, writeUp);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ description: writeUp.description, status: 'open' });

    // The answer was lost on the way: the device sends it again, and again at the same time.
    const again = await Promise.all([
      admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, writeUp),
      admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, writeUp),
    ]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(first.body.id);
    }
    const rows = await server.db
      .select({ id: fleetDiscrepancies.id, clientId: fleetDiscrepancies.clientId })
      .from(fleetDiscrepancies)
      .where(eq(fleetDiscrepancies.organizationId, organization.id));
    expect(rows).toEqual([{ id: first.body.id, clientId }]);
    const recorded = await server.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'fleet.discrepancy_recorded'),
        ),
      );
    expect(recorded).toHaveLength(1);

    // Another organization's device cannot claim the id, and a bad id is refused by field.
    const other = await centre();
    const theirs = await simulator(other.admin);
    const elsewhere = await other.admin.post(
      `/api/maintenance/devices/${theirs.id}/discrepancies`,
      writeUp,
    );
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    const bad = await admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, {
      ...writeUp,
      clientId: 'not-an-id',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/clientId/);
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const { admin, organization } = await centre();
    const device = await simulator(admin);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'discrepancies',
        { reportedAt: at(3), reportedBy: 'A', description: 'x', severity: 'no_impact' },
        'reportedAt',
      ],
      [
        'discrepancies',
        { reportedAt: at(-800), reportedBy: 'A', description: 'x', severity: 'no_impact' },
        'reportedAt',
      ],
      [
        'discrepancies',
        {
          reportedAt: at(-2),
          reportedBy: 'A',
          description: 'x',
          severity: 'no_impact',
          status: 'closed',
          closedAt: at(-1),
        },
        'correctiveAction',
      ],
      [
        'discrepancies',
        {
          reportedAt: at(-2),
          reportedBy: 'A',
          description: 'x',
          severity: 'no_impact',
          downtimeMinutes: -5,
        },
        'downtimeMinutes',
      ],
      ['preflights', { date: daysFromToday(5), passed: true }, 'date'],
      [
        'preflights',
        { date: today(), passed: true, items: [{ item: 'Motion', ok: false }] },
        'passed',
      ],
      ['components', { name: 'Projector', installedAt: daysFromToday(-900) }, 'installedAt'],
      ['sessions', { startsAt: at(-1), scheduledMinutes: 240, usedMinutes: -1 }, 'usedMinutes'],
    ];
    for (const [log, body, field] of cases) {
      const res = await admin.post(`/api/maintenance/devices/${device.id}/${log}`, body);
      expect(res.status, `${log} ${JSON.stringify(body)}`).toBe(422);
      expect(JSON.stringify(res.body), log).toContain(field);
    }
    const rows = await server.db
      .select()
      .from(fleetDiscrepancies)
      .where(and(eq(fleetDiscrepancies.organizationId, organization.id)));
    expect(rows).toHaveLength(0);

    const duplicate = await admin.post('/api/maintenance/devices', {
      kind: 'ffs',
      name: 'ffs 2',
      model: 'Another',
      inServiceFrom: daysFromToday(-10),
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toContain('already has a device named');
    const aircraft = await admin.post('/api/maintenance/devices', {
      kind: 'aircraft',
      name: 'Trainer 1',
      model: 'Cessna 172S',
      inServiceFrom: daysFromToday(-10),
    });
    expect(aircraft.status).toBe(422);
    expect(aircraft.body.message).toContain('registration');
  });

  it('counts hours from sessions, flags a session given on an unreleased day, and tracks component units', async () => {
    const { admin } = await centre();
    const device = await simulator(admin, { baseHours: 1000 });
    await admin.post(`/api/maintenance/devices/${device.id}/preflights`, {
      date: daysFromToday(-2),
      passed: true,
    });
    const install = await admin.post(`/api/maintenance/devices/${device.id}/components`, {
      name: 'Visual projector',
      ataChapter: '34',
      serialNumber: 'VP-1182',
      installedAt: daysFromToday(-30),
      lifeLimitHours: 5000,
    });
    expect(install.status, JSON.stringify(install.body)).toBe(201);
    for (const days of [-2, -1]) {
      const s = await admin.post(`/api/maintenance/devices/${device.id}/sessions`, {
        startsAt: at(days, '08:00'),
        scheduledMinutes: 240,
        usedMinutes: 210,
        interrupted: true,
        instructor: 'Dana Reyes',
      });
      expect(s.status, JSON.stringify(s.body)).toBe(201);
    }
    const detail = (await admin.get(`/api/maintenance/devices/${device.id}`)).body;
    expect(detail.totalHours).toBe(1007);
    const byDay = Object.fromEntries(
      detail.sessions.map((s: { startsAt: string; unreleased: boolean }) => [
        s.startsAt.slice(0, 10),
        s.unreleased,
      ]),
    );
    expect(byDay).toEqual({ [daysFromToday(-2)]: false, [daysFromToday(-1)]: true });
    expect(detail.components[0]).toMatchObject({ name: 'Visual projector', hoursSinceInstall: 7 });

    // A session of a training record on a day without a passing preflight: written to the record.
    const event = await admin.post('/api/training-events', {
      studentName: 'Avery Trainee',
      course: 'CE-525B type rating',
      eventType: 'Simulator session',
      eventDate: daysFromToday(-1),
      status: 'completed',
    });
    expect(event.status).toBe(201);
    await admin.post(`/api/maintenance/devices/${device.id}/sessions`, {
      startsAt: at(-1, '13:00'),
      scheduledMinutes: 120,
      usedMinutes: 120,
      trainingEventId: event.body.id,
    });
    const warned = (await admin.get(`/api/training-events/${event.body.id}`)).body.warnings;
    expect(warned).toEqual([
      expect.objectContaining({
        role: 'device',
        person: 'FFS 2',
        kind: 'device_not_released',
        paragraph: '142.59(c)(3)',
        version: 1,
      }),
    ]);
    expect(warned[0].message).toBe(
      `FFS 2 had no passing preflight check on ${daysFromToday(-1)} when this session was given at 13:00 UTC`,
    );

    const componentId = detail.components[0].id as string;
    const removed = await admin.post(
      `/api/maintenance/devices/${device.id}/components/${componentId}/removal`,
      { removedAt: daysFromToday(0), removalReason: 'failure' },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.components[0]).toMatchObject({ removalReason: 'failure' });
    const again = await admin.post(
      `/api/maintenance/devices/${device.id}/components/${componentId}/removal`,
      { removedAt: daysFromToday(0), removalReason: 'other' },
    );
    expect(again.status).toBe(409);
  });

  it('lets Instructors keep the logs but not the device list; Auditors read; Viewers and other centres get nothing', async () => {
    const { admin, organization } = await centre();
    const device = await simulator(admin);
    const instructor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'instructor')).email,
    );
    expect(
      (
        await instructor.post(`/api/maintenance/devices/${device.id}/discrepancies`, {
          reportedAt: at(-1),
          reportedBy: 'Self',
          description: 'IOS screen flicker',
          severity: 'no_impact',
        })
      ).status,
    ).toBe(201);
    expect(
      (await instructor.patch(`/api/maintenance/devices/${device.id}`, { location: 'Bay 3' }))
        .status,
    ).toBe(403);
    const auditor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'auditor')).email,
    );
    expect((await auditor.get(`/api/maintenance/devices/${device.id}`)).status).toBe(200);
    expect(
      (
        await auditor.post(`/api/maintenance/devices/${device.id}/preflights`, {
          date: today(),
          passed: true,
        })
      ).status,
    ).toBe(403);
    const viewer = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'viewer')).email,
    );
    expect((await viewer.get('/api/maintenance/devices')).status).toBe(403);

    const other = await centre();
    expect((await other.admin.get(`/api/maintenance/devices/${device.id}`)).status).toBe(404);
    expect(
      (
        await other.admin.post(`/api/maintenance/devices/${device.id}/preflights`, {
          date: today(),
          passed: true,
        })
      ).status,
    ).toBe(404);
    expect((await other.admin.get('/api/maintenance/devices')).body.devices).toEqual([]);
  });
});
