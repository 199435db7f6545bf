import type {
  Device,
  DeviceStatus,
  Discrepancy,
  FleetComponent,
  FleetSession,
  MaintenanceItem,
  Preflight,
  Release,
} from '@shared/api/maintenance';
import type {
  ComponentRow,
  DeviceRow,
  DiscrepancyRow,
  FleetRows,
  MaintenanceRow,
  PreflightRow,
  SessionRow,
} from './repository';

export const todayUtc = () => new Date().toISOString().slice(0, 10);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return dayOf(d);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One device's rows, taken out of the organization's. */
export function rowsOfDevice(rows: FleetRows, deviceId: string): FleetRows {
  const mine = <T extends { deviceId: string }>(list: T[]) =>
    list.filter((r) => r.deviceId === deviceId);
  return {
    devices: rows.devices.filter((d) => d.id === deviceId),
    components: mine(rows.components),
    preflights: mine(rows.preflights),
    discrepancies: mine(rows.discrepancies),
    maintenance: mine(rows.maintenance),
    sessions: mine(rows.sessions),
  };
}

/** Hours and cycles the device was used in sessions dated in [from, to] (dates, inclusive). */
export function usage(sessions: readonly SessionRow[], from: string, to: string) {
  let minutes = 0;
  let cycles = 0;
  // Days compared as instants: formatting every session's date costs at 40,000 sessions.
  const start = Date.parse(`${from}T00:00:00Z`) || -Infinity;
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000 || Infinity;
  for (const s of sessions) {
    const t = s.startsAt.getTime();
    if (t < start || t >= end) continue;
    minutes += s.usedMinutes;
    cycles += s.cycles;
  }
  return { hours: minutes / 60, cycles };
}

export function totalHours(device: DeviceRow, sessions: readonly SessionRow[]) {
  const used = usage(sessions, '0000-01-01', '9999-12-31');
  return { hours: round1(device.baseHours + used.hours), cycles: device.baseCycles + used.cycles };
}

/** Next due date and hours of a scheduled item: given, or last done plus the interval. */
export function toMaintenanceItem(
  row: MaintenanceRow,
  deviceHours: number,
  today = todayUtc(),
): MaintenanceItem {
  const dueAt =
    row.dueAt ??
    (row.lastDoneAt && row.intervalDays ? addDays(row.lastDoneAt, row.intervalDays) : null);
  const dueHours =
    row.dueHours ??
    (row.lastDoneHours !== null && row.intervalHours
      ? row.lastDoneHours + row.intervalHours
      : null);
  return {
    id: row.id,
    deviceId: row.deviceId,
    componentId: row.componentId,
    title: row.title,
    kind: row.kind,
    intervalDays: row.intervalDays,
    intervalHours: row.intervalHours,
    lastDoneAt: row.lastDoneAt,
    lastDoneHours: row.lastDoneHours,
    dueAt,
    dueHours,
    overdue: (dueAt !== null && dueAt < today) || (dueHours !== null && deviceHours > dueHours),
    version: row.version,
  };
}

const UNRESOLVED = (d: DiscrepancyRow) => d.status !== 'closed';

/**
 * The spec's status, derived from the rows in this order: GROUNDED (retired, or an unresolved
 * discrepancy that put it down), INSPECTION (an inspection overdue), MAINTENANCE (scheduled
 * maintenance overdue, or an unresolved discrepancy restricting training), else OPERATIONAL.
 */
export function deviceStatus(
  device: DeviceRow,
  rows: FleetRows,
  today = todayUtc(),
): { status: DeviceStatus; reason: string } {
  if (device.retiredAt && device.retiredAt <= today) {
    return { status: 'GROUNDED', reason: `Retired from service on ${device.retiredAt}` };
  }
  const open = rows.discrepancies.filter(UNRESOLVED);
  const down = open.find((d) => d.severity === 'down');
  if (down) {
    return {
      status: 'GROUNDED',
      reason: `Down since ${dayOf(down.reportedAt)}: ${down.description}`,
    };
  }
  const hours = totalHours(device, rows.sessions).hours;
  const items = rows.maintenance.map((m) => toMaintenanceItem(m, hours, today));
  const inspection = items.find((i) => i.overdue && i.kind === 'inspection');
  if (inspection)
    return { status: 'INSPECTION', reason: `${inspection.title} is overdue${dueText(inspection)}` };
  const scheduled = items.find((i) => i.overdue);
  if (scheduled)
    return { status: 'MAINTENANCE', reason: `${scheduled.title} is overdue${dueText(scheduled)}` };
  const restricted = open.find((d) => d.severity === 'restricted');
  if (restricted) {
    return {
      status: 'MAINTENANCE',
      reason: `Training restricted since ${dayOf(restricted.reportedAt)}: ${restricted.description}`,
    };
  }
  return {
    status: 'OPERATIONAL',
    reason: 'No unresolved discrepancy restricts it and no maintenance is overdue',
  };
}

