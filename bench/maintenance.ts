/**
 * `npm run bench:maintenance`: the fleet's predictions and figures on a generated history whose
 * truth is known (figures go in docs/PERFORMANCE.md, section "Fleet maintenance").
 *
 * For each database (embedded PGlite in a temporary folder, then a throw-away PostgreSQL database
 * when the server answers), one organization gets `generateFleet`'s fleet (20 devices, two years
 * to today, 5,000 write-ups; src/server/features/maintenance/demo-fleet.ts) through `insertFleet`.
 * Then, from the rows read back:
 *   (a) fit accuracy: each component type with at least 30 failures, the fitted Weibull shape and
 *       scale against the ones its lives were drawn from (target: within 10 %);
 *   (b) backtest: fitted on the history before today − 182 days, the units in service then flagged
 *       at a 50 % chance of failing within 182 days, against the failures that followed
 *       (precision and recall; also at 30 % and 70 %);
 *   (c) speed: the service path, rows read then predictions, alerts, figures of the last 90 days,
 *       metric cards and fleet status (median and p95 of BENCH_RUNS runs after two warm-ups;
 *       target under 2 s), and GET /api/maintenance/metrics through the product's server.
 * Then, in memory, the same fit over BENCH_SEEDS seeds: how far the estimates fall from the truth
 * at this size, against the estimator's own standard error, and one fleet ten times as large.
 *
 * Environment: BENCH_RUNS (default 10), BENCH_SEED (1), BENCH_SEEDS (20; 0 skips it), BENCH_MODES
 * ("pglite,postgres"), BENCH_POSTGRES_URL (else TEST_DATABASE_URL, else the local server).
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { DatabaseHandle } from '../src/server/db/client';
import { maintenanceAlerts } from '../src/server/features/maintenance/alerts';
import { fleetStatusOf, lastDays, metricsOf } from '../src/server/features/maintenance/dashboard';
import { generateFleet, insertFleet } from '../src/server/features/maintenance/demo-fleet';
import { fleetFigures } from '../src/server/features/maintenance/figures';
import { backtest, componentPredictions } from '../src/server/features/maintenance/predictions';
import { normalQuantile } from '../src/server/features/maintenance/reliability/weibull';
import { fleetOf, type FleetRows } from '../src/server/features/maintenance/repository';
import { todayUtc } from '../src/server/features/maintenance/view';
import type { MaintenanceMetrics } from '../src/shared/api/maintenance-insight';
import {
  createBenchOrganization,
  CREDENTIALS,
  pgliteDatabase,
  postgresDatabase,
  type BenchDatabase,
  type Mode,
} from './api/databases';

const env = process.env;
const RUNS = Number(env.BENCH_RUNS ?? 10);
const SEED = Number(env.BENCH_SEED ?? 1);
const SEEDS = Number(env.BENCH_SEEDS ?? 20);
const MODES = (env.BENCH_MODES ?? 'pglite,postgres')
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is Mode => m === 'pglite' || m === 'postgres');
const POSTGRES_URL =
  env.BENCH_POSTGRES_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FLEET = { devices: 20, years: 2, discrepancies: 5000 };
const MIN_FAILURES = 30;
const TARGET_ERROR = 0.1;
const TARGET_MS = 2000;
const HORIZON_DAYS = 182;
const THRESHOLDS = [0.3, 0.5, 0.7];
const Z90 = normalQuantile(0.95);

interface Figures {
  medianMs: number;
  p95Ms: number;
}
const summary = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
};
const fmt = (f: Figures) => `${f.medianMs} / ${f.p95Ms}`;
const pct = (x: number | null, digits = 0) => (x === null ? '—' : `${(x * 100).toFixed(digits)} %`);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (header: string[], rows: (string | number)[][]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface TypeFit {
  component: string;
  failures: number;
  censored: number;
  shape: number;
  scale: number;
  trueShape: number;
  trueScale: number;
  shapeError: number;
  scaleError: number;
  /** ln(estimate / truth) in standard errors of the estimator (from its 90 % interval). */
  shapeZ: number;
  scaleZ: number;
  shapeCovered: boolean;
  scaleCovered: boolean;
}

