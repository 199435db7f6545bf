/**
 * `npm run bench:instructors`: the instructor files' clocks and list at the size of a large
 * centre (figures go in docs/PERFORMANCE.md, section "Instructor files").
 *
 * For each database (embedded PGlite in a temporary data folder, the product's default; then a
 * throw-away PostgreSQL database when the server answers), one organization gets 2,000 training
 * records (their courses are what designations name) and 500 instructor files with ten years of
 * history each: created through `insertInstructorFiles` (the import's insert: file, first
 * designation, ledger leaf) in one transaction, then every other designation and dated event
 * inserted in bulk, drawn from a fixed seed (bench/instructors/dataset.ts).
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
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import type { Actor } from '../src/server/http/actor';
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
import { trainingEventInputs } from './api/dataset';
import { seedInstructorFiles } from './instructors/dataset';

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
    const { qualifications, designations } = await seedInstructorFiles(
      handle.db,
      actor,
      trainingEvents,
      FILES,
      YEARS,
    );
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
