import {
  type ComponentType,
  GENERAL_WRITEUPS,
  INSTRUCTORS,
  type Kind,
  MAINTENANCE,
  MINUTE,
  PROFILES,
  type Profile,
  TECHNICIANS,
  TYPES,
  between,
  clock,
  dateOf,
  instantOf,
  integer,
  logNormal,
  pick,
  weibullLife,
} from './demo-fleet-catalogue';
import type { FleetGenerator } from './demo-fleet';
import type {
  DemoComponent,
  DemoDevice,
  DemoDiscrepancy,
  Day,
  Down,
  Slot,
} from './demo-fleet-types';

/** One device: its bookings, its units' lives, then its days as they went. */
export class DeviceHistory {
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
