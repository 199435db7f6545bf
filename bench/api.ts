/**
 * `npm run bench:api`: the product's API under load, beside a bare Fastify route measured in the
 * same run (figures go in docs/PERFORMANCE.md, section "API under load").
 *
 * For each database mode (embedded PGlite in a temporary data folder; PostgreSQL on a throw-away
 * database, skipped when the server does not answer) and each size, the benchmark grows the
 * training records to that size (bench/api/dataset.ts, through the import's insert), starts the
 * product server in a child process on the existing data, times its cold start (spawn to the
 * first answer of GET /api/health), signs in, and loads each route with autocannon: a sequential
 * warm-up, then BENCH_CONNECTIONS connections for BENCH_DURATION seconds. It reports requests/s,
 * p50 and p99 latency, non-2xx answers and errors per route, each route's requests/s as a share
 * of the bare route's (measured at the start and the end of the run; their mean), and the
 * server's resident memory after start and after the load.
 *
 * The machine is shared: compare the ratios within one run, not absolute figures across runs.
 *
 * Environment: BENCH_SIZES (default "20000,100000", cumulative), BENCH_MODES ("pglite,postgres"),
 * BENCH_DURATION (seconds, default 10), BENCH_WARMUP (seconds, default 2), BENCH_CONNECTIONS
 * (default 50), BENCH_TIMEOUT (seconds a request may take, default 30), BENCH_POSTGRES_URL (a
 * database to connect to for creating the throw-away one; default the local server as postgres),
 * BENCH_LOG_LEVEL (the server's, default warn), BENCH_SERVER=source (run src/server/main.ts even
 * when a build exists), BENCH_ANALYZE=0 (leave PostgreSQL without planner statistics after
 * seeding), BENCH_SAVE (a file for the figures as JSON).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import {
  appendEvents,
  createBenchOrganization,
  CREDENTIALS,
  pgliteDatabase,
  postgresDatabase,
  type BenchDatabase,
  type Mode,
} from './api/databases';
import { describeDataset, SEARCH_FRAGMENT, trainingEventInputs } from './api/dataset';
import { healthBeside, loadRoute, signIn, totalOf, waitUntilIdle } from './api/load';
import type { LoadSettings, RouteFigures } from './api/load';
import { bareServerCommand, freePort, productCommand, rssMb, startServer } from './api/processes';
import { printRun, type RunFigures } from './api/report';

const env = process.env;
const sizes = [...new Set((env.BENCH_SIZES ?? '20000,100000').split(',').map(Number))]
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const modes = (env.BENCH_MODES ?? 'pglite,postgres')
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is Mode => m === 'pglite' || m === 'postgres');
const settings: LoadSettings = {
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(env.BENCH_DURATION ?? 10),
  warmUpSeconds: Number(env.BENCH_WARMUP ?? 2),
  timeoutSeconds: Number(env.BENCH_TIMEOUT ?? 30),
};
const POSTGRES_URL = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** The process environment without anything that would point the server elsewhere. */
function serverEnv(extra: Record<string, string>): Record<string, string> {
  const inherited = Object.entries(env).filter(
    ([key, value]) =>
      value !== undefined &&
      !/^(DATABASE_URL|DATA_DIR|PORT|HOST|ADMIN_|AI_|ROLE|LOG_LEVEL|NODE_ENV)/.test(key),
  ) as [string, string][];
  return { ...Object.fromEntries(inherited), NODE_ENV: 'production', HOST: '127.0.0.1', ...extra };
}

async function measureBare(): Promise<RouteFigures> {
  const port = await freePort();
  const server = await startServer({
    args: bareServerCommand().args,
    env: serverEnv({ PORT: String(port) }),
    port,
    healthPath: '/bare',
  });
  try {
    const route = { name: 'bare Fastify', path: '/bare' };
    const idle = () => waitUntilIdle(server.child.pid, async () => false);
    return await loadRoute(server.baseUrl, route, null, settings, idle);
  } finally {
    await server.stop();
  }
}

