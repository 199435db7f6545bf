/**
 * The instructor files of `npm run bench:instructors`: people with ten years of history drawn
 * from a fixed seed. Most 142.53 items are done in the month due, some in the grace month before
 * or after, some early, some late (the clock restarts), some years missed; about 60% device
 * instructors, 20% in aircraft, 15% in ATP simulators, 5% no longer employed; 40% designated for
 * a second course a few years in.
 */
import { randomUUID } from 'node:crypto';
import type { QualificationKind } from '../../src/shared/api/instructors';
import type { Database } from '../../src/server/db/client';
import { instructorDesignations, instructorQualifications } from '../../src/server/db/schema';
import type { Actor } from '../../src/server/http/actor';
import { endOfMonth, monthIndex } from '../../src/server/features/instructors/clocks';
import {
  insertInstructorFiles,
  type NewInstructorFile,
} from '../../src/server/features/instructors/insert-files';
import { todayUtc } from '../../src/server/features/instructors/view';
import type { EventInput } from '../api/dataset';

/** Mulberry32: the same history on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const dayIn = (random: Random, month: number) => {
  const last = Number(endOfMonth(month).slice(8, 10));
  return `${endOfMonth(month).slice(0, 8)}${String(1 + Math.floor(random() * last)).padStart(2, '0')}`;
};

/** Months after the due month an item is done in: mostly on time, some grace, early, late, missed. */
function slip(random: Random): number | null {
  const r = random();
  if (r < 0.68) return 0;
  if (r < 0.78) return -1;
  if (r < 0.86) return 1;
  if (r < 0.9) return -2 - Math.floor(random() * 2);
  if (r < 0.96) return 2 + Math.floor(random() * 3);
  return null; // a year missed: done a year later
}

/** Every completion of one 142.53 item from `first` (month index) until today. */
function recurrent(random: Random, first: number, today: number): number[] {
  const months: number[] = [];
  let due = first;
  while (due <= today + 1) {
    const s = slip(random);
    const done = due + (s ?? 12);
    if (done > today) break;
    months.push(done);
    // The grace month keeps the schedule (142.53(c)); anything else restarts it.
    due = Math.abs(s ?? 12) <= 1 ? due + 12 : done + 12;
  }
  return months;
}

const DEVICES = ['FFS Level D', 'FTD Level 6', 'FFS Level C', 'FTD Level 5'];
const FIRST = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Priya', 'Hiroshi', 'Olga', 'Omar'];
const LAST = ['Stone', 'Nakamura', 'Okafor', 'Lindqvist', 'Haddad', 'Novak', 'Costa', 'Dubois'];

interface SeedFile {
  file: NewInstructorFile;
  more: { course: string; device: string | null; month: number }[];
  events: { kind: QualificationKind; month: number }[];
}

/** The 500 people and their ten years, drawn from a fixed seed. */
function instructorHistories(
  courses: string[],
  today: string,
  files: number,
  years: number,
): SeedFile[] {
  const random = generator(142_73);
  const now = monthIndex(today);
  return Array.from({ length: files }, (_, i) => {
    const start = now - years * 12 - Math.floor(random() * 6);
    const device = random() < 0.6;
    const inAircraft = random() < 0.2;
    const atp = random() < 0.15;
    const left = random() < 0.05;
    const designated = start + 1 + Math.floor(random() * 2);
    const course = pick(random, courses);
    const designation = {
      course,
      device: device ? pick(random, DEVICES) : null,
      designatedAt: dayIn(random, designated),
    };
    const events: SeedFile['events'] = [
      { kind: 'pre_designation_ground_142_47_c1', month: designated - 1 },
      { kind: 'pre_designation_test_142_47_c2', month: designated - 1 },
    ];
    const recurrentKinds: QualificationKind[] = [
      'instruction_demonstration_142_53_a1',
      'recurrent_ground_142_53_a2',
      ...(device
        ? ([
            'device_training_142_53_a3',
            'written_test_142_53_a7',
            'proficiency_check_142_53_a7',
          ] as const)
        : []),
      ...(inAircraft ? (['aircraft_training_142_53_a5'] as const) : []),
    ];
    for (const kind of recurrentKinds) {
      events.push({ kind, month: designated - 1 });
      for (const month of recurrent(random, designated - 1 + 12, now)) events.push({ kind, month });
    }
    if (atp) {
      for (const month of [designated - 1, ...recurrent(random, designated - 1 + 12, now)]) {
        events.push({
          kind: pick(random, [
            'aircraft_flight_142_53_b1',
            'line_observation_142_53_b2',
            'inflight_observation_142_53_b3',
          ] as const),
          month,
        });
      }
    }
    const more =
      random() < 0.4
        ? [
            {
              course: pick(random, courses),
              device: designation.device,
              month: designated + 36 + Math.floor(random() * 36),
            },
          ]
        : [];
    const employedUntil = left ? dayIn(random, now - 2 - Math.floor(random() * 20)) : null;
    return {
      file: {
        file: {
          userId: null,
          name: `${pick(random, FIRST)} ${pick(random, LAST)} ${String(i + 1).padStart(3, '0')}`,
          role: pick(random, ['instructor', 'instructor', 'evaluator', 'both'] as const),
          employedFrom: dayIn(random, start),
          employedUntil,
          certificates: `ATP ${3_000_000 + i}, first-class medical`,
          notes: null,
          instructsInAircraft: inAircraft,
          atpSimulator: atp,
        },
        designation,
      },
      more,
      events: events.filter((e) => !employedUntil || e.month <= monthIndex(employedUntil)),
    };
  });
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

/**
 * `files` instructor files with `years` of history: the files through the import's insert (file,
 * first designation, ledger leaf) in one transaction, every other designation and event in bulk.
 * Returns how many events and designations the organization then holds.
 */
export async function seedInstructorFiles(
  db: Database,
  actor: Actor,
  trainingEvents: EventInput[],
  files: number,
  years: number,
) {
  const today = todayUtc();
  const courses = [...new Set(trainingEvents.map((e) => e.course).filter((c) => c))] as string[];
  const histories = instructorHistories(courses, today, files, years);
  const ids = await db.transaction((tx) =>
    insertInstructorFiles(
      tx,
      actor,
      histories.map((h) => h.file),
    ),
  );
  const qualifications: (typeof instructorQualifications.$inferInsert)[] = [];
  const designations: (typeof instructorDesignations.$inferInsert)[] = [];
  const base = { organizationId: actor.organizationId, recordedBy: actor.userId };
  histories.forEach((h, i) => {
    const instructorId = ids[i]!;
    const random = generator(i + 1);
    for (const e of h.events) {
      const completedAt = dayIn(random, e.month);
      if (completedAt > today) continue;
      qualifications.push({ ...base, instructorId, kind: e.kind, completedAt });
    }
    for (const d of h.more) {
      const designatedAt = dayIn(random, d.month);
      if (designatedAt > today) continue;
      const id = randomUUID();
      qualifications.push({
        ...base,
        id,
        instructorId,
        kind: 'designation_142_47_b',
        completedAt: designatedAt,
        course: d.course,
        device: d.device,
      });
      designations.push({
        organizationId: actor.organizationId,
        instructorId,
        qualificationId: id,
        course: d.course,
        device: d.device,
        designatedAt,
      });
    }
  });
  await db.transaction(async (tx) => {
    await insertInBatches(qualifications, (b) => tx.insert(instructorQualifications).values(b));
    await insertInBatches(designations, (b) => tx.insert(instructorDesignations).values(b));
  });
  return {
    qualifications: qualifications.length + files,
    designations: designations.length + files,
  };
}
