import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetComponents } from '../../db/schema';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { fitWeibull, probabilityOfFailureWithin } from './reliability/weibull';

const at = (days: number, time = '09:00') => `${daysFromToday(days)}T${time}:00.000Z`;
const DAY = 86_400_000;

describe.each(DRIVERS)('fleet predictions and alerts (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function fleet() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const res = await admin.post('/api/maintenance/devices', {
      kind: 'ffs',
      name: 'FFS 1',
      model: 'Boeing 737-800',
      qualificationLevel: 'Level D',
      inServiceFrom: daysFromToday(-1500),
    });
    expect(res.status).toBe(201);
    return { ...org, admin, deviceId: res.body.id as string };
  }

  const install = async (admin: TestClient, deviceId: string, body: Record<string, unknown>) => {
    const res = await admin.post(`/api/maintenance/devices/${deviceId}/components`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('fits each component type to the stored history, as a test recomputes it from the rows, and says when there is too little', async () => {
    const { admin, organization, deviceId } = await fleet();
    // Projector lamps: eight failed after 120-400 days, three replaced on schedule, two running.
    const lives = [120, 180, 210, 260, 300, 320, 350, 400];
    let start = -1400;
    for (const [i, life] of lives.entries()) {
      await install(admin, deviceId, {
        name: 'Projector lamp',
        ataChapter: '34',
        serialNumber: `PL-${i}`,
        installedAt: daysFromToday(start),
        removedAt: daysFromToday(start + life),
        removalReason: 'failure',
      });
      start += 20;
    }
    for (const [i, life] of [150, 200, 250].entries()) {
      await install(admin, deviceId, {
        name: 'Projector lamp',
        installedAt: daysFromToday(-900 + i * 10),
        removedAt: daysFromToday(-900 + i * 10 + life),
        removalReason: 'scheduled',
      });
    }
    await install(admin, deviceId, {
      name: 'Projector lamp',
      serialNumber: 'PL-old',
      installedAt: daysFromToday(-330),
    });
    await install(admin, deviceId, {
      name: 'Projector lamp',
      serialNumber: 'PL-new',
      installedAt: daysFromToday(-10),
    });
    // Two failures of an actuator: not enough for a model.
    for (const d of [-800, -500]) {
      await install(admin, deviceId, {
        name: 'Motion actuator',
        installedAt: daysFromToday(d),
        removedAt: daysFromToday(d + 200),
        removalReason: 'failure',
      });
    }

    const res = await admin.get('/api/maintenance/predictions');
    expect(res.status).toBe(200);
    const [actuator, lamp] = res.body.predictions;
    expect(actuator).toMatchObject({ component: 'Motion actuator', failures: 2, model: null });
    expect(actuator.reason).toBe(
      'Not enough history: 2 recorded failures of this component; a model needs at least 5',
    );

    // Independently: lives in days from the stored rows, fitted again.
    const rows = await server.db
      .select()
      .from(fleetComponents)
      .where(eq(fleetComponents.organizationId, organization.id));
    const today = new Date().toISOString().slice(0, 10);
    const samples = rows
      .filter((r) => r.name === 'Projector lamp')
      .map((r) => ({
        time: Math.max(0.5, (Date.parse(r.removedAt ?? today) - Date.parse(r.installedAt)) / DAY),
        failed: r.removalReason === 'failure',
      }));
    const again = fitWeibull(samples);
    if (!again.ok) throw new Error(again.reason);
    expect(lamp).toMatchObject({ component: 'Projector lamp', failures: 8, censored: 5 });
    expect(lamp.model.shape).toBeCloseTo(again.fit.shape, 9);
    expect(lamp.model.scale).toBeCloseTo(again.fit.scale, 6);
    expect(lamp.model.shapeCi[0]).toBeLessThan(lamp.model.shape);
    expect(lamp.model.shapeCi[1]).toBeGreaterThan(lamp.model.shape);

    // The old running unit is far likelier to fail within 30 days than the new one.
    const [old, young] = lamp.units;
    expect(old.serialNumber).toBe('PL-old');
    expect(old.probabilityWithin[0]).toEqual({
      days: 30,
      p: probabilityOfFailureWithin(again.fit, 330, 30),
    });
    expect(young.probabilityWithin[0].p).toBeLessThan(old.probabilityWithin[0].p);

    const alerts = (await admin.get('/api/maintenance/alerts')).body.alerts as {
      kind: string;
      component: string;
      severity: string;
      confidence: number;
      basis: string;
    }[];
    const prediction = alerts.find((a) => a.kind === 'prediction');
    expect(prediction).toMatchObject({ component: 'Projector lamp' });
    expect(prediction!.confidence).toBe(old.probabilityWithin[0].p);
    expect(prediction!.basis).toContain('Weibull fit to 8 failures and 5 censored units');

    const filtered = await admin.get('/api/maintenance/predictions?component=motion%20actuator');
    expect(filtered.body.predictions.map((p: { component: string }) => p.component)).toEqual([
      'Motion actuator',
    ]);
  });

  it('raises the rule alerts: an unreleased session (142.59(c)(3)), a recurring write-up, a life limit, maintenance due', async () => {
    const { admin, deviceId } = await fleet();
    await admin.post(`/api/maintenance/devices/${deviceId}/sessions`, {
      startsAt: at(-1, '07:30'),
      scheduledMinutes: 240,
      usedMinutes: 240,
      instructor: 'Dana Reyes',
      cycles: 4,
    });
    const unit = await install(admin, deviceId, {
      name: 'Control loader',
      installedAt: daysFromToday(-100),
      lifeLimitCycles: 4,
    });
    const first = await admin.post(`/api/maintenance/devices/${deviceId}/discrepancies`, {
      reportedAt: at(-3),
      reportedBy: 'Dana Reyes',
      component: 'IOS touchscreen',
      description: 'Touch input lags',
      severity: 'restricted',
      status: 'closed',
      closedAt: at(-2),
      correctiveAction: 'Recalibrated the touch panel',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await admin.post(`/api/maintenance/devices/${deviceId}/discrepancies`, {
      reportedAt: at(0, '00:10'),
      reportedBy: 'Sam Ortiz',
      component: 'ios touchscreen',
      description: 'Touch input lags again',
      severity: 'no_impact',
    });
    await admin.post(`/api/maintenance/devices/${deviceId}/maintenance`, {
      title: 'Annual motion system inspection',
      kind: 'inspection',
      lastDoneAt: daysFromToday(-370),
      intervalDays: 365,
    });
    expect(unit.components).toHaveLength(1);

    const alerts = (await admin.get('/api/maintenance/alerts')).body.alerts as {
      kind: string;
      severity: string;
      paragraph: string | null;
      prediction: string;
    }[];
    const byKind = Object.fromEntries(alerts.map((a) => [a.kind, a]));
    expect(byKind.unreleased_session).toMatchObject({
      severity: 'HIGH',
      paragraph: '142.59(c)(3)',
    });
    expect(byKind.unreleased_session!.prediction).toBe(
      `Training given on FFS 1 on ${daysFromToday(-1)} without a passing preflight check that day: 1 session (07:30 UTC, Dana Reyes)`,
    );
    expect(byKind.recurring_discrepancy!.prediction).toContain('1 session after the last repair');
    expect(byKind.life_limit).toMatchObject({ severity: 'CRITICAL' });
    expect(byKind.maintenance_due).toMatchObject({ severity: 'CRITICAL' });
    expect(alerts[0]!.severity).toBe('CRITICAL');

    // Done today: the next inspection is a year on and its alert is gone.
    const device = (await admin.get(`/api/maintenance/devices/${deviceId}`)).body;
    const item = device.maintenance[0];
    expect(item).toMatchObject({ overdue: true, dueAt: daysFromToday(-5) });
    const future = await admin.post(
      `/api/maintenance/devices/${deviceId}/maintenance/${item.id}/done`,
      { doneAt: daysFromToday(3) },
    );
    expect(future.status).toBe(422);
    const done = await admin.post(
      `/api/maintenance/devices/${deviceId}/maintenance/${item.id}/done`,
      { doneAt: daysFromToday(0) },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.maintenance[0]).toMatchObject({
      overdue: false,
      lastDoneAt: daysFromToday(0),
      lastDoneHours: 4,
      dueAt: daysFromToday(365),
    });
    const tooMany = await admin.post(
      `/api/maintenance/devices/${deviceId}/maintenance/${item.id}/done`,
      { doneAt: daysFromToday(0), doneHours: 9 },
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(
      'doneHours: FFS 1 has 4 hours; it cannot have been done at 9',
    );
    const earlier = await admin.post(
      `/api/maintenance/devices/${deviceId}/maintenance/${item.id}/done`,
      { doneAt: daysFromToday(-1) },
    );
    expect(earlier.status).toBe(422);
    expect(earlier.body.message).toContain('It was last done on');
    const unknown = await admin.post(
      `/api/maintenance/devices/${deviceId}/maintenance/00000000-0000-4000-8000-000000000000/done`,
      { doneAt: daysFromToday(0) },
    );
    expect(unknown.status).toBe(404);
    const after = (await admin.get('/api/maintenance/alerts')).body.alerts as { kind: string }[];
    expect(after.map((a) => a.kind)).not.toContain('maintenance_due');
  });
});
