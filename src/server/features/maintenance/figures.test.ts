import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_COUNTS,
  fleetFigures,
  monthsOf,
  openDiscrepancies,
  periodFigures,
  previousPeriod,
  type FleetFigures,
  type PeriodFigures,
} from './figures';
import type { DeviceRow, DiscrepancyRow, FleetRows, SessionRow } from './repository';
import { usage } from './view';

const ORG = '00000000-0000-4000-8000-000000000001';
const WRITTEN = new Date('2024-01-01T00:00:00Z');
let nextId = 0;
const id = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

const audited = {
  version: 1,
  ledgerIndex: null,
  createdBy: null,
  updatedBy: null,
  createdAt: WRITTEN,
  updatedAt: WRITTEN,
};

function device(name: string, kind: DeviceRow['kind']): DeviceRow {
  return {
    id: id(),
    organizationId: ORG,
    kind,
    name,
    model: 'Cessna Citation CJ3 (CE-525B)',
    qualificationLevel: kind === 'ffs' ? 'Level D' : 'Level 7',
    manufacturer: null,
    serialNumber: null,
    registration: null,
    location: null,
    qualifiedFor: null,
    inServiceFrom: '2020-01-01',
    baseHours: 0,
    baseCycles: 0,
    retiredAt: null,
    importId: null,
    ...audited,
  };
}

function session(
  on: DeviceRow,
  startsAt: string,
  scheduledMinutes: number,
  usedMinutes: number,
  interrupted = false,
): SessionRow {
  return {
    id: id(),
    organizationId: ORG,
    deviceId: on.id,
    trainingEventId: null,
    startsAt: new Date(startsAt),
    scheduledMinutes,
    usedMinutes,
    interrupted,
    instructor: null,
    cycles: 0,
    ...audited,
  };
}

function discrepancy(
  on: DeviceRow,
  reportedAt: string,
  fields: Pick<DiscrepancyRow, 'severity' | 'ataChapter'> & {
    closedAt?: string;
    status?: 'open' | 'deferred';
    downtimeMinutes?: number;
    trainingMinutesLost?: number;
  },
): DiscrepancyRow {
  const closed = fields.closedAt !== undefined;
  return {
    id: id(),
    organizationId: ORG,
    deviceId: on.id,
    componentId: null,
    component: null,
    ataChapter: fields.ataChapter,
    reportedAt: new Date(reportedAt),
    reportedBy: 'J. Examiner',
    session: null,
    description: 'Written up in session',
    severity: fields.severity,
    status: closed ? 'closed' : (fields.status ?? 'open'),
    correctiveAction: closed ? 'Replaced and tested' : null,
    closedAt: closed ? new Date(fields.closedAt!) : null,
    closedBy: closed ? 'Technician' : null,
    downtimeMinutes: fields.downtimeMinutes ?? 0,
    trainingMinutesLost: fields.trainingMinutesLost ?? 0,
    importId: null,
    clientId: null,
    ...audited,
  };
}

function fleet(parts: Partial<FleetRows>): FleetRows {
  return {
    devices: [],
    components: [],
    preflights: [],
    discrepancies: [],
    maintenance: [],
    sessions: [],
    ...parts,
  };
}

// Two devices, January and February 2025. The period is 2025-01-01 – 2025-02-28 (59 days), so the
// previous period is 2024-11-03 – 2024-12-31 (28 + 31 = 59 days).
const ffs = device('FFS 2', 'ffs');
const ftd = device('FTD 1', 'ftd');

