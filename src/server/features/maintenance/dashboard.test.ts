import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetDiscrepancies, fleetSessions } from '../../db/schema';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

const at = (days: number, time = '09:00') => `${daysFromToday(days)}T${time}:00.000Z`;

describe.each(DRIVERS)('the maintenance dashboard (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('computes every metric card and fleet row from the stored rows, and says which it cannot', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const empty = await admin.get('/api/maintenance/metrics');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      totalAircraft: 0,
      predictiveAccuracy: null,
      costReduction: null,
      uptimeImprovement: null,
      criticalAlerts: 0,
      predictedFailures: 0,
      preventedDowntime: null,
      networkIntelligence: null,
      backtest: null,
    });
    expect(empty.body.basis.costReduction).toBe(
      'Not measured: Centerline keeps no maintenance cost data',
    );

    const device = (
      await admin.post('/api/maintenance/devices', {
        kind: 'ftd',
        name: 'FTD 7',
        model: 'Cessna Citation CJ3 (CE-525B)',
        qualificationLevel: 'Level 7',
        inServiceFrom: daysFromToday(-400),
      })
    ).body as { id: string };
    // Sessions in this 30-day window and the one before, and lost time in each.
    for (const [days, scheduled, used] of [
      [-40, 240, 240],
      [-35, 240, 180],
      [-10, 240, 240],
      [-5, 240, 120],
      [-2, 240, 240],
    ] as const) {
      await admin.post(`/api/maintenance/devices/${device.id}/sessions`, {
        startsAt: at(days),
        scheduledMinutes: scheduled,
        usedMinutes: used,
        interrupted: used < scheduled,
      });
    }
    await admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, {
      reportedAt: at(-35, '11:00'),
      reportedBy: 'Dana Reyes',
      description: 'Visual freeze',
      severity: 'restricted',
      trainingMinutesLost: 60,
      status: 'closed',
      closedAt: at(-34),
      correctiveAction: 'Image generator reboot; driver updated',
    });
    await admin.post(`/api/maintenance/devices/${device.id}/discrepancies`, {
      reportedAt: at(-5, '11:00'),
      reportedBy: 'Sam Ortiz',
      description: 'Control loading fault',
      severity: 'restricted',
      trainingMinutesLost: 120,
    });

    // Recomputed here from the stored rows: availability = 1 - lost / scheduled, per window.
    const sessions = await server.db
      .select()
      .from(fleetSessions)
      .where(eq(fleetSessions.organizationId, organization.id));
    const discrepancies = await server.db
      .select()
      .from(fleetDiscrepancies)
      .where(eq(fleetDiscrepancies.organizationId, organization.id));
    const inWindow = (d: Date, from: number, to: number) => {
      const day = d.toISOString().slice(0, 10);
      return day >= daysFromToday(from) && day <= daysFromToday(to);
    };
    const availability = (from: number, to: number) => {
      const scheduled = sessions
        .filter((s) => inWindow(s.startsAt, from, to))
        .reduce((n, s) => n + s.scheduledMinutes, 0);
      const lost = discrepancies
        .filter((d) => inWindow(d.reportedAt, from, to))
        .reduce((n, d) => n + d.trainingMinutesLost, 0);
      return 1 - lost / scheduled;
    };
    const now = availability(-29, 0);
    const before = availability(-59, -30);

    const metrics = (await admin.get('/api/maintenance/metrics')).body;
    expect(metrics.totalAircraft).toBe(1);
    expect(metrics.uptimeImprovement).toBeCloseTo((now - before) * 100, 9);
    expect(metrics.basis.uptimeImprovement).toContain(`(${(now * 100).toFixed(1)} %)`);

    const fleet = (await admin.get('/api/maintenance/fleet')).body.fleet;
    expect(fleet).toHaveLength(1);
    expect(fleet[0]).toMatchObject({
      aircraftId: 'FTD 7',
      model: 'Cessna Citation CJ3 (CE-525B)',
      status: 'MAINTENANCE',
      criticalAlerts: 0,
      nextMaintenance: null,
    });
    expect(fleet[0].healthScore).toBeCloseTo(now * 100, 9);
    expect(fleet[0].release.released).toBe(false);

    const figures = await admin.get(
      `/api/maintenance/figures?from=${daysFromToday(-29)}&to=${daysFromToday(0)}`,
    );
    expect(figures.status).toBe(200);
    expect(figures.body.fleet.figures).toMatchObject({
      sessions: 3,
      scheduledMinutes: 720,
      usedMinutes: 600,
      sessionsInterrupted: 1,
      discrepancies: 1,
      failures: 1,
      trainingMinutesLost: 120,
    });
    expect(figures.body.fleet.figures.availability.value).toBeCloseTo(now, 12);
    expect(figures.body.fleet.figures.mtbfHours).toEqual({ value: 10, reason: null });
    expect(figures.body.fleet.open).toEqual({ open: 1, deferred: 0 });

    const backwards = await admin.get(
      `/api/maintenance/figures?from=${daysFromToday(0)}&to=${daysFromToday(-5)}`,
    );
    expect(backwards.status).toBe(422);
  });
});
