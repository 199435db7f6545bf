import type {
  fleetComponents,
  fleetDevices,
  fleetDiscrepancies,
  fleetMaintenanceItems,
  fleetPreflights,
  fleetSessions,
} from '../../db/schema';

/** The rows of a made-up fleet history (demo-fleet.ts), and the generator's working shapes. */

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
export interface Slot {
  start: number;
  end: number;
  instructor: string;
  label: string;
}
export interface Day {
  preflight: number;
  slots: Slot[];
  /** Sessions given without a preflight recorded (the 142.59(c)(3) alert should catch these). */
  forgotten: boolean;
  /** A preflight item failed, fixed at once, passed on the re-check. */
  minorFailure: boolean;
}
/** A failure that took the device down, from report to closure (Infinity while open). */
export interface Down {
  from: number;
  to: number;
  failure: DemoDiscrepancy;
}
/** Where a no-impact write-up may be made: a moment of a session given. */
export interface Moment {
  device: DemoDevice;
  at: number;
  by: string;
  session: string;
}