const sessions = [
  session(ffs, '2024-12-16T09:00:00Z', 240, 240), // previous period
  session(ffs, '2025-01-06T09:00:00Z', 240, 240),
  session(ffs, '2025-01-13T09:00:00Z', 240, 180, true), // interrupted
  session(ffs, '2025-01-20T13:00:00Z', 240, 0), // lost (device down), not flagged interrupted
  session(ffs, '2025-02-03T09:00:00Z', 240, 240),
  session(ffs, '2025-02-10T09:00:00Z', 240, 240),
  session(ffs, '2025-03-03T09:00:00Z', 240, 240), // after the period
  session(ftd, '2025-01-08T14:00:00Z', 120, 120),
  session(ftd, '2025-02-12T14:00:00Z', 120, 60, true), // interrupted
  session(ftd, '2025-02-28T23:30:00Z', 120, 120), // last day, runs past midnight: counted by its start
];

const d1 = discrepancy(ffs, '2025-01-13T10:30:00Z', {
  severity: 'restricted',
  ataChapter: '34',
  closedAt: '2025-01-14T10:30:00Z', // 24 h
  downtimeMinutes: 90,
  trainingMinutesLost: 60,
});
const d2 = discrepancy(ffs, '2025-01-20T12:00:00Z', {
  severity: 'down',
  ataChapter: null,
  closedAt: '2025-01-22T00:00:00Z', // 36 h
  downtimeMinutes: 600,
  trainingMinutesLost: 240,
});
const d3 = discrepancy(ffs, '2025-02-10T11:00:00Z', {
  severity: 'no_impact',
  ataChapter: '23',
  status: 'deferred',
});
// Straddles the boundary: reported in the previous period, closed in this one.
const d4 = discrepancy(ffs, '2024-12-30T08:00:00Z', {
  severity: 'down',
  ataChapter: '34',
  closedAt: '2025-01-02T08:00:00Z', // 72 h; downtime never entered
  trainingMinutesLost: 120,
});
const e1 = discrepancy(ftd, '2025-02-12T15:00:00Z', {
  severity: 'down',
  ataChapter: '34',
  trainingMinutesLost: 60,
});
const e2 = discrepancy(ftd, '2025-01-31T23:59:00Z', { severity: 'no_impact', ataChapter: null });
const e3 = discrepancy(ftd, '2025-03-05T10:00:00Z', { severity: 'restricted', ataChapter: '21' });
// A failure of the period closed after it (before `today`).
const e4 = discrepancy(ftd, '2025-02-20T08:00:00Z', {
  severity: 'restricted',
  ataChapter: '21',
  closedAt: '2025-03-02T12:00:00Z',
});

const rows = fleet({
  devices: [ffs, ftd],
  sessions,
  discrepancies: [d1, d2, d3, d4, e1, e2, e3, e4],
});
const period = { from: '2025-01-01', to: '2025-02-28' };
const today = '2025-03-10';

const valueOf = (figure: { value: number | null }) => {
  if (figure.value === null) throw new Error('expected a value');
  return figure.value;
};
const byName = (figures: FleetFigures, name: string) => {
  const found = figures.devices.find((d) => d.name === name);
  if (!found) throw new Error(`no device ${name}`);
  return found;
};

