/**
 * `npm run bench:instructors`: the instructor files' clocks and list at the size of a large
 * centre (figures go in docs/PERFORMANCE.md, section "Instructor files").
 *
 * For each database (embedded PGlite in a temporary data folder, the product's default; then a
 * throw-away PostgreSQL database when the server answers), one organization gets 2,000 training
 * records (their courses are what designations name) and 500 instructor files with ten years of
 * history each: created through `insertInstructorFiles` (the import's insert: file, first
 * designation, ledger leaf) in one transaction, then every other designation and dated event
 * inserted in bulk. The history is drawn from a fixed seed: most 142.53 items done in the month
 * due, some in the grace month before or after, some early, some late (the clock restarts), some
 * years missed; about 60% device instructors, 20% in aircraft, 15% in ATP simulators, 5% left.
 *
 * Measured, median and p95 of BENCH_RUNS runs after two warm-ups:
 *   1. the clocks alone over rows already loaded (`toInstructorFile` for the 500);
 *   2. `listInstructors` (the reads and every file's clocks and status) after a change: an audit
 *      entry appended untimed before each run moves the ledger, so nothing kept is reused; then
 *      the same read again, as the list kept per ledger state serves it;
 *   3. GET /api/instructors answered by the product's server (in this process, on a loopback
 *      port), from the request to the last byte of the body: after a change, again, and again
 *      gzipped as a browser asks for it.
 * Targets (issue): clocks for 500 files × 10 years under 1 s on PGlite; the list page under 100 ms.
 *
 * Environment: BENCH_RUNS (default 20), BENCH_FILES (default 500), BENCH_YEARS (default 10),
 * BENCH_MODES ("pglite,postgres"), BENCH_POSTGRES_URL (else TEST_DATABASE_URL, else the local
 * server as postgres).
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { QualificationKind } from '../src/shared/api/instructors';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { instructorDesignations, instructorQualifications } from '../src/server/db/schema';
import type { Actor } from '../src/server/http/actor';
import { endOfMonth, monthIndex } from '../src/server/features/instructors/clocks';
import {
  insertInstructorFiles,
  type NewInstructorFile,
} from '../src/server/features/instructors/insert-files';
import { recordAudit } from '../src/server/features/activity/service';
import { instructorsOf } from '../src/server/features/instructors/repository';
import { listInstructors } from '../src/server/features/instructors/service';
import { todayUtc, toInstructorFile } from '../src/server/features/instructors/view';
import {
  appendEvents,
  createBenchOrganization,
  CREDENTIALS,
  pgliteDatabase,
  postgresDatabase,
  type BenchDatabase,
  type Mode,
} from './api/databases';
import { trainingEventInputs, type EventInput } from './api/dataset';

const env = process.env;
const RUNS = Number(env.BENCH_RUNS ?? 20);
const FILES = Number(env.BENCH_FILES ?? 500);
const YEARS = Number(env.BENCH_YEARS ?? 10);
const MODES = (env.BENCH_MODES ?? 'pglite,postgres')
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is Mode => m === 'pglite' || m === 'postgres');
const POSTGRES_URL =
  env.BENCH_POSTGRES_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_CLOCKS_MS = 1000;
const TARGET_LIST_MS = 100;

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
function instructorHistories(courses: string[], today: string): SeedFile[] {
  const random = generator(142_73);
  const now = monthIndex(today);
  return Array.from({ length: FILES }, (_, i) => {
    const start = now - YEARS * 12 - Math.floor(random() * 6);
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

/** 500 files with their history, in bulk; returns how many events and designations. */
async function seed(db: Database, actor: Actor, trainingEvents: EventInput[]) {
  const today = todayUtc();
  const courses = [...new Set(trainingEvents.map((e) => e.course).filter((c) => c))] as string[];
  const histories = instructorHistories(courses, today);
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
    qualifications: qualifications.length + FILES,
    designations: designations.length + FILES,
  };
}

interface Figures {
  medianMs: number;
  p95Ms: number;
}

