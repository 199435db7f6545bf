import { and, eq, isNotNull } from 'drizzle-orm';
import { DUTY_LIMIT_MINUTES, type Duty, type DutyWindow } from '@shared/api/instructors';
import type { DbOrTx } from '../../db/client';
import { fleetDevices, fleetSessions } from '../../db/schema';
import { nameKey } from './record-warnings';

const DAY_MS = 24 * 3600_000;

export interface DutySession {
  id: string;
  deviceName: string;
  startsAt: Date;
  /** Minutes of instruction: the session's used time (briefings are not sessions). */
  minutes: number;
  trainingEventId: string | null;
}

const endOf = (s: DutySession) => s.startsAt.getTime() + s.minutes * 60_000;

function overlapMinutes(s: DutySession, from: number, to: number) {
  const start = Math.max(s.startsAt.getTime(), from);
  const end = Math.min(endOf(s), to);
  return end > start ? (end - start) / 60_000 : 0;
}

/**
 * 142.49(c)(1): no more than 8 hours of instruction in any 24 consecutive hours. The busiest
 * 24-hour window over a set of sessions starts where a session starts or ends where one ends, so
 * those windows are the only ones tried. Windows over the limit that overlap are reported once,
 * the busiest of them.
 */
export function dutyWindows(sessions: readonly DutySession[], limit = DUTY_LIMIT_MINUTES) {
  const sorted = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const starts = new Set<number>();
  const sessionStarts = new Set(sorted.map((s) => s.startsAt.getTime()));
  for (const s of sorted) {
    starts.add(s.startsAt.getTime());
    starts.add(endOf(s) - DAY_MS);
  }
  const over: { from: number; minutes: number }[] = [];
  for (const from of [...starts].sort((a, b) => a - b)) {
    const minutes = sorted.reduce((n, s) => n + overlapMinutes(s, from, from + DAY_MS), 0);
    if (minutes > limit) over.push({ from, minutes });
  }
  const windows: DutyWindow[] = [];
  let cluster: { from: number; minutes: number } | null = null;
  let clusterEnd = 0;
  const flush = () => {
    if (!cluster) return;
    const to = cluster.from + DAY_MS;
    windows.push({
      from: new Date(cluster.from).toISOString(),
      to: new Date(to).toISOString(),
      minutes: Math.round(cluster.minutes),
      sessions: sorted
        .filter((s) => overlapMinutes(s, cluster!.from, to) > 0)
        .map((s) => ({
          id: s.id,
          deviceName: s.deviceName,
          startsAt: s.startsAt.toISOString(),
          minutes: s.minutes,
          trainingEventId: s.trainingEventId,
        })),
    });
  };
  for (const w of over) {
    if (cluster && w.from < clusterEnd) {
      // The busiest; among equals, one that opens with a session (it reads "from 06:00").
      const better =
        w.minutes > cluster.minutes ||
        (w.minutes === cluster.minutes &&
          sessionStarts.has(w.from) &&
          !sessionStarts.has(cluster.from));
      if (better) cluster = w;
      clusterEnd = Math.max(clusterEnd, w.from + DAY_MS);
      continue;
    }
    flush();
    cluster = w;
    clusterEnd = w.from + DAY_MS;
  }
  flush();
  return windows;
}

/** The sessions the fleet log names this person as instructor of, by name as records match. */
export async function sessionsInstructedBy(
  db: DbOrTx,
  organizationId: string,
  name: string,
): Promise<DutySession[]> {
  const rows = await db
    .select({
      id: fleetSessions.id,
      instructor: fleetSessions.instructor,
      deviceName: fleetDevices.name,
      startsAt: fleetSessions.startsAt,
      minutes: fleetSessions.usedMinutes,
      trainingEventId: fleetSessions.trainingEventId,
    })
    .from(fleetSessions)
    .innerJoin(fleetDevices, eq(fleetDevices.id, fleetSessions.deviceId))
    .where(
      and(eq(fleetSessions.organizationId, organizationId), isNotNull(fleetSessions.instructor)),
    );
  const key = nameKey(name);
  return rows.filter((r) => nameKey(r.instructor!) === key);
}

export async function dutyOf(db: DbOrTx, organizationId: string, name: string): Promise<Duty> {
  const sessions = await sessionsInstructedBy(db, organizationId, name);
  return {
    paragraph: '142.49(c)(1)',
    limitMinutes: DUTY_LIMIT_MINUTES,
    sessionsCounted: sessions.length,
    windows: dutyWindows(sessions),
    basis:
      'Sessions on the fleet’s devices that name this person as instructor (used time); ground instruction is not logged, so it is not counted',
  };
}