/** (a) Each type with enough failures: fitted against the Weibull its lives came from. */
function fitAccuracy(
  rows: FleetRows,
  truth: Record<string, { shape: number; scale: number }>,
  today: string,
) {
  return componentPredictions(rows, today).flatMap((p): TypeFit[] => {
    const t = truth[p.component];
    if (!p.model || !t || p.failures < MIN_FAILURES) return [];
    const { shape, scale, shapeCi, scaleCi } = p.model;
    const z = (estimate: number, upper: number, real: number) =>
      Math.log(estimate / real) / (Math.log(upper / estimate) / Z90);
    return [
      {
        component: p.component,
        failures: p.failures,
        censored: p.censored,
        shape,
        scale,
        trueShape: t.shape,
        trueScale: t.scale,
        shapeError: shape / t.shape - 1,
        scaleError: scale / t.scale - 1,
        shapeZ: z(shape, shapeCi[1], t.shape),
        scaleZ: z(scale, scaleCi[1], t.scale),
        shapeCovered: shapeCi[0] <= t.shape && t.shape <= shapeCi[1],
        scaleCovered: scaleCi[0] <= t.scale && t.scale <= scaleCi[1],
      },
    ];
  });
}

const backtests = (rows: FleetRows, today: string) =>
  THRESHOLDS.map((threshold) => ({
    threshold,
    result: backtest(rows, shift(today, -HORIZON_DAYS), HORIZON_DAYS, threshold),
  }));

const STEPS = ['rows', 'predictions', 'alerts', 'figures', 'metrics', 'status'] as const;

/** The service path, step by step: what the dashboard's calls compute, from one read. */
async function servicePath(handle: DatabaseHandle, organizationId: string, today: string) {
  const times: Record<(typeof STEPS)[number] | 'total', number[]> = {
    rows: [],
    predictions: [],
    alerts: [],
    figures: [],
    metrics: [],
    status: [],
    total: [],
  };
  for (let run = 0; run < RUNS + 2; run++) {
    const marks = [performance.now()];
    const rows = await fleetOf(handle.db, organizationId).rows();
    marks.push(performance.now());
    const predictions = componentPredictions(rows, today);
    marks.push(performance.now());
    const alerts = maintenanceAlerts(rows, predictions, today);
    marks.push(performance.now());
    fleetFigures(rows, lastDays(today, 90), today);
    marks.push(performance.now());
    metricsOf(rows, predictions, alerts, today);
    marks.push(performance.now());
    fleetStatusOf(rows, alerts, today);
    marks.push(performance.now());
    if (run < 2) continue;
    STEPS.forEach((step, i) => times[step].push(marks[i + 1]! - marks[i]!));
    times.total.push(marks.at(-1)! - marks[0]!);
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)])) as Record<
    keyof typeof times,
    Figures
  >;
}

/** GET /api/maintenance/metrics through the product's server, in this process, signed in. */
async function metricsOverHttp(handle: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-bench-maintenance-')),
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
    const times: number[] = [];
    let body: unknown;
    for (let run = 0; run < RUNS + 2; run++) {
      const start = performance.now();
      const res = await fetch(`${baseUrl}/api/maintenance/metrics`, { headers: { cookie } });
      body = await res.json();
      if (res.status !== 200) throw new Error(`GET /api/maintenance/metrics: ${res.status}`);
      if (run >= 2) times.push(performance.now() - start);
    }
    return { figures: summary(times), body };
  } finally {
    await app.close();
  }
}

