import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { DEMO_COMPONENT_TRUTH, generateFleet, insertFleet, type DemoFleetRows } from './demo-fleet';
import { fleetOf } from './repository';
import { todayUtc } from './view';

const SMALL = { devices: 2, years: 0.25, discrepancies: 120 };
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The rules the database's checks and the fleet service hold a row to, checked on every row. */
function expectValid(rows: DemoFleetRows, today: string) {
  const device = new Map(rows.devices.map((d) => [d.id, d]));
  const since = (deviceId: string) => device.get(deviceId)!.inServiceFrom;
  for (const d of rows.devices) {
    expect(d.inServiceFrom <= today).toBe(true);
    expect(d.kind !== 'aircraft' || !!d.registration, d.name).toBe(true);
  }
  for (const c of rows.components) {
    expect(c.installedAt >= since(c.deviceId) && c.installedAt < today, c.id).toBe(true);
    expect(c.removedAt === null).toBe(c.removalReason === null);
    if (c.removedAt) expect(c.removedAt >= c.installedAt && c.removedAt < today, c.id).toBe(true);
  }
  for (const p of rows.preflights) {
    expect(p.date >= since(p.deviceId) && p.date <= today).toBe(true);
    if (p.passed) expect(p.items!.every((i) => i.ok)).toBe(true);
  }
  for (const s of rows.sessions) {
    const day = dayOf(s.startsAt);
    expect(day >= since(s.deviceId) && day < today).toBe(true);
    expect(s.scheduledMinutes > 0 && s.usedMinutes >= 0).toBe(true);
    expect(s.usedMinutes <= s.scheduledMinutes).toBe(true);
  }
  const unit = new Map(rows.components.map((c) => [c.id, c]));
  for (const d of rows.discrepancies) {
    expect(dayOf(d.reportedAt) >= since(d.deviceId) && dayOf(d.reportedAt) < today).toBe(true);
    expect(d.status === 'closed').toBe(d.closedAt !== null);
    if (d.closedAt) {
      expect(d.correctiveAction, d.id).toBeTruthy();
      expect(d.closedAt.getTime()).toBeGreaterThanOrEqual(d.reportedAt.getTime());
      expect(dayOf(d.closedAt) < today).toBe(true);
    }
    if (d.componentId) expect(unit.get(d.componentId)?.deviceId).toBe(d.deviceId);
    if (d.severity !== 'no_impact') {
      // Every failure write-up is a unit's failure, removed that day.
      const failed = unit.get(d.componentId!)!;
      expect(failed.removalReason).toBe('failure');
      expect(failed.removedAt).toBe(dayOf(d.reportedAt));
    }
    expect(d.ataChapter === null || /^\d{2}$/.test(d.ataChapter!)).toBe(true);
  }
  for (const m of rows.maintenance) {
    expect(m.lastDoneAt! >= since(m.deviceId) && m.lastDoneAt! < today).toBe(true);
    expect(m.intervalDays ?? m.intervalHours).toBeTruthy();
  }
  const failures = rows.components.filter((c) => c.removalReason === 'failure').length;
  expect(rows.discrepancies.filter((d) => d.severity !== 'no_impact')).toHaveLength(failures);
}

describe('generated fleet history', () => {
  it('is the same for a seed, and another for another seed', () => {
    const today = '2026-03-15';
    const one = generateFleet({ seed: 7, today, ...SMALL });
    expect(generateFleet({ seed: 7, today, ...SMALL })).toEqual(one);
    expect(generateFleet({ seed: 8, today, ...SMALL }).rows.components).not.toEqual(
      one.rows.components,
    );
    expect(one.rows.devices.map((d) => d.kind)).toEqual(['ffs', 'aircraft']);
    expect(one.rows.discrepancies).toHaveLength(SMALL.discrepancies);
  });

  it('keeps every row within the rules, with the truth of every component type present', () => {
    const today = '2026-03-15';
    const fleet = generateFleet({ seed: 3, today, devices: 8, years: 1, discrepancies: 900 });
    expectValid(fleet.rows, today);
    expect(fleet.from).toBe('2025-03-15');
    const kinds = new Set(fleet.rows.devices.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(['aircraft', 'ffs', 'ftd']);
    for (const name of new Set(fleet.rows.components.map((c) => c.name))) {
      expect(fleet.truth[name]).toEqual(DEMO_COMPONENT_TRUTH[name]);
    }
    const rows = fleet.rows;
    expect(rows.sessions.some((s) => s.interrupted)).toBe(true);
    expect(rows.preflights.some((p) => !p.passed)).toBe(true);
    expect(rows.components.some((c) => c.removalReason === 'scheduled')).toBe(true);
    expect(rows.components.some((c) => c.removedAt === null)).toBe(true);
    expect(rows.discrepancies.some((d) => d.severity === 'down' && d.trainingMinutesLost)).toBe(
      true,
    );
  });
});

describe('insertFleet (pglite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.app.close());

  it('inserts a small fleet in one go with one audit entry, and one seed fills two organizations', async () => {
    const today = todayUtc();
    const fleet = generateFleet({ seed: 11, today, ...SMALL });
    expectValid(fleet.rows, today);
    const first = await createOrganization(server.db);
    const second = await createOrganization(server.db);
    const counts = await insertFleet(server.db, first.organization.id, fleet.rows, {
      actorId: first.admin.id,
      details: { seed: 11 },
    });
    await insertFleet(server.db, second.organization.id, fleet.rows);

    const stored = await fleetOf(server.db, first.organization.id).rows();
    expect(counts).toEqual(
      Object.fromEntries(Object.entries(fleet.rows).map(([k, v]) => [k, v.length])),
    );
    for (const [table, list] of Object.entries(stored)) {
      expect(list).toHaveLength(counts[table as keyof typeof counts]);
    }
    expect(stored.discrepancies.filter((d) => d.ledgerIndex !== null)).toEqual([]);
    const [entry, ...more] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, first.organization.id),
          eq(auditLogs.action, 'fleet.demo_seeded'),
        ),
      );
    expect(more).toEqual([]);
    expect(entry!.actorId).toBe(first.admin.id);
    expect(entry!.details).toMatchObject({ seed: 11, ...counts, eachRowLedgered: false });

    // The product reads them as any other fleet.
    const admin = await signedIn(server, first.email);
    const devices = await admin.get('/api/maintenance/devices');
    expect(devices.status).toBe(200);
    expect(devices.body.devices.map((d: { name: string }) => d.name).sort()).toEqual(
      fleet.rows.devices.map((d) => d.name).sort(),
    );
    const metrics = await admin.get('/api/maintenance/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body.totalAircraft).toBe(2);
  });
});
