import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  fleetComponents,
  fleetDevices,
  fleetDiscrepancies,
  fleetMaintenanceItems,
  fleetPreflights,
  fleetSessions,
} from '../../db/schema';
import { recordAudit } from '../activity/service';
import {
  type ComponentType,
  GENERAL_WRITEUPS,
  INSTRUCTORS,
  type Kind,
  MAINTENANCE,
  MINUTE,
  MODELS,
  PROFILES,
  type Profile,
  type Random,
  TECHNICIANS,
  TYPES,
  between,
  clock,
  dateOf,
  dayNumber,
  instantOf,
  integer,
  logNormal,
  mulberry32,
  pick,
  uuidFrom,
  weibullLife,
} from './demo-fleet-catalogue';

export { DEMO_COMPONENT_TRUTH } from './demo-fleet-catalogue';

/*
 * A made-up fleet history whose truth is known, for demonstrations (`npm run seed:demo-fleet`)
 * and for `npm run bench:maintenance`. Each component type's unit lives are drawn from a stated
 * Weibull (shape, scale in days); scheduled removals at a fixed age and 'other' removals at a
 * random one (both independent of the life, so they censor without bias) cut some short; the rest
 * of the log follows from the failures: write-ups, interrupted and lost sessions, failed
 * preflights. Same seed and options, same rows.
 *
 * Simplifications, on purpose:
 * - the records begin `years` before `today`, and every unit is recorded new on that day (or when
 *   its device entered service): no life is left-truncated, which a real centre's first records are;
 * - a failed unit's life ends the moment it fails (its removal date); the replacement is installed
 *   when the write-up is closed;
 * - when a device is down all day its bookings move elsewhere (no session rows): sessions are
 *   recorded on released days only, except a few days on which the preflight was forgotten;
 * - everything happens before `today`, except the preflights of `today`.
 */

// ---------------------------------------------------------------------------------------------
// The rows

type Generated<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'organizationId'> & {
  id: string;
};
export type DemoDevice = Generated<typeof fleetDevices>;
export type DemoComponent = Generated<typeof fleetComponents>;
export type DemoPreflight = Generated<typeof fleetPreflights>;
export type DemoDiscrepancy = Generated<typeof fleetDiscrepancies>;
export type DemoMaintenanceItem = Generated<typeof fleetMaintenanceItems>;
export type DemoSession = Generated<typeof fleetSessions>;

/** One organization's fleet, each row with the generator's own id (insertFleet gives fresh ones). */
export interface DemoFleetRows {
  devices: DemoDevice[];
  components: DemoComponent[];
  preflights: DemoPreflight[];
  discrepancies: DemoDiscrepancy[];
  maintenance: DemoMaintenanceItem[];
  sessions: DemoSession[];
}

export interface DemoFleetOptions {
  seed: number;
  /** Default 20: about 55 % full flight simulators, 30 % FTDs, up to 3 aircraft. */
  devices?: number;
  /** Length of the history before `today`, default 2. */
  years?: number;
  /**
   * Write-ups wanted in all (default 5,000): every failure is one, no-impact write-ups make up
   * the rest; when the failures alone exceed it there are more.
   */
  discrepancies?: number;
  /** YYYY-MM-DD: the history ends before it; its preflights are the only rows dated on it. */
  today: string;
}

export interface DemoFleet {
  rows: DemoFleetRows;
  /** The Weibull each component type present was drawn from, by type name. */
  truth: Record<string, { shape: number; scale: number }>;
  /** The day the records begin. */
  from: string;
  today: string;
}

/** A session's slot in the bookings. */
interface Slot {
  start: number;
  end: number;
  instructor: string;
  label: string;
}
interface Day {
  preflight: number;
  slots: Slot[];
  /** Sessions given without a preflight recorded (the 142.59(c)(3) alert should catch these). */
  forgotten: boolean;
  /** A preflight item failed, fixed at once, passed on the re-check. */
  minorFailure: boolean;
}
/** A failure that took the device down, from report to closure (Infinity while open). */
interface Down {
  from: number;
  to: number;
  failure: DemoDiscrepancy;
}
/** Where a no-impact write-up may be made: a moment of a session given. */
interface Moment {
  device: DemoDevice;
  at: number;
  by: string;
  session: string;
}