async function measure(database: BenchDatabase, today: string) {
  console.log(`\n${database.label}`);
  const handle = await database.open();
  try {
    const actor = await createBenchOrganization(handle);
    const fleet = generateFleet({ seed: SEED, today, ...FLEET });
    const start = performance.now();
    const counts = await insertFleet(handle.db, actor.organizationId, fleet.rows, {
      actorId: actor.userId,
      details: { seed: SEED, benchmark: 'bench:maintenance' },
    });
    const statistics = await database.settle(handle);
    console.log(
      `  inserted in ${((performance.now() - start) / 1000).toFixed(1)} s (${statistics}): ` +
        Object.entries(counts)
          .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
          .join(', '),
    );
    const rows = await fleetOf(handle.db, actor.organizationId).rows();
    const speed = await servicePath(handle, actor.organizationId, today);
    const http = await metricsOverHttp(handle);
    return {
      database: database.label,
      counts,
      fits: fitAccuracy(rows, fleet.truth, today),
      backtests: backtests(rows, today),
      speed,
      http,
    };
  } finally {
    await handle.close();
    // pg's pool.end() resolves before its sockets close; dropping the database at once would
    // send the closing connections an error nobody listens for.
    await sleep(500);
    await database.dispose();
  }
}

/** (a) at this size over many seeds, in memory: the spread of the estimates around the truth. */
function overSeeds(today: string) {
  const byType = new Map<string, TypeFit[]>();
  for (let seed = 1; seed <= SEEDS; seed++) {
    const fleet = generateFleet({ seed, today, ...FLEET });
    // The generated rows carry every column componentPredictions reads (ids, names, dates).
    for (const fit of fitAccuracy(fleet.rows as unknown as FleetRows, fleet.truth, today)) {
      byType.set(fit.component, [...(byType.get(fit.component) ?? []), fit]);
    }
  }
  const large = generateFleet({ seed: SEED, today, ...FLEET, devices: FLEET.devices * 10 });
  return { byType, large: fitAccuracy(large.rows as unknown as FleetRows, large.truth, today) };
}

const today = todayUtc();
console.log(
  `${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; seed ${SEED}; ${FLEET.devices} devices × ${FLEET.years} years to ${today}; ` +
    `median / p95 of ${RUNS} runs (ms)`,
);
const results = [];
for (const mode of MODES) {
  const database = mode === 'pglite' ? pgliteDatabase() : await postgresDatabase(POSTGRES_URL);
  if (!database) {
    console.log(`\nPostgreSQL does not answer at ${new URL(POSTGRES_URL).host}: skipped`);
    continue;
  }
  results.push(await measure(database, today));
}
const first = results[0]!;
const same = results.every(
  (r) => JSON.stringify([r.fits, r.backtests]) === JSON.stringify([first.fits, first.backtests]),
);

console.log(
  `\n(a) Fit accuracy, types with ≥ ${MIN_FAILURES} failures (rows read back from ${first.database}${same ? ', the same on every database' : ' — DIFFERENT ON ANOTHER DATABASE'})`,
);
const verdict = (e: number) => (Math.abs(e) <= TARGET_ERROR ? 'met' : 'MISSED');
console.log(
  table(
    [
      'component type',
      'failures',
      'censored',
      'β true',
      'β fitted',
      'error',
      'z',
      'η true',
      'η fitted',
      'error',
      'z',
      'within 10 %',
    ],
    first.fits.map((f) => [
      f.component,
      f.failures,
      f.censored,
      f.trueShape,
      f.shape.toFixed(3),
      signed(f.shapeError),
      f.shapeZ.toFixed(2),
      f.trueScale,
      f.scale.toFixed(1),
      signed(f.scaleError),
      f.scaleZ.toFixed(2),
      `β ${verdict(f.shapeError)}, η ${verdict(f.scaleError)}`,
    ]),
  ),
);

console.log(
  `\n(b) Backtest: fitted on the history before ${shift(today, -HORIZON_DAYS)}, predicting ${HORIZON_DAYS} days`,
);
console.log(
  table(
    [
      'threshold',
      'units flagged',
      'of which failed',
      'failures among units at risk',
      'precision',
      'recall',
    ],
    first.backtests.map(({ threshold, result: b }) =>
      b
        ? [
            pct(threshold),
            b.flagged,
            b.flaggedFailed,
            b.failures,
            pct(b.precision, 1),
            pct(b.recall, 1),
          ]
        : [pct(threshold), '—', '—', '—', 'no fit', 'no fit'],
    ),
  ),
);