/** One server start on a seeded database: cold start, memory and every route under load. */
async function measureProduct(database: BenchDatabase, size: number, seedSeconds: number) {
  const port = await freePort();
  const command = productCommand();
  const server = await startServer({
    args: command.args,
    env: serverEnv({
      PORT: String(port),
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
      ...database.env,
    }),
    port,
    healthPath: '/api/health',
  });
  try {
    // The server may answer /api/health before its database is open; other requests wait for it.
    const probe = await fetch(`${server.baseUrl}/api/auth/user`);
    await probe.arrayBuffer();
    const databaseReadyMs = Math.round(performance.now() - server.startedAt);
    const rssAfterStartMb = rssMb(server.child.pid);
    console.log(
      `  cold start: health ${Math.round(server.coldStartMs)} ms, first request that needs the ` +
        `database ${databaseReadyMs} ms (${probe.status}); RSS ${rssAfterStartMb} MB`,
    );
    const cookie = await signIn(server.baseUrl, CREDENTIALS);
    const list = '/api/training-events?page=1&pageSize=25';
    const total = await totalOf(server.baseUrl, list, cookie);
    const lastPage = Math.max(1, Math.ceil(total / 25));
    const search = `/api/training-events?search=${SEARCH_FRAGMENT}&page=1&pageSize=25`;
    const searchMatches = await totalOf(server.baseUrl, search, cookie);
    const routes = [
      { name: 'health (no session)', path: '/api/health' },
      { name: 'records, first page', path: list },
      {
        name: `records, page ${lastPage} (last)`,
        path: list.replace('page=1', `page=${lastPage}`),
      },
      { name: `records, search "${SEARCH_FRAGMENT}"`, path: search },
      { name: 'dashboard stats', path: '/api/dashboard/stats' },
      { name: 'dashboard analytics', path: '/api/dashboard/analytics?tz=UTC' },
      { name: 'dashboard alerts', path: '/api/dashboard/alerts?tz=UTC' },
      { name: 'checklist', path: '/api/checklist' },
    ];
    const idle = () => waitUntilIdle(server.child.pid, database.busy);
    const figures: RouteFigures[] = [];
    for (const route of routes) {
      const needsSession = route.path !== '/api/health';
      const session = needsSession ? cookie : null;
      const result = await loadRoute(server.baseUrl, route, session, settings, idle);
      console.log(
        `  ${route.name}: alone ${result.aloneMs} ms; ${result.requestsPerSecond.toFixed(1)} req/s, p50 ${result.p50Ms} ms, ` +
          `p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}` +
          (result.backlogSeconds >= 2 ? `, backlog ${result.backlogSeconds.toFixed(1)} s` : ''),
      );
      figures.push(result);
    }
    // The last page (its rows are read each time, nothing kept) beside a request needing nothing.
    const beside = await healthBeside(server.baseUrl, routes[2]!.path, cookie, settings, idle);
    console.log(
      `  health beside the loaded last page: ${beside.healthRequestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${beside.healthP50Ms} ms, p99 ${beside.healthP99Ms} ms ` +
        `(last page ${beside.heavyRequestsPerSecond.toFixed(1)} req/s)`,
    );
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    if (!alive) console.warn(`  the server died during the load:\n${server.output()}`);
    return {
      mode: database.mode,
      database: database.label,
      size,
      seedSeconds,
      server: command.label,
      serverBuiltAt: command.builtAt,
      coldStartMs: Math.round(server.coldStartMs),
      databaseReadyMs,
      rssAfterStartMb,
      rssAfterLoadMb: rssMb(server.child.pid),
      totalRecords: total,
      searchMatches,
      healthBesideLastPage: beside,
      serverCrashed: !alive,
      routes: figures,
    } satisfies Omit<RunFigures, 'bareRequestsPerSecond' | 'dataset' | 'statistics'>;
  } finally {
    await server.stop();
  }
}

