import {
  FIGURE_COUNTS as ADDITIVE_COUNTS,
  FIGURE_RATIOS as RATIO_FIGURES,
  type FigureCount as AdditiveCount,
  type FigureRatio as RatioFigure,
} from '@shared/api/maintenance-insight';
import { isCalendarDate } from '@shared/api/training-events';
import type { DeviceRow, DiscrepancyRow, FleetRows } from './repository';
import { rowsOfDevice } from './view';

/*
 * Quality figures of the fleet in the spirit of ARINC Report 433 (FSTD quality measurement) and the
 * discrepancy tracking of 14 CFR part 60, computed from the stored rows only. Every rule (what is
 * in a period, what is a failure, when a figure has no value) is written down in
 * docs/FLEET-FIGURES.md; numbers stay unrounded here.
 */

/** Dates written YYYY-MM-DD, both inclusive, read in UTC. */
export interface Period {
  from: string;
  to: string;
}

/** A figure, or the reason it has no value: never a made-up 100 % or infinity. */
export type Figure = { value: number; reason: null } | { value: null; reason: string };

/** Counts that add up over adjacent periods, and the ratios; named once in the contract. */
export { ADDITIVE_COUNTS, RATIO_FIGURES, type AdditiveCount, type RatioFigure };

export type PeriodFigures = Period & Record<AdditiveCount, number> & Record<RatioFigure, Figure>;

/** Current minus previous, figure by figure; null when either side has no value. */
export type FigureChange = Record<AdditiveCount | RatioFigure, number | null>;

/** Discrepancies still unresolved at the end of `today`; `open` includes the deferred ones. */
export interface OpenCounts {
  open: number;
  deferred: number;
}

export interface TrendedFigures {
  figures: PeriodFigures;
  previous: PeriodFigures;
  change: FigureChange;
  open: OpenCounts;
}

export interface DeviceFigures extends TrendedFigures {
  deviceId: string;
  name: string;
  kind: DeviceRow['kind'];
  inServiceFrom: string;
  retiredAt: string | null;
}

export const UNASSIGNED_ATA = 'unassigned';

export interface AtaChapterFigures {
  /** The two-digit chapter as written on the discrepancy, or `unassigned`. */
  chapter: string;
  discrepancies: number;
  failures: number;
  trainingMinutesLost: number;
}

export interface MonthFigures {
  /** YYYY-MM; its figures cover the part of the month inside the period. */
  month: string;
  figures: PeriodFigures;
}

export interface FleetFigures {
  period: Period;
  /** The same number of days, ending the day before `period.from`. */
  previousPeriod: Period;
  today: string;
  fleet: TrendedFigures;
  devices: DeviceFigures[];
  ataChapters: AtaChapterFigures[];
  months: MonthFigures[];
}

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;
const dateOfEpochDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
/** The date falls on a day of the period (UTC), compared as instants: no date formatted per row. */
const within = (date: Date, period: Period) => {
  const t = date.getTime();
  return t >= epochDay(period.from) * MS_PER_DAY && t < (epochDay(period.to) + 1) * MS_PER_DAY;
};

/** A failure is a write-up that took the device down or restricted training. */
export const isFailure = (d: Pick<DiscrepancyRow, 'severity'>) =>
  d.severity === 'down' || d.severity === 'restricted';

const value = (n: number): Figure => ({ value: n, reason: null });
const none = (reason: string): Figure => ({ value: null, reason });

/** The figures of one period over the given sessions and discrepancies (any device mix). */
export function periodFigures(
  rows: Pick<FleetRows, 'sessions' | 'discrepancies'>,
  period: Period,
): PeriodFigures {
  assertPeriod(period);
  let sessions = 0;
  let scheduledMinutes = 0;
  let usedMinutes = 0;
  let sessionsInterrupted = 0;
  let sessionsLost = 0;
  for (const s of rows.sessions) {
    if (!within(s.startsAt, period)) continue;
    sessions += 1;
    scheduledMinutes += s.scheduledMinutes;
    usedMinutes += s.usedMinutes;
    if (s.interrupted) sessionsInterrupted += 1;
    if (s.usedMinutes === 0) sessionsLost += 1;
  }

  let discrepancies = 0;
  let failures = 0;
  let trainingMinutesLost = 0;
  let failuresClosed = 0;
  let repairMs = 0;
  let downtimeMinutes = 0;
  let downtimeRecorded = 0;
  for (const d of rows.discrepancies) {
    const failure = isFailure(d);
    if (within(d.reportedAt, period)) {
      discrepancies += 1;
      trainingMinutesLost += d.trainingMinutesLost;
      if (failure) failures += 1;
    }
    if (failure && d.closedAt && within(d.closedAt, period)) {
      failuresClosed += 1;
      repairMs += d.closedAt.getTime() - d.reportedAt.getTime();
      downtimeMinutes += d.downtimeMinutes;
      if (d.downtimeMinutes > 0) downtimeRecorded += 1;
    }
  }

  const usedHours = usedMinutes / 60;
  let availability: Figure;
  if (scheduledMinutes === 0) availability = none('no sessions scheduled');
  else if (trainingMinutesLost > scheduledMinutes) {
    availability = none(
      `${trainingMinutesLost} training minutes lost exceed the ${scheduledMinutes} scheduled`,
    );
  } else availability = value(1 - trainingMinutesLost / scheduledMinutes);

  return {
    from: period.from,
    to: period.to,
    sessions,
    scheduledMinutes,
    usedMinutes,
    sessionsInterrupted,
    sessionsLost,
    discrepancies,
    failures,
    trainingMinutesLost,
    failuresClosed,
    downtimeRecorded,
    availability,
    discrepanciesPer100Hours:
      usedHours === 0 ? none('no training hours used') : value((discrepancies / usedHours) * 100),
    mtbfHours: failures === 0 ? none('no failure in the period') : value(usedHours / failures),
    mttrHours:
      failuresClosed === 0
        ? none('no failure closed in the period')
        : value(repairMs / MS_PER_HOUR / failuresClosed),
    meanDowntimeHours:
      failuresClosed === 0
        ? none('no failure closed in the period')
        : value(downtimeMinutes / 60 / failuresClosed),
  };
}