console.log('\n(c) Speed, median / p95 (ms)');
console.log(
  table(
    [
      'database',
      'rows read',
      'predictions',
      'alerts',
      'figures (90 days)',
      'metric cards',
      'fleet status',
      'all',
      'GET /api/maintenance/metrics',
    ],
    results.map((r) => [
      r.database,
      ...STEPS.map((s) => fmt(r.speed[s])),
      fmt(r.speed.total),
      fmt(r.http.figures),
    ]),
  ),
);
const card = first.http.body as MaintenanceMetrics;
console.log(
  `GET /api/maintenance/metrics answered predictiveAccuracy ${pct(card.predictiveAccuracy, 1)} ` +
    `(its own backtest: ${card.backtest?.flagged} flagged at 50 % within ${card.backtest?.horizonDays} days, ` +
    `${card.backtest?.flaggedFailed} failed; recall ${pct(card.backtest?.recall ?? null, 1)}), ` +
    `criticalAlerts ${card.criticalAlerts}, predictedFailures ${card.predictedFailures}`,
);
for (const r of results) {
  const met = (f: Figures) => (f.p95Ms < TARGET_MS ? 'met' : 'MISSED');
  console.log(
    `${r.database}: all < ${TARGET_MS} ms ${met(r.speed.total)} (p95); GET metrics ${met(r.http.figures)} (p95)`,
  );
}

if (SEEDS > 0) {
  const { byType, large } = overSeeds(today);
  console.log(
    `\n(a) over seeds 1–${SEEDS} at the same size, in memory: fits with ≥ ${MIN_FAILURES} failures`,
  );
  const share = (fits: TypeFit[], test: (f: TypeFit) => boolean) =>
    pct(fits.filter(test).length / fits.length);
  const rms = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    table(
      [
        'component type',
        'fits',
        'median failures',
        'β within 10 %',
        'η within 10 %',
        'β mean error',
        'β RMS error',
        'η RMS error',
        'RMS z (β, η)',
        'truth in 90 % interval (β, η)',
      ],
      [...byType].map(([component, fits]) => [
        component,
        fits.length,
        fits.map((f) => f.failures).sort((a, b) => a - b)[Math.floor(fits.length / 2)]!,
        share(fits, (f) => Math.abs(f.shapeError) <= TARGET_ERROR),
        share(fits, (f) => Math.abs(f.scaleError) <= TARGET_ERROR),
        signed(mean(fits.map((f) => f.shapeError))),
        pct(rms(fits.map((f) => f.shapeError)), 1),
        pct(rms(fits.map((f) => f.scaleError)), 1),
        `${rms(fits.map((f) => f.shapeZ)).toFixed(2)}, ${rms(fits.map((f) => f.scaleZ)).toFixed(2)}`,
        `${share(fits, (f) => f.shapeCovered)}, ${share(fits, (f) => f.scaleCovered)}`,
      ]),
    ),
  );
  const all = [...byType.values()].flat();
  console.log(
    `all: ${all.length} fits; β within 10 % in ${share(all, (f) => Math.abs(f.shapeError) <= TARGET_ERROR)}, ` +
      `η in ${share(all, (f) => Math.abs(f.scaleError) <= TARGET_ERROR)}; truth inside the 90 % interval: ` +
      `β ${share(all, (f) => f.shapeCovered)}, η ${share(all, (f) => f.scaleCovered)}`,
  );
  console.log(
    `\n(a) one fleet ten times as large (${FLEET.devices * 10} devices, seed ${SEED}), in memory`,
  );
  console.log(
    table(
      ['component type', 'failures', 'β error', 'η error', 'within 10 %'],
      large.map((f) => [
        f.component,
        f.failures,
        signed(f.shapeError),
        signed(f.scaleError),
        `β ${verdict(f.shapeError)}, η ${verdict(f.scaleError)}`,
      ]),
    ),
  );
}
console.log(
  `\nload at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