class FleetGenerator {
  readonly rows: DemoFleetRows = {
    devices: [],
    components: [],
    preflights: [],
    discrepancies: [],
    maintenance: [],
    sessions: [],
  };
  readonly truth: DemoFleet['truth'] = {};
  readonly moments: Moment[] = [];
  private readonly serials = new Map<string, number>();
  private readonly ids: Random;

  constructor(
    readonly random: Random,
    seed: number,
    readonly startT: number,
    readonly todayT: number,
  ) {
    this.ids = mulberry32(seed ^ 0x5eed1d5);
  }

  id = () => uuidFrom(this.ids);

  serialOf(type: ComponentType) {
    const next = (this.serials.get(type.name) ?? 0) + 1;
    this.serials.set(type.name, next);
    return `${type.partNumber.split('-')[0]}-${String(next).padStart(5, '0')}`;
  }

  device(kind: Kind, n: number, count: number): DemoDevice {
    const { random, startT, todayT } = this;
    const models = MODELS.filter((m) => m[0] === kind);
    const [, model, level, manufacturer, qualifiedFor] = models[(n - 1) % models.length]!;
    // About one device in ten entered service during the history; the others years before.
    const joins = count > 2 && random() < 0.1;
    const beginT = joins
      ? startT + Math.floor(between(random, 0.15, 0.5) * (todayT - startT))
      : startT;
    const inServiceFrom = joins ? dateOf(beginT) : dateOf(startT - integer(random, 400, 5000));
    const yearsBefore = (beginT - dayNumber(inServiceFrom)) / 365.25;
    const baseHours = Math.round(yearsBefore * (kind === 'aircraft' ? 900 : 3800));
    const registration = kind === 'aircraft' ? `N${141 + n}CL` : null;
    const device: DemoDevice = {
      id: this.id(),
      kind,
      name: registration ?? `${kind.toUpperCase()} ${n}`,
      model: model!,
      qualificationLevel: level || null,
      manufacturer: manufacturer!,
      serialNumber: `${kind.toUpperCase()}-${integer(random, 1000, 9999)}`,
      registration,
      location: kind === 'aircraft' ? 'Hangar 2' : `Simulator bay ${this.rows.devices.length + 1}`,
      qualifiedFor: qualifiedFor!,
      inServiceFrom,
      baseHours,
      baseCycles: kind === 'aircraft' ? Math.round(baseHours * 1.3) : 0,
      createdAt: instantOf(beginT),
      updatedAt: instantOf(beginT),
    };
    this.rows.devices.push(device);
    new DeviceHistory(this, device, kind, beginT).run();
    return device;
  }

  /** A write-up that did not stop or limit training, closed after `delay` days unless open. */
  noImpact(
    w: Pick<DemoDiscrepancy, 'deviceId' | 'component' | 'componentId' | 'ataChapter' | 'session'>,
    at: number,
    by: string,
    description: string,
    close: { action: string; delay: number; deferred: boolean },
  ): DemoDiscrepancy {
    const closes = at + close.delay;
    const closed = closes < this.todayT;
    return {
      ...w,
      id: this.id(),
      reportedAt: instantOf(at),
      reportedBy: by,
      description,
      severity: 'no_impact',
      status: closed ? 'closed' : close.deferred ? 'deferred' : 'open',
      correctiveAction: closed ? close.action : null,
      closedAt: closed ? instantOf(closes) : null,
      closedBy: closed ? pick(this.random, TECHNICIANS) : null,
      downtimeMinutes: 0,
      trainingMinutesLost: 0,
      createdAt: instantOf(at),
      updatedAt: instantOf(closed ? closes : at),
    };
  }