function dueText(item: MaintenanceItem) {
  const parts = [
    item.dueAt && `due ${item.dueAt}`,
    item.dueHours !== null && `due at ${item.dueHours} hours`,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** 142.59(c)(3): released for training on `date` only after a passing functional preflight that day. */
export function releaseOn(
  status: { status: DeviceStatus; reason: string },
  preflights: readonly PreflightRow[],
  date: string,
): Release {
  const latest = preflights
    .filter((p) => p.date === date)
    .sort((a, b) => b.performedAt.getTime() - a.performedAt.getTime())[0];
  if (status.status === 'GROUNDED')
    return { released: false, preflightId: null, reason: status.reason };
  if (!latest) {
    return {
      released: false,
      preflightId: null,
      reason: `No preflight check recorded for ${date} (142.59(c)(3))`,
    };
  }
  if (!latest.passed) {
    return {
      released: false,
      preflightId: null,
      reason: `The latest preflight check of ${date} failed${latest.remarks ? `: ${latest.remarks}` : ''}`,
    };
  }
  return {
    released: true,
    preflightId: latest.id,
    reason: `Preflight check passed ${latest.performedAt.toISOString().slice(11, 16)} UTC`,
  };
}

/** Device and day (UTC) of every passing preflight: what releases a day's sessions. */
export type ReleasedDays = ReadonlySet<string>;
export function releasedDays(preflights: readonly PreflightRow[]): ReleasedDays {
  return new Set(preflights.filter((p) => p.passed).map((p) => `${p.deviceId}|${p.date}`));
}

/** A session is unreleased when no passing preflight was recorded for its day (UTC). */
export function sessionUnreleased(session: SessionRow, released: ReleasedDays) {
  return !released.has(`${session.deviceId}|${dayOf(session.startsAt)}`);
}

export function toDevice(device: DeviceRow, rows: FleetRows, today = todayUtc()): Device {
  const mine = rowsOfDevice(rows, device.id);
  const status = deviceStatus(device, mine, today);
  const total = totalHours(device, mine.sessions);
  return {
    id: device.id,
    kind: device.kind,
    name: device.name,
    model: device.model,
    qualificationLevel: device.qualificationLevel,
    manufacturer: device.manufacturer,
    serialNumber: device.serialNumber,
    registration: device.registration,
    location: device.location,
    qualifiedFor: device.qualifiedFor,
    inServiceFrom: device.inServiceFrom,
    baseHours: device.baseHours,
    baseCycles: device.baseCycles,
    retiredAt: device.retiredAt,
    totalHours: total.hours,
    totalCycles: total.cycles,
    status: status.status,
    statusReason: status.reason,
    release: releaseOn(status, mine.preflights, today),
    openDiscrepancies: mine.discrepancies.filter(UNRESOLVED).length,
    version: device.version,
    ledgerIndex: device.ledgerIndex,
    createdAt: device.createdAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
  };
}

export function toPreflight(row: PreflightRow): Preflight {
  return {
    id: row.id,
    deviceId: row.deviceId,
    date: row.date,
    passed: row.passed,
    items: row.items,
    remarks: row.remarks,
    performedBy: row.performedBy,
    performedAt: row.performedAt.toISOString(),
    ledgerIndex: row.ledgerIndex,
  };
}

export function toDiscrepancy(row: DiscrepancyRow): Discrepancy {
  return {
    id: row.id,
    deviceId: row.deviceId,
    componentId: row.componentId,
    component: row.component,
    ataChapter: row.ataChapter,
    reportedAt: row.reportedAt.toISOString(),
    reportedBy: row.reportedBy,
    session: row.session,
    description: row.description,
    severity: row.severity,
    status: row.status,
    correctiveAction: row.correctiveAction,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    downtimeMinutes: row.downtimeMinutes,
    trainingMinutesLost: row.trainingMinutesLost,
    version: row.version,
    ledgerIndex: row.ledgerIndex,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toComponent(
  row: ComponentRow,
  sessions: readonly SessionRow[],
  today = todayUtc(),
): FleetComponent {
  const used = usage(sessions, row.installedAt, row.removedAt ?? today);
  return {
    id: row.id,
    deviceId: row.deviceId,
    name: row.name,
    ataChapter: row.ataChapter,
    partNumber: row.partNumber,
    serialNumber: row.serialNumber,
    installedAt: row.installedAt,
    removedAt: row.removedAt,
    removalReason: row.removalReason,
    lifeLimitHours: row.lifeLimitHours,
    lifeLimitCycles: row.lifeLimitCycles,
    hoursSinceInstall: round1(used.hours),
    cyclesSinceInstall: used.cycles,
    version: row.version,
  };
}

export function toSession(row: SessionRow, released: ReleasedDays): FleetSession {
  return {
    id: row.id,
    deviceId: row.deviceId,
    trainingEventId: row.trainingEventId,
    startsAt: row.startsAt.toISOString(),
    scheduledMinutes: row.scheduledMinutes,
    usedMinutes: row.usedMinutes,
    interrupted: row.interrupted,
    instructor: row.instructor,
    cycles: row.cycles,
    unreleased: sessionUnreleased(row, released),
    createdAt: row.createdAt.toISOString(),
  };
}