async function measureMode(mode: Mode, cleanups: (() => Promise<void>)[]) {
  const database = mode === 'pglite' ? pgliteDatabase() : await postgresDatabase(POSTGRES_URL);
  if (!database) {
    console.log(`\nPostgreSQL does not answer at ${new URL(POSTGRES_URL).host}: mode skipped`);
    return [];
  }
  cleanups.push(database.dispose);
  const runs = [];
  const all = trainingEventInputs(sizes[sizes.length - 1]!);
  let seeded = 0;
  let actor: Awaited<ReturnType<typeof createBenchOrganization>> | undefined;
  for (const size of sizes) {
    console.log(`\n${database.label}, ${size.toLocaleString('en-US')} training events`);
    const started = performance.now();
    let statistics = '';
    const handle = await database.open();
    try {
      actor ??= await createBenchOrganization(handle);
      await appendEvents(handle, actor, all.events.slice(seeded, size));
      statistics = await database.settle(handle);
    } finally {
      await handle.close();
    }
    seeded = size;
    const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const dataset = describeDataset({
      events: all.events.slice(0, size),
      traineeOf: all.traineeOf.slice(0, size),
    });
    console.log(`  seeded in ${seedSeconds} s, ${statistics}: ${JSON.stringify(dataset)}`);
    runs.push({ ...(await measureProduct(database, size, seedSeconds)), dataset, statistics });
  }
  cleanups.splice(cleanups.indexOf(database.dispose), 1);
  await database.dispose();
  return runs;
}

async function main() {
  const commit = git('rev-parse', 'HEAD');
  const uncommitted = git('status', '--porcelain', '--', 'src', 'migrations')
    .split('\n')
    .filter(Boolean);
  const product = productCommand();
  const header = {
    commit,
    uncommittedServerFiles: uncommitted.map((line) => line.slice(3)),
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    server: product.label,
    serverBuildOlderThan: product.stale,
    settings,
    loadAverageAtStart: load(),
  };
  console.log(`API benchmark at ${commit.slice(0, 10)}, Node ${process.version}, ${header.cpus}`);
  if (uncommitted.length)
    console.log(`uncommitted changes under src/ and migrations/: ${uncommitted.length} files`);
  console.log(`load average at start (1 / 5 / 15 min): ${header.loadAverageAtStart}`);
  console.log(`product server: ${product.label}`);
  if (product.stale)
    console.warn(`warning: ${product.stale} changed after the build; run npm run build first`);

  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      await step().catch((err: unknown) => console.error(`cleanup failed: ${String(err)}`));
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    // The bare route before every mode and at the end; the ratios use the mean of them all.
    const bare: RouteFigures[] = [];
    const measureBareAgain = async () => {
      bare.push(await measureBare());
      console.log(`\nbare Fastify route: ${bare.at(-1)!.requestsPerSecond.toFixed(0)} req/s`);
    };
    const measured = [];
    for (const mode of modes) {
      await measureBareAgain();
      measured.push(...(await measureMode(mode, cleanups)));
    }
    await measureBareAgain();
    const bareRequestsPerSecond =
      bare.reduce((sum, b) => sum + b.requestsPerSecond, 0) / bare.length;
    const runs = measured.map((run) => ({ ...run, bareRequestsPerSecond }));

    const loadAverageAtEnd = load();
    console.log(
      `\nbare Fastify route (${bare.length} measurements): ` +
        bare.map((b) => b.requestsPerSecond.toFixed(0)).join(', ') +
        ` req/s; mean ${bareRequestsPerSecond.toFixed(0)}, the 100% of the "of bare" column`,
    );
    for (const run of runs) printRun(run);
    console.log(`\nload average at end (1 / 5 / 15 min): ${loadAverageAtEnd}`);
    if (env.BENCH_SAVE) {
      const figures = { ...header, loadAverageAtEnd, bare, runs };
      writeFileSync(env.BENCH_SAVE, `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`figures written to ${env.BENCH_SAVE}`);
    }
  } finally {
    await cleanUp();
  }
}

await main();