describe('fleetFigures', () => {
  const result = fleetFigures(rows, period, today);

  it('totals the fleet over the period', () => {
    const f = result.fleet.figures;
    // Sessions in Jan–Feb: 5 on FFS 2 + 3 on FTD 1. Scheduled 5 × 240 + 3 × 120 = 1560;
    // used 240 + 180 + 0 + 240 + 240 + 120 + 60 + 120 = 1200 min = 20 h.
    expect(f).toMatchObject({
      from: '2025-01-01',
      to: '2025-02-28',
      sessions: 8,
      scheduledMinutes: 1560,
      usedMinutes: 1200,
      sessionsInterrupted: 2,
      sessionsLost: 1,
      // Reported Jan–Feb: d1 d2 d3 e1 e2 e4 (d4 is December's, e3 March's). Failures (down or
      // restricted): d1 d2 e1 e4. Lost: 60 + 240 + 60 = 360.
      discrepancies: 6,
      failures: 4,
      trainingMinutesLost: 360,
      // Failures closed Jan–Feb: d1 (24 h), d2 (36 h), d4 (72 h); e4 closes in March.
      failuresClosed: 3,
      downtimeRecorded: 2,
    });
    expect(valueOf(f.availability)).toBeCloseTo(1 - 360 / 1560, 12); // 10/13 ≈ 0.769
    expect(valueOf(f.discrepanciesPer100Hours)).toBeCloseTo((6 / 20) * 100, 12); // 30
    expect(valueOf(f.mtbfHours)).toBeCloseTo(20 / 4, 12); // 5 h
    expect(valueOf(f.mttrHours)).toBeCloseTo((24 + 36 + 72) / 3, 12); // 44 h
    expect(valueOf(f.meanDowntimeHours)).toBeCloseTo((90 + 600 + 0) / 60 / 3, 12); // 3.83 h
    expect(f.usedMinutes / 60).toBe(usage(rows.sessions, period.from, period.to).hours);
  });

  it('gives each device its own figures', () => {
    const a = byName(result, 'FFS 2').figures;
    // FFS 2: scheduled 1200, used 900 min = 15 h; d1 d2 d3 reported, failures d1 d2, lost 300.
    expect(a).toMatchObject({ sessions: 5, scheduledMinutes: 1200, usedMinutes: 900 });
    expect(a).toMatchObject({ discrepancies: 3, failures: 2, trainingMinutesLost: 300 });
    expect(valueOf(a.availability)).toBeCloseTo(1 - 300 / 1200, 12); // 0.75
    expect(valueOf(a.discrepanciesPer100Hours)).toBeCloseTo((3 / 15) * 100, 12); // 20
    expect(valueOf(a.mtbfHours)).toBeCloseTo(15 / 2, 12);
    expect(valueOf(a.mttrHours)).toBeCloseTo(44, 12);

    const b = byName(result, 'FTD 1').figures;
    // FTD 1: scheduled 360, used 300 min = 5 h; e1 e2 e4 reported, failures e1 e4, lost 60.
    expect(b).toMatchObject({ sessions: 3, scheduledMinutes: 360, usedMinutes: 300 });
    expect(b).toMatchObject({ discrepancies: 3, failures: 2, trainingMinutesLost: 60 });
    expect(valueOf(b.availability)).toBeCloseTo(1 - 60 / 360, 12); // 5/6
    expect(valueOf(b.discrepanciesPer100Hours)).toBeCloseTo((3 / 5) * 100, 12); // 60
    expect(valueOf(b.mtbfHours)).toBeCloseTo(5 / 2, 12);
    expect(b.mttrHours).toEqual({ value: null, reason: 'no failure closed in the period' });
    expect(b.meanDowntimeHours).toEqual({ value: null, reason: 'no failure closed in the period' });
  });

  it('compares with the previous period of equal length, null-safe', () => {
    expect(result.previousPeriod).toEqual({ from: '2024-11-03', to: '2024-12-31' });
    const before = result.fleet.previous;
    // Previous period: one FFS session (240/240 min = 4 h) and d4 (down, 120 min lost).
    expect(before).toMatchObject({ sessions: 1, scheduledMinutes: 240, discrepancies: 1 });
    expect(valueOf(before.availability)).toBeCloseTo(1 - 120 / 240, 12); // 0.5
    expect(valueOf(before.discrepanciesPer100Hours)).toBeCloseTo(25, 12);
    expect(valueOf(before.mtbfHours)).toBeCloseTo(4, 12);
    expect(before.mttrHours.value).toBeNull(); // d4 was still open on 2024-12-31

    const change = result.fleet.change;
    expect(change.sessions).toBe(7);
    expect(change.trainingMinutesLost).toBe(240);
    expect(change.availability).toBeCloseTo(10 / 13 - 0.5, 12);
    expect(change.discrepanciesPer100Hours).toBeCloseTo(5, 12);
    expect(change.mtbfHours).toBeCloseTo(1, 12);
    expect(change.mttrHours).toBeNull();

    const ftdChange = byName(result, 'FTD 1');
    expect(ftdChange.previous.availability).toEqual({
      value: null,
      reason: 'no sessions scheduled',
    });
    expect(ftdChange.change.availability).toBeNull();
    expect(ftdChange.change.sessions).toBe(3);
  });

  it('counts a discrepancy straddling the boundary by its reportedAt; its closure by closedAt', () => {
    // d4: reported 2024-12-30, closed 2025-01-02. It is a discrepancy, a failure and 120 lost
    // minutes of the previous period only; its 72 h repair is in this period's MTTR.
    expect(result.fleet.previous.failures).toBe(1);
    expect(result.fleet.figures.trainingMinutesLost).toBe(360); // not 480
    const january = periodFigures(rows, { from: '2025-01-01', to: '2025-01-01' });
    expect(january).toMatchObject({ discrepancies: 0, failures: 0, failuresClosed: 0 });
    const second = periodFigures(rows, { from: '2025-01-02', to: '2025-01-02' });
    expect(second).toMatchObject({ discrepancies: 0, failuresClosed: 1 });
    expect(valueOf(second.mttrHours)).toBeCloseTo(72, 12);
    expect(second.meanDowntimeHours).toEqual({ value: 0, reason: null }); // entered as 0
    expect(second.downtimeRecorded).toBe(0);
  });

  it('counts open and deferred discrepancies at today', () => {
    // Unresolved on 2025-03-10: d3 (deferred), e1, e2, e3; d1 d2 d4 e4 are closed by then.
    expect(result.fleet.open).toEqual({ open: 4, deferred: 1 });
    expect(byName(result, 'FFS 2').open).toEqual({ open: 1, deferred: 1 });
    expect(byName(result, 'FTD 1').open).toEqual({ open: 3, deferred: 0 });
    // On 2025-02-25, e3 was not yet reported and e4 not yet closed (its status today is closed,
    // so it is open but not deferred); d3 is deferred.
    expect(openDiscrepancies(rows.discrepancies, '2025-02-25')).toEqual({ open: 4, deferred: 1 });
  });

  it('groups discrepancies by ATA chapter, the unassigned ones last', () => {
    expect(result.ataChapters).toEqual([
      { chapter: '21', discrepancies: 1, failures: 1, trainingMinutesLost: 0 }, // e4
      { chapter: '23', discrepancies: 1, failures: 0, trainingMinutesLost: 0 }, // d3
      { chapter: '34', discrepancies: 2, failures: 2, trainingMinutesLost: 120 }, // d1 e1
      { chapter: 'unassigned', discrepancies: 2, failures: 1, trainingMinutesLost: 240 }, // d2 e2
    ]);
  });

  it('gives the same figures per calendar month', () => {
    expect(result.months.map((m) => [m.month, m.figures.from, m.figures.to])).toEqual([
      ['2025-01', '2025-01-01', '2025-01-31'],
      ['2025-02', '2025-02-01', '2025-02-28'],
    ]);
    const [january, february] = result.months.map((m) => m.figures) as [
      PeriodFigures,
      PeriodFigures,
    ];
    // January: 3 FFS + 1 FTD sessions, scheduled 840, used 540 min = 9 h; d1 d2 e2 (e2 at 23:59
    // on the 31st), failures d1 d2, lost 300; closed d4 d1 d2.
    expect(january).toMatchObject({ sessions: 4, scheduledMinutes: 840, usedMinutes: 540 });
    expect(january).toMatchObject({ sessionsInterrupted: 1, sessionsLost: 1, discrepancies: 3 });
    expect(valueOf(january.availability)).toBeCloseTo(1 - 300 / 840, 12); // 9/14
    expect(valueOf(january.discrepanciesPer100Hours)).toBeCloseTo((3 / 9) * 100, 12);
    expect(valueOf(january.mtbfHours)).toBeCloseTo(4.5, 12);
    expect(valueOf(january.mttrHours)).toBeCloseTo(44, 12);
    // February: 2 FFS + 2 FTD sessions, scheduled 720, used 660 min = 11 h; d3 e1 e4, failures
    // e1 e4, lost 60; nothing closed.
    expect(february).toMatchObject({ sessions: 4, scheduledMinutes: 720, usedMinutes: 660 });
    expect(february).toMatchObject({ sessionsInterrupted: 1, sessionsLost: 0, discrepancies: 3 });
    expect(valueOf(february.availability)).toBeCloseTo(1 - 60 / 720, 12); // 11/12
    expect(valueOf(february.mtbfHours)).toBeCloseTo(5.5, 12);
    expect(february.mttrHours.value).toBeNull();
  });

  it('cuts the first and last months to the period', () => {
    expect(monthsOf({ from: '2024-12-15', to: '2025-02-03' })).toEqual([
      { month: '2024-12', from: '2024-12-15', to: '2024-12-31' },
      { month: '2025-01', from: '2025-01-01', to: '2025-01-31' },
      { month: '2025-02', from: '2025-02-01', to: '2025-02-03' },
    ]);
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
    });
  });
});