/** Median and p95 of RUNS timings after two warm-ups; `before` runs untimed ahead of each. */
async function timeRuns(
  run: () => Promise<unknown> | unknown,
  before: () => Promise<unknown> = async () => {},
): Promise<Figures> {
  for (let i = 0; i < 2; i++) {
    await before();
    await run();
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

/** The clocks of every file over rows already in memory, as listInstructors computes them. */
async function clocksAlone(db: Database, actor: Actor) {
  const repo = instructorsOf(db, actor.organizationId);
  const [files, qualifications, designations] = await Promise.all([
    repo.files(),
    repo.qualifications(),
    repo.designations(),
  ]);
  return () => {
    const byFile = <T extends { instructorId: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const r of rows) {
        const list = map.get(r.instructorId);
        if (list) list.push(r);
        else map.set(r.instructorId, [r]);
      }
      return map;
    };
    const qs = byFile(qualifications);
    const ds = byFile(designations);
    const today = todayUtc();
    return files.map((f) => toInstructorFile(f, qs.get(f.id) ?? [], ds.get(f.id) ?? [], today));
  };
}

/** GET /api/instructors through the product's server, after a change and read again. */
async function listOverHttp(handle: DatabaseHandle, change: () => Promise<unknown>) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-bench-instructors-')),
    CLIENT_DIR: join(tmpdir(), 'centerline-no-client'),
  });
  const app = await buildApp({ db: handle.db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  try {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    let body = Buffer.alloc(0);
    const list = async (encoding: 'identity' | 'gzip') => {
      const res = await fetch(`${baseUrl}/api/instructors`, {
        headers: { cookie, 'accept-encoding': encoding },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`GET /api/instructors: ${res.status}`);
      if (encoding === 'gzip' && res.headers.get('content-encoding') !== 'gzip') {
        throw new Error('the list was not gzipped');
      }
      if (encoding === 'identity') body = bytes;
    };
    const afterChange = await timeRuns(() => list('identity'), change);
    const again = await timeRuns(() => list('identity'));
    const gzipAgain = await timeRuns(() => list('gzip'));
    // fetch hands the body back decompressed; gzipped, as a browser receives it, it is about this.
    return { afterChange, again, gzipAgain, bytes: body.length, gzipBytes: gzipSync(body).length };
  } finally {
    await app.close();
  }
}

async function measure(database: BenchDatabase) {
  console.log(`\n${database.label}`);
  const handle = await database.open();
  try {
    const actor = await createBenchOrganization(handle);
    const seedStart = performance.now();
    const { events: trainingEvents } = trainingEventInputs(2000);
    await appendEvents(handle, actor, trainingEvents);
    const { qualifications, designations } = await seed(handle.db, actor, trainingEvents);
    const statistics = await database.settle(handle);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(
      `  seeded in ${seedSeconds.toFixed(1)} s: ${FILES} files, ${qualifications.toLocaleString('en-US')} ` +
        `qualification events, ${designations} designations, ${trainingEvents.length} training records (${statistics})`,
    );
    const list = await listInstructors(handle.db, actor, {});
    console.log(`  statuses: ${JSON.stringify(list.counts)}`);
    // A change anywhere in the organization's ledger: the list is computed afresh after it.
    const change = () =>
      recordAudit(handle.db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'bench_change',
      });
    const serviceAfterChange = await timeRuns(() => listInstructors(handle.db, actor, {}), change);
    const serviceAgain = await timeRuns(() => listInstructors(handle.db, actor, {}));
    const clocks = await timeRuns(await clocksAlone(handle.db, actor));
    const http = await listOverHttp(handle, change);
    return { database: database.label, serviceAfterChange, serviceAgain, clocks, ...http };
  } finally {
    await handle.close();
    // pg's pool.end() resolves before its sockets are closed; dropping the database (with force)
    // at once sends the closing connections a termination error that nothing listens for.
    await sleep(500);
    await database.dispose();
  }
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const fmt = (f: Figures) => `${f.medianMs} / ${f.p95Ms}`;

console.log(
  `${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; ${FILES} files × ${YEARS} years; median / p95 of ${RUNS} runs (ms)`,
);
const results = [];
for (const mode of MODES) {
  const database = mode === 'pglite' ? pgliteDatabase() : await postgresDatabase(POSTGRES_URL);
  if (!database) {
    console.log(`\nPostgreSQL does not answer at ${new URL(POSTGRES_URL).host}: skipped`);
    continue;
  }
  results.push(await measure(database));
}
const COLUMNS = [
  'database',
  'clocks alone (rows in memory)',
  'listInstructors after a change (reads + clocks)',
  'listInstructors again',
  'GET /api/instructors after a change',
  'GET again',
  'GET again, gzip',
];
console.log('');
console.log(row(COLUMNS));
console.log(row(COLUMNS.map(() => '---')));
for (const r of results) {
  console.log(
    row([
      r.database,
      fmt(r.clocks),
      fmt(r.serviceAfterChange),
      fmt(r.serviceAgain),
      fmt(r.afterChange),
      fmt(r.again),
      fmt(r.gzipAgain),
    ]),
  );
}
for (const r of results) {
  const verdict = (ms: number, target: number) => (ms < target ? 'met' : 'MISSED');
  console.log(
    `${r.database}: list body ${(r.bytes / 1024).toFixed(0)} KB (~${(r.gzipBytes / 1024).toFixed(0)} KB gzip); ` +
      `clocks < ${TARGET_CLOCKS_MS} ms ${verdict(r.serviceAfterChange.p95Ms, TARGET_CLOCKS_MS)}; ` +
      `list < ${TARGET_LIST_MS} ms: after a change ${verdict(r.afterChange.medianMs, TARGET_LIST_MS)}, ` +
      `again ${verdict(r.again.medianMs, TARGET_LIST_MS)}`,
  );
}
console.log(
  `\nload at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