  /** No-impact write-ups during sessions given, until the log holds `wanted` entries. */
  fillWriteUps(wanted: number) {
    const { random, rows } = this;
    const unitsOf = new Map<string, DemoComponent[]>();
    for (const c of rows.components) {
      const list = unitsOf.get(c.deviceId);
      if (list) list.push(c);
      else unitsOf.set(c.deviceId, [c]);
    }
    while (rows.discrepancies.length < wanted && this.moments.length > 0) {
      const m = pick(random, this.moments);
      const date = dateOf(m.at);
      const installed = (unitsOf.get(m.device.id) ?? []).filter(
        (c) => c.installedAt <= date && (!c.removedAt || c.removedAt > date),
      );
      const unit = random() < 0.55 && installed.length ? pick(random, installed) : null;
      const type = unit && TYPES.find((t) => t.name === unit.name)!;
      const general = pick(
        random,
        GENERAL_WRITEUPS.filter((g) => g.kinds.includes(m.device.kind)),
      );
      const r = random();
      rows.discrepancies.push(
        this.noImpact(
          {
            deviceId: m.device.id,
            component: type ? type.name : general.component,
            componentId: unit?.id ?? null,
            ataChapter: type ? type.ata : general.ata,
            session: m.session,
          },
          m.at,
          m.by,
          type ? type.minor : general.text,
          {
            action: type ? 'Adjusted and tested' : general.fix,
            delay:
              r < 0.7
                ? between(random, 0.3, 8) / 24
                : r < 0.95
                  ? between(random, 1, 7)
                  : between(random, 14, 120),
            deferred: r >= 0.95,
          },
        ),
      );
    }
  }
}

/** One device: its bookings, its units' lives, then its days as they went. */
class DeviceHistory {
  private readonly profile: Profile;
  private readonly days = new Map<number, Day>();
  private readonly downs: Down[] = [];
  /** This device's failure write-ups. */
  private readonly failures: DemoDiscrepancy[] = [];

  constructor(
    private readonly fleet: FleetGenerator,
    private readonly device: DemoDevice,
    private readonly kind: Kind,
    private readonly beginT: number,
  ) {
    this.profile = PROFILES[kind];
  }

  run() {
    this.book();
    this.liveUnits();
    const sessionsBefore = this.fleet.rows.sessions.length;
    for (const [d, day] of this.days) this.recordDay(d, day);
    this.fleet.rows.discrepancies.push(...this.failures);
    const used = this.fleet.rows.sessions
      .slice(sessionsBefore)
      .reduce((sum, s) => sum + s.usedMinutes / 60, 0);
    this.maintenance(this.device.baseHours! + used);
  }

  private book() {
    const { random, todayT } = this.fleet;
    const profile = this.profile;
    for (let d = Math.floor(this.beginT); d <= todayT; d++) {
      if (!profile.trains(d, random)) continue;
      const count = pick(random, [2, 3, 3, 4, 4]);
      const first = integer(random, 0, profile.slots.length - count);
      this.days.set(d, {
        preflight: d + profile.preflightHour / 24,
        slots: profile.slots.slice(first, first + count).map((hour) => ({
          start: d + hour / 24,
          end: d + hour / 24 + profile.minutes * MINUTE,
          instructor: pick(random, INSTRUCTORS),
          label: `${pick(random, profile.lessons)}, crew ${integer(random, 1, 60)}`,
        })),
        forgotten: d < todayT && random() < 0.001,
        minorFailure: d < todayT && random() < 0.004,
      });
    }
  }

  private downAt(t: number) {
    return this.downs.filter((x) => x.from <= t && t < x.to);
  }

  /** When the device is released on `day` by a passing preflight, or null: not that day. */
  private releaseOf(day: Day): number | null {
    if (day.forgotten && this.downAt(day.preflight).length === 0) return day.preflight;
    let t = day.preflight;
    for (let active = this.downAt(t); active.length > 0; active = this.downAt(t)) {
      t = Math.max(...active.map((x) => x.to));
    }
    if (t === day.preflight) return t + (day.minorFailure ? 25 * MINUTE : 0);
    const recheck = t + 15 * MINUTE;
    return recheck < day.slots[day.slots.length - 1]!.start ? recheck : null;
  }