describe('fleetFigures edge cases', () => {
  it('has no availability, rate or MTBF in a period with no data, and says why', () => {
    const empty = fleetFigures(rows, { from: '2025-06-01', to: '2025-06-30' }, today);
    const f = empty.fleet.figures;
    expect(f).toMatchObject({ sessions: 0, scheduledMinutes: 0, discrepancies: 0, failures: 0 });
    expect(f.availability).toEqual({ value: null, reason: 'no sessions scheduled' });
    expect(f.discrepanciesPer100Hours).toEqual({ value: null, reason: 'no training hours used' });
    expect(f.mtbfHours).toEqual({ value: null, reason: 'no failure in the period' });
    expect(f.mttrHours).toEqual({ value: null, reason: 'no failure closed in the period' });
    expect(empty.ataChapters).toEqual([]);
    expect(empty.months).toHaveLength(1);
    expect(empty.fleet.open).toEqual({ open: 4, deferred: 1 }); // a snapshot at today
  });

  it('has no availability when nothing was scheduled, even with a discrepancy reported', () => {
    // FTD 1 in March: e3 (restricted) reported, no session. MTBF is 0 used hours / 1 failure.
    const march = periodFigures(
      { sessions: sessions.filter((s) => s.deviceId === ftd.id), discrepancies: [e3] },
      { from: '2025-03-01', to: '2025-03-31' },
    );
    expect(march.availability).toEqual({ value: null, reason: 'no sessions scheduled' });
    expect(march.discrepanciesPer100Hours.value).toBeNull();
    expect(march.mtbfHours).toEqual({ value: 0, reason: null });
  });

  it('has no MTBF when nothing failed', () => {
    // 2025-02-10: one FFS session of 4 h and d3, which had no training impact.
    const day = periodFigures(rows, { from: '2025-02-10', to: '2025-02-10' });
    expect(day).toMatchObject({ discrepancies: 1, failures: 0 });
    expect(day.mtbfHours).toEqual({ value: null, reason: 'no failure in the period' });
    expect(valueOf(day.discrepanciesPer100Hours)).toBeCloseTo(25, 12);
    expect(day.availability).toEqual({ value: 1, reason: null });
  });

  it('refuses an availability when more minutes were lost than scheduled', () => {
    const lostMore = discrepancy(ffs, '2025-01-06T10:00:00Z', {
      severity: 'down',
      ataChapter: null,
      trainingMinutesLost: 300,
    });
    const f = periodFigures(
      {
        sessions: [session(ffs, '2025-01-06T09:00:00Z', 240, 60, true)],
        discrepancies: [lostMore],
      },
      { from: '2025-01-06', to: '2025-01-06' },
    );
    expect(f.availability).toEqual({
      value: null,
      reason: '300 training minutes lost exceed the 240 scheduled',
    });
  });

  it('refuses a malformed period', () => {
    expect(() => fleetFigures(rows, { from: '2025-02-01', to: '2025-01-31' }, today)).toThrow(
      RangeError,
    );
    expect(() => fleetFigures(rows, { from: '2025-02-30', to: '2025-03-01' }, today)).toThrow(
      RangeError,
    );
    expect(() => fleetFigures(rows, period, '10/03/2025')).toThrow(RangeError);
  });
});

