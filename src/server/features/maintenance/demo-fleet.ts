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
  type Kind,
  MODELS,
  type Random,
  TECHNICIANS,
  TYPES,
  between,
  dateOf,
  dayNumber,
  instantOf,
  integer,
  mulberry32,
  pick,
  uuidFrom,
} from './demo-fleet-catalogue';
import { DeviceHistory } from './demo-fleet-device';
import type {
  DemoComponent,
  DemoDevice,
  DemoDiscrepancy,
  DemoFleet,
  DemoFleetOptions,
  DemoFleetRows,
  Moment,
} from './demo-fleet-types';

export type * from './demo-fleet-types';
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

export class FleetGenerator {
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