  /** The session being given at `t`, if any (only downs reported before `t` matter). */
  private sessionAt(t: number): Slot | null {
    const day = this.days.get(Math.floor(t));
    const slot = day?.slots.find((s) => s.start <= t && t < s.end);
    if (!day || !slot) return null;
    const released = this.releaseOf(day);
    if (released === null || released > slot.start) return null;
    return this.downAt(slot.start).length === 0 ? slot : null;
  }

  /** Each unit position renews on failure; positions are processed in time order. */
  private liveUnits() {
    const { fleet, device, kind } = this;
    const { random, todayT } = fleet;
    interface Position {
      type: ComponentType;
      unit: DemoComponent;
      ends: number;
      reason: 'failure' | 'scheduled' | 'other';
    }
    const install = (type: ComponentType, at: number, serialNumber = fleet.serialOf(type)) => {
      const life = weibullLife(random, type.shape, type.scale);
      const other = -Math.log(1 - random()) * 3000;
      const age = Math.min(life, type.scheduledAt ?? Infinity, other);
      const unit: DemoComponent = {
        id: fleet.id(),
        deviceId: device.id,
        name: type.name,
        ataChapter: type.ata,
        partNumber: type.partNumber,
        serialNumber,
        installedAt: dateOf(at),
        removedAt: null,
        removalReason: null,
        lifeLimitHours: type.lifeLimitHours,
        createdAt: instantOf(at),
        updatedAt: instantOf(at),
      };
      fleet.rows.components.push(unit);
      const reason = age === life ? 'failure' : age === other ? 'other' : 'scheduled';
      positions.push({ type, unit, ends: at + age, reason });
    };
    const positions: Position[] = [];
    const types = TYPES.filter((t) => t.positions[kind]);
    const dropped = new Set<string>();
    while (types.length - dropped.size > 6 && random() < 0.4) dropped.add(pick(random, types).name);
    for (const type of types.filter((t) => !dropped.has(t.name))) {
      fleet.truth[type.name] = { shape: type.shape, scale: type.scale };
      const [min, max] = type.positions[kind]!;
      for (let i = integer(random, min, max); i > 0; i--) install(type, this.beginT);
    }
    for (;;) {
      const next = positions.filter((p) => p.ends < todayT).sort((a, b) => a.ends - b.ends)[0];
      if (!next) break;
      positions.splice(positions.indexOf(next), 1);
      const { type, unit, ends } = next;
      unit.removedAt = dateOf(ends);
      unit.removalReason = next.reason;
      unit.updatedAt = instantOf(ends);
      if (next.reason !== 'failure') {
        install(type, ends);
        continue;
      }
      const { closes, replacement } = this.fail(type, unit, ends);
      if (replacement) install(type, closes, replacement);
    }
  }