describe('additive counts', () => {
  const START = Date.parse('2025-01-01T00:00:00Z');
  const DAYS = 90;
  const MINUTE = 60_000;
  const instant = fc.integer({ min: 0, max: DAYS * 24 * 60 - 1 }).map((m) => START + m * MINUTE);
  const onDevice = fc.constantFrom(ffs, ftd);
  const anySession = fc
    .record({
      on: onDevice,
      at: instant,
      scheduled: fc.integer({ min: 1, max: 480 }),
      used: fc.integer({ min: 0, max: 480 }),
      interrupted: fc.boolean(),
    })
    .map((s) =>
      session(
        s.on,
        new Date(s.at).toISOString(),
        s.scheduled,
        Math.min(s.used, s.scheduled),
        s.interrupted,
      ),
    );
  const anyDiscrepancy = fc
    .record({
      on: onDevice,
      at: instant,
      repairMinutes: fc.option(fc.integer({ min: 0, max: 20 * 24 * 60 })),
      severity: fc.constantFrom('no_impact', 'restricted', 'down' as const),
      ataChapter: fc.constantFrom(null, '21', '34'),
      downtimeMinutes: fc.integer({ min: 0, max: 2000 }),
      trainingMinutesLost: fc.integer({ min: 0, max: 600 }),
    })
    .map((d) =>
      discrepancy(d.on, new Date(d.at).toISOString(), {
        severity: d.severity,
        ataChapter: d.ataChapter,
        closedAt:
          d.repairMinutes === null
            ? undefined
            : new Date(d.at + d.repairMinutes * MINUTE).toISOString(),
        downtimeMinutes: d.downtimeMinutes,
        trainingMinutesLost: d.trainingMinutesLost,
      }),
    );
  const day = (n: number) => new Date(START + n * 86_400_000).toISOString().slice(0, 10);
  const sum = (parts: PeriodFigures[], key: (typeof ADDITIVE_COUNTS)[number]) =>
    parts.reduce((total, part) => total + part[key], 0);

  it('two adjacent half-periods, the months and the devices each add up to the whole', () => {
    fc.assert(
      fc.property(
        fc.array(anySession, { maxLength: 40 }),
        fc.array(anyDiscrepancy, { maxLength: 30 }),
        fc.integer({ min: 0, max: DAYS - 2 }),
        fc.integer({ min: 1, max: DAYS - 1 }),
        (sessionRows, discrepancyRows, first, length) => {
          const last = Math.min(first + length, DAYS - 1);
          const split = first + Math.floor((last - first) / 2);
          const data = fleet({
            devices: [ffs, ftd],
            sessions: sessionRows,
            discrepancies: discrepancyRows,
          });
          const whole = fleetFigures(data, { from: day(first), to: day(last) }, day(DAYS));
          const halves = [
            periodFigures(data, { from: day(first), to: day(split) }),
            periodFigures(data, { from: day(split + 1), to: day(last) }),
          ];
          const months = whole.months.map((m) => m.figures);
          const devices = whole.devices.map((d) => d.figures);
          for (const key of ADDITIVE_COUNTS) {
            expect(sum(halves, key), key).toBe(whole.fleet.figures[key]);
            expect(sum(months, key), key).toBe(whole.fleet.figures[key]);
            expect(sum(devices, key), key).toBe(whole.fleet.figures[key]);
          }
          const byChapter = whole.ataChapters.reduce((n, c) => n + c.discrepancies, 0);
          expect(byChapter).toBe(whole.fleet.figures.discrepancies);
        },
      ),
      { numRuns: 200 },
    );
  });
});
