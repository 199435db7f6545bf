import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { dutyWindows, type DutySession } from './duty';

const session = (id: string, iso: string, minutes: number): DutySession => ({
  id,
  deviceName: 'FFS 1',
  startsAt: new Date(iso),
  minutes,
  trainingEventId: null,
});

describe('142.49(c)(1): 8 hours of instruction in any 24 consecutive hours', () => {
  it('allows exactly 8 hours, and finds 8.5 hours that straddle midnight', () => {
    expect(
      dutyWindows([
        session('a', '2026-03-02T06:00:00Z', 240),
        session('b', '2026-03-02T12:00:00Z', 240),
      ]),
    ).toEqual([]);
    // 4 h in the evening and 4.5 h the next morning: no calendar day holds more than 4.5 h.
    const windows = dutyWindows([
      session('a', '2026-03-02T18:00:00Z', 240),
      session('b', '2026-03-03T08:00:00Z', 270),
    ]);
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ minutes: 510, from: '2026-03-02T18:00:00.000Z' });
    expect(windows[0]!.sessions.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('counts only the part of a session inside the window, and reports overlapping windows once', () => {
    // 23:00 the day before to 07:00: 8 h; then 16:00-18:00 the next day is more than 24 h after
    // the first start but within 24 h of its end.
    const windows = dutyWindows([
      session('night', '2026-03-01T23:00:00Z', 480),
      session('later', '2026-03-02T16:00:00Z', 120),
    ]);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.minutes).toBe(600);
    // Sessions 3 days apart are separate windows or none.
    expect(
      dutyWindows([
        session('a', '2026-03-01T08:00:00Z', 300),
        session('b', '2026-03-04T08:00:00Z', 300),
      ]),
    ).toEqual([]);
  });
});

describe.each(DRIVERS)('duty time on the instructor file and the record (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('shows the windows over the limit on the file and warns the record whose session passed it', async () => {
    const { email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const file = await admin.post('/api/instructors', {
      name: 'Dana Reyes',
      role: 'instructor',
      employedFrom: daysFromToday(-400),
    });
    const device = await admin.post('/api/maintenance/devices', {
      kind: 'ffs',
      name: 'FFS 1',
      model: 'Boeing 737-800',
      inServiceFrom: daysFromToday(-400),
    });
    const day = daysFromToday(-3);
    await admin.post(`/api/maintenance/devices/${device.body.id}/preflights`, {
      date: day,
      passed: true,
    });
    const event = await admin.post('/api/training-events', {
      studentName: 'Avery Trainee',
      eventType: 'Simulator session',
      eventDate: day,
      status: 'completed',
    });
    for (const [time, minutes, trainingEventId] of [
      ['06:00', 240, null],
      ['11:00', 300, event.body.id],
    ] as const) {
      const res = await admin.post(`/api/maintenance/devices/${device.body.id}/sessions`, {
        startsAt: `${day}T${time}:00.000Z`,
        scheduledMinutes: minutes,
        usedMinutes: minutes,
        instructor: 'REYES, DANA',
        trainingEventId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const duty = (await admin.get(`/api/instructors/${file.body.id}`)).body.duty;
    expect(duty).toMatchObject({
      paragraph: '142.49(c)(1)',
      limitMinutes: 480,
      sessionsCounted: 2,
    });
    expect(duty.windows).toEqual([
      expect.objectContaining({ minutes: 540, from: `${day}T06:00:00.000Z` }),
    ]);
    const warnings = (await admin.get(`/api/training-events/${event.body.id}`)).body.warnings;
    expect(warnings).toEqual([
      expect.objectContaining({
        kind: 'duty_limit',
        paragraph: '142.49(c)(1)',
        role: 'instructor',
      }),
    ]);
    expect(warnings[0].message).toBe(
      `REYES, DANA gave 9.0 hours of instruction in the 24 hours from ${day} 06:00 UTC (2 sessions), more than 8`,
    );
  });
});