  /** The write-up of a unit's failure at `t`: when it is closed, and the new unit's serial if by today. */
  private fail(type: ComponentType, unit: DemoComponent, t: number) {
    const { random, todayT } = this.fleet;
    const day = this.days.get(Math.floor(t));
    const severity = random() < type.downShare ? 'down' : 'restricted';
    let reportedAt = t;
    let by = pick(random, TECHNICIANS);
    let session: string | null = null;
    const slot = this.sessionAt(t);
    if (
      day &&
      t >= day.preflight - 2 / 24 &&
      t < day.preflight &&
      !this.downAt(day.preflight).length
    ) {
      reportedAt = day.preflight; // found at the morning's preflight check
    } else if (slot) {
      by = slot.instructor;
      session = `${clock(slot.start)} ${slot.label}`;
    }
    const hours =
      severity === 'down'
        ? random() < 0.15
          ? between(random, 24, 96) // waiting for a part
          : logNormal(random, 3.5, 0.6)
        : random() < 0.3
          ? between(random, 72, 30 * 24) // deferred until the part came
          : logNormal(random, 8, 0.7);
    const closes = reportedAt + hours / 24;
    const closed = closes < todayT;
    const replacement = closed ? this.fleet.serialOf(type) : null;
    const failure: DemoDiscrepancy = {
      id: this.fleet.id(),
      deviceId: this.device.id,
      componentId: unit.id,
      component: type.name,
      ataChapter: type.ata,
      reportedAt: instantOf(reportedAt),
      reportedBy: by,
      session,
      description: pick(random, type.failures),
      severity,
      status: closed ? 'closed' : severity === 'restricted' && random() < 0.6 ? 'deferred' : 'open',
      correctiveAction: closed
        ? `Replaced ${unit.serialNumber} with ${replacement} and tested`
        : null,
      closedAt: closed ? instantOf(closes) : null,
      closedBy: closed ? pick(random, TECHNICIANS) : null,
      downtimeMinutes: closed && severity === 'down' && random() > 0.1 ? Math.round(hours * 60) : 0,
      trainingMinutesLost: 0,
      createdAt: instantOf(reportedAt),
      updatedAt: instantOf(closed ? closes : reportedAt),
    };
    this.failures.push(failure);
    if (severity === 'down')
      this.downs.push({ from: reportedAt, to: closed ? closes : Infinity, failure });
    return { closes, replacement };
  }

  private preflight(d: number, at: number, passed: boolean, failing?: string, remarks?: string) {
    this.fleet.rows.preflights.push({
      id: this.fleet.id(),
      deviceId: this.device.id,
      date: dateOf(d),
      passed,
      items: this.profile.checklist.map((item) => ({ item, ok: item !== failing })),
      remarks: remarks ?? null,
      performedAt: instantOf(at),
    });
  }