/** Reported by the end of `today` and not closed by then; deferral is read from the current status. */
export function openDiscrepancies(
  discrepancies: readonly DiscrepancyRow[],
  today: string,
): OpenCounts {
  let open = 0;
  let deferred = 0;
  for (const d of discrepancies) {
    if (dayOf(d.reportedAt) > today) continue;
    if (d.closedAt && dayOf(d.closedAt) <= today) continue;
    open += 1;
    if (d.status === 'deferred') deferred += 1;
  }
  return { open, deferred };
}

/** The period of equal length that ends the day before `period.from`. */
export function previousPeriod(period: Period): Period {
  assertPeriod(period);
  const from = epochDay(period.from);
  const days = epochDay(period.to) - from + 1;
  return { from: dateOfEpochDay(from - days), to: dateOfEpochDay(from - 1) };
}

/** Calendar months overlapping the period, each cut to the period. */
export function monthsOf(period: Period): (Period & { month: string })[] {
  assertPeriod(period);
  const months: (Period & { month: string })[] = [];
  let start = period.from;
  while (start <= period.to) {
    const [year, month] = start.split('-').map(Number) as [number, number];
    const lastDay = dateOfEpochDay(Date.UTC(year, month, 1) / MS_PER_DAY - 1);
    const end = lastDay < period.to ? lastDay : period.to;
    months.push({ month: start.slice(0, 7), from: start, to: end });
    start = dateOfEpochDay(epochDay(end) + 1);
  }
  return months;
}

export function figureChange(current: PeriodFigures, previous: PeriodFigures): FigureChange {
  const change = {} as FigureChange;
  for (const key of ADDITIVE_COUNTS) change[key] = current[key] - previous[key];
  for (const key of RATIO_FIGURES) {
    const now = current[key].value;
    const before = previous[key].value;
    change[key] = now === null || before === null ? null : now - before;
  }
  return change;
}

function trended(
  rows: Pick<FleetRows, 'sessions' | 'discrepancies'>,
  period: Period,
  previous: Period,
  today: string,
): TrendedFigures {
  const figures = periodFigures(rows, period);
  const before = periodFigures(rows, previous);
  return {
    figures,
    previous: before,
    change: figureChange(figures, before),
    open: openDiscrepancies(rows.discrepancies, today),
  };
}

/** Discrepancies and failures reported in the period, by ATA chapter; `unassigned` last. */
export function ataChapterFigures(
  discrepancies: readonly DiscrepancyRow[],
  period: Period,
): AtaChapterFigures[] {
  assertPeriod(period);
  const byChapter = new Map<string, AtaChapterFigures>();
  for (const d of discrepancies) {
    if (!within(d.reportedAt, period)) continue;
    const chapter = d.ataChapter ?? UNASSIGNED_ATA;
    const entry = byChapter.get(chapter) ?? {
      chapter,
      discrepancies: 0,
      failures: 0,
      trainingMinutesLost: 0,
    };
    entry.discrepancies += 1;
    if (isFailure(d)) entry.failures += 1;
    entry.trainingMinutesLost += d.trainingMinutesLost;
    byChapter.set(chapter, entry);
  }
  const rank = (chapter: string) => (chapter === UNASSIGNED_ATA ? 1 : 0);
  return [...byChapter.values()].sort(
    (a, b) =>
      rank(a.chapter) - rank(b.chapter) ||
      a.chapter.localeCompare(b.chapter, 'en', { numeric: true }),
  );
}

/** The fleet's quality figures for `period`, per device, per ATA chapter and per month. */
export function fleetFigures(rows: FleetRows, period: Period, today: string): FleetFigures {
  assertPeriod(period);
  if (!isCalendarDate(today)) throw new RangeError(`today must be a date YYYY-MM-DD: ${today}`);
  const previous = previousPeriod(period);
  return {
    period: { from: period.from, to: period.to },
    previousPeriod: previous,
    today,
    fleet: trended(rows, period, previous, today),
    devices: rows.devices.map((device) => ({
      deviceId: device.id,
      name: device.name,
      kind: device.kind,
      inServiceFrom: device.inServiceFrom,
      retiredAt: device.retiredAt,
      ...trended(rowsOfDevice(rows, device.id), period, previous, today),
    })),
    ataChapters: ataChapterFigures(rows.discrepancies, period),
    months: monthsOf(period).map(({ month, from, to }) => ({
      month,
      figures: periodFigures(rows, { from, to }),
    })),
  };
}

/** A malformed period is the caller's mistake (the route validates), not a data problem. */
function assertPeriod(period: Period) {
  if (!isCalendarDate(period.from) || !isCalendarDate(period.to)) {
    throw new RangeError(`A period is two dates YYYY-MM-DD: ${period.from} – ${period.to}`);
  }
  if (period.from > period.to) {
    throw new RangeError(`A period cannot end before it starts: ${period.from} – ${period.to}`);
  }
}