  /** The day's preflights and sessions: given, interrupted or lost, with the minutes lost. */
  private recordDay(d: number, day: Day) {
    const { fleet, device, kind, profile } = this;
    const { random, todayT } = fleet;
    const released = this.releaseOf(day);
    const foundAtPreflight = this.downs.find((x) => x.from === day.preflight);
    const restrictedAtPreflight = this.failures.find(
      (f) =>
        f.severity === 'restricted' &&
        f.reportedAt.getTime() === instantOf(day.preflight).getTime(),
    );
    if (foundAtPreflight) {
      const type = TYPES.find((t) => t.name === foundAtPreflight.failure.component)!;
      this.preflight(d, day.preflight, false, type.item, foundAtPreflight.failure.description);
      if (released !== null) this.preflight(d, released, true, undefined, 'Re-check after repair');
    } else if (this.downAt(day.preflight).length > 0) {
      if (released !== null) this.preflight(d, released, true, undefined, 'Released after repair');
    } else if (day.minorFailure) {
      const general = pick(
        random,
        GENERAL_WRITEUPS.filter((g) => g.kinds.includes(kind)),
      );
      this.preflight(d, day.preflight, false, pick(random, profile.checklist), general.text);
      this.preflight(d, released!, true, undefined, `Re-check: ${general.fix.toLowerCase()}`);
      const writeUp = { deviceId: device.id, component: general.component, componentId: null };
      fleet.rows.discrepancies.push(
        fleet.noImpact(
          { ...writeUp, ataChapter: general.ata, session: null },
          day.preflight,
          pick(random, TECHNICIANS),
          general.text,
          { action: general.fix, delay: 20 * MINUTE, deferred: false },
        ),
      );
    } else if (!day.forgotten) {
      const remarks =
        restrictedAtPreflight &&
        `Released with a restriction: ${restrictedAtPreflight.description}`;
      this.preflight(d, day.preflight, true, undefined, remarks || undefined);
    }
    if (d >= todayT || released === null) return;

    for (const slot of day.slots) {
      const scheduledMinutes = profile.minutes;
      let usedMinutes = scheduledMinutes;
      let interrupted = false;
      let cause: DemoDiscrepancy | undefined;
      let lostMinutes = 0;
      const downNow = this.downAt(slot.start)[0];
      const cut = this.downs.find((x) => x.from > slot.start && x.from < slot.end);
      if (released > slot.start) {
        if (!foundAtPreflight) continue; // down before the day began: booked elsewhere
        [usedMinutes, cause, lostMinutes] = [0, foundAtPreflight.failure, scheduledMinutes];
      } else if (downNow) {
        [usedMinutes, cause, lostMinutes] = [0, downNow.failure, scheduledMinutes];
      } else if (cut) {
        interrupted = true;
        usedMinutes = Math.floor((cut.from - slot.start) * 1440);
        [cause, lostMinutes] = [cut.failure, scheduledMinutes - usedMinutes];
      } else {
        const from = instantOf(slot.start).getTime();
        const to = instantOf(slot.end).getTime();
        cause = this.failures.find(
          (f) =>
            f.severity === 'restricted' &&
            f.session !== null &&
            f.reportedAt.getTime() > from &&
            f.reportedAt.getTime() < to,
        );
        // Part of a restricted session is flown again later: lost time, though the device ran.
        if (cause) lostMinutes = integer(random, 10, 60);
        else if (random() < 0.005) {
          interrupted = true; // a crew member taken ill, a fire drill: not the device
          usedMinutes = Math.round(scheduledMinutes * between(random, 0.3, 0.8));
        } else if (random() < 0.08) usedMinutes -= integer(random, 5, 25); // a late start
      }
      if (cause) cause.trainingMinutesLost = (cause.trainingMinutesLost ?? 0) + lostMinutes;
      fleet.rows.sessions.push({
        id: fleet.id(),
        deviceId: device.id,
        startsAt: instantOf(slot.start),
        scheduledMinutes,
        usedMinutes,
        interrupted,
        instructor: slot.instructor,
        cycles: kind === 'aircraft' && usedMinutes > 0 ? integer(random, 1, 4) : 0,
        createdAt: instantOf(slot.end),
        updatedAt: instantOf(slot.end),
      });
      if (usedMinutes > 0) {
        fleet.moments.push({
          device,
          at: slot.start + between(random, 0, usedMinutes) * MINUTE,
          by: slot.instructor,
          session: `${clock(slot.start)} ${slot.label}`,
        });
      }
    }
  }

  /** Scheduled items, most done on time, a few overdue. */
  private maintenance(hoursNow: number) {
    const { random, todayT } = this.fleet;
    for (const [kind, title, itemKind, days, hours] of MAINTENANCE) {
      if (kind !== this.kind || random() < 0.2) continue;
      const intervalDays = days ? Number(days) : null;
      const intervalHours = hours ? Number(hours) : null;
      const lastDoneT = Math.max(
        this.beginT,
        todayT - 1 - Math.floor(random() * (intervalDays ? intervalDays * 1.04 : 60)),
      );
      this.fleet.rows.maintenance.push({
        id: this.fleet.id(),
        deviceId: this.device.id,
        title: title!,
        kind: itemKind as 'inspection' | 'scheduled',
        intervalDays,
        intervalHours,
        lastDoneAt: dateOf(lastDoneT),
        lastDoneHours: intervalHours
          ? Math.max(this.device.baseHours!, Math.round(hoursNow - random() * intervalHours * 1.03))
          : null,
        createdAt: instantOf(this.beginT),
        updatedAt: instantOf(lastDoneT),
      });
    }
  }
}

/** A fleet history for one organization, the same for the same options. */
export function generateFleet(options: DemoFleetOptions): DemoFleet {
  const count = options.devices ?? 20;
  const years = options.years ?? 2;
  if (!(Number.isInteger(count) && count >= 1 && years > 0)) {
    throw new RangeError('devices must be a whole number ≥ 1 and years > 0');
  }
  const todayT = dayNumber(options.today);
  if (!Number.isInteger(todayT)) throw new RangeError(`today must be YYYY-MM-DD: ${options.today}`);
  const startT = todayT - Math.round(365.25 * years);
  const fleet = new FleetGenerator(mulberry32(options.seed), options.seed, startT, todayT);

  const aircraft = Math.min(3, Math.max(count >= 2 ? 1 : 0, Math.round(count * 0.15)));
  const ftds = Math.round((count - aircraft) * 0.35);
  const kinds: [Kind, number][] = [
    ['ffs', count - aircraft - ftds],
    ['ftd', ftds],
    ['aircraft', aircraft],
  ];
  for (const [kind, n] of kinds) for (let i = 1; i <= n; i++) fleet.device(kind, i, count);
  fleet.fillWriteUps(options.discrepancies ?? 5000);
  fleet.rows.discrepancies.sort((a, b) => a.reportedAt.getTime() - b.reportedAt.getTime());
  return { rows: fleet.rows, truth: fleet.truth, from: dateOf(startT), today: options.today };
}

// ---------------------------------------------------------------------------------------------
// Inserting

export interface DemoFleetCounts {
  devices: number;
  components: number;
  preflights: number;
  discrepancies: number;
  maintenance: number;
  sessions: number;
}

/** Rows per statement: at most ~20 columns each, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/**
 * Inserts a generated fleet into one organization, in one transaction, in multi-row chunks. Each
 * row gets a fresh id, so one seed can fill several organizations. The rows are ordinary data but
 * are not each written to the ledger as a change through the service is: one audit entry,
 * `fleet.demo_seeded` with the counts and `details`, records the seed itself.
 */
export async function insertFleet(
  db: Database,
  organizationId: string,
  rows: DemoFleetRows,
  options: { actorId?: string | null; details?: Record<string, unknown> } = {},
): Promise<DemoFleetCounts> {
  const fresh = new Map<string, string>();
  const idOf = (id: string) => {
    const mapped = fresh.get(id) ?? randomUUID();
    fresh.set(id, mapped);
    return mapped;
  };
  const scoped = <T extends { id: string; deviceId?: string; componentId?: string | null }>(
    row: T,
  ): T & { organizationId: string } => ({
    ...row,
    organizationId,
    id: idOf(row.id),
    ...(row.deviceId ? { deviceId: idOf(row.deviceId) } : {}),
    ...(row.componentId ? { componentId: idOf(row.componentId) } : {}),
  });
  const counts: DemoFleetCounts = {
    devices: rows.devices.length,
    components: rows.components.length,
    preflights: rows.preflights.length,
    discrepancies: rows.discrepancies.length,
    maintenance: rows.maintenance.length,
    sessions: rows.sessions.length,
  };
  await db.transaction(async (tx) => {
    const chunked = async <T>(list: T[], insert: (batch: T[]) => Promise<unknown>) => {
      for (let i = 0; i < list.length; i += CHUNK) await insert(list.slice(i, i + CHUNK));
    };
    await chunked(rows.devices.map(scoped), (b) => tx.insert(fleetDevices).values(b));
    await chunked(rows.components.map(scoped), (b) => tx.insert(fleetComponents).values(b));
    await chunked(rows.preflights.map(scoped), (b) => tx.insert(fleetPreflights).values(b));
    await chunked(rows.sessions.map(scoped), (b) => tx.insert(fleetSessions).values(b));
    await chunked(rows.discrepancies.map(scoped), (b) => tx.insert(fleetDiscrepancies).values(b));
    await chunked(rows.maintenance.map(scoped), (b) => tx.insert(fleetMaintenanceItems).values(b));
    await recordAudit(tx, {
      organizationId,
      actorId: options.actorId ?? null,
      action: 'fleet.demo_seeded',
      details: { ...options.details, ...counts, eachRowLedgered: false },
    });
  });
  return counts;
}
