/**
 * `npm run bench:cluster`: what a cluster carries on this machine (figures in docs/PERFORMANCE.md
 * and docs/DEPLOYMENT.md). Needs the build, nginx, wrk and PostgreSQL (the local server).
 *
 * 1. Requests: for 1, 2 and 3 web nodes (and one worker) behind nginx, each on a fresh database
 *    seeded with 200 training records, wrk loads nginx with BENCH_CONNECTIONS connections for
 *    BENCH_DURATION seconds with bench/cluster-mix.lua (the list endpoints, and a CSV upload in
 *    every 20 requests). Reported: requests/s, p50 and p99, non-2xx answers and socket errors,
 *    the ratio to one node, requests/s per core, and each node's resident memory after the load.
 * 2. Documents: for 1 and 2 workers, BENCH_PAGES one-page scans uploaded at once; pages/s from
 *    the first upload to the last document settled.
 *
 * The machine is shared and has 2 cores that nginx, the nodes, PostgreSQL and wrk all use:
 * compare ratios within one run. BENCH_SAVE writes the figures as JSON.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster, type ClusterNode } from '../scripts/cluster';
import { CERTIFICATE_LINES, pngBytes } from '../src/server/test/documents/fixtures';
import { file, upload } from '../src/server/test/documents/http';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = Number(process.env.BENCH_PAGES ?? 16);
const WEB_COUNTS = (process.env.BENCH_WEB ?? '1,2,3').split(',').map(Number);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'admin@bench.test', password: 'bench admin passphrase' };
const PORT = 8600;

function databaseUrl(name: string) {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

const env = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_ORGANIZATION: 'Bench Training Center',
  LOGIN_RATE_LIMIT: '100000',
  LOG_LEVEL: 'warn',
};

/** Signs in; the session cookie to send. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

let serial = 0;
async function createRecord(url: string, cookie: string) {
  serial++;
  const res = await fetch(`${url}/api/training-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      studentName: `Bench Trainee ${serial}`,
      licenseNumber: `CPL-${4_000_000 + serial}`,
      course: 'CE-525 Initial Type Rating',
      eventType: 'Proficiency check',
      eventDate: new Date(Date.now() - (serial % 300) * 86_400_000).toISOString().slice(0, 10),
      status: 'completed',
      result: 'Satisfactory',
      instructor: 'Morgan Lee',
      evaluator: 'Sam Ortiz',
      remarks: null,
    }),
  });
  if (res.status !== 201) throw new Error(`record not created: ${res.status} ${await res.text()}`);
}

function rssMb(node: ClusterNode): number {
  const pid = node.process?.pid;
  if (!pid || node.process?.exitCode !== null) throw new Error(`${node.name} is not running`);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Milliseconds from wrk's "2.50ms", "1.20s", "850.00us". */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * factor;
}

function runWrk(url: string, cookie: string) {
  const out = execFileSync(
    'wrk',
    [
      '-t2',
      `-c${CONNECTIONS}`,
      `-d${DURATION}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      join(import.meta.dirname, 'cluster-mix.lua'),
      url,
    ],
    { encoding: 'utf8', env: { ...process.env, COOKIE: cookie } },
  );
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const total = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { requestsPerSecond, p50, p99, non2xx, errors, total };
}

async function seed(cluster: Cluster) {
  // A plan without a document limit: the mix uploads a few hundred documents.
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  await db.query(`update organizations set plan = 'enterprise'`);
  await db.end();
  const cookie = await signIn(cluster.url);
  for (let i = 0; i < 200; i++) await createRecord(cluster.url, cookie);
  return cookie;
}

async function requestFigures() {
  const rows = [];
  for (const web of WEB_COUNTS) {
    const cluster = await startCluster({
      databaseUrl: databaseUrl('centerline_bench_cluster'),
      fresh: true,
      port: PORT,
      web,
      workers: 1,
      env,
    });
    try {
      const cookie = await seed(cluster);
      // Warm-up: every node has planned its queries and filled its caches.
      runWrkQuiet(cluster.url, cookie);
      const figures = runWrk(cluster.url, cookie);
      rows.push({
        web,
        ...figures,
        memoryMb: {
          web: cluster.web.map(rssMb),
          worker: cluster.workers.map(rssMb),
        },
      });
      console.error(`${web} web node(s): ${JSON.stringify(rows.at(-1))}`);
    } finally {
      await cluster.stop();
    }
  }
  return rows;
}

function runWrkQuiet(url: string, cookie: string) {
  execFileSync(
    'wrk',
    ['-t1', '-c8', '-d3s', '-s', join(import.meta.dirname, 'cluster-mix.lua'), url],
    {
      env: { ...process.env, COOKIE: cookie },
      stdio: 'ignore',
    },
  );
}

async function pageFigures() {
  const rows = [];
  const scans = await Promise.all(
    Array.from({ length: PAGES }, (_, i) =>
      pngBytes(
        CERTIFICATE_LINES.map((l) => l.replace('Jordan Avery Pilot', `Trainee Number ${i + 1}`)),
      ),
    ),
  );
  for (const workers of WORKER_COUNTS) {
    const url = databaseUrl('centerline_bench_pages');
    const cluster = await startCluster({
      databaseUrl: url,
      fresh: true,
      port: PORT,
      web: 1,
      workers,
      env,
    });
    const db = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const cookie = await signIn(cluster.url);
      const started = performance.now();
      const ids: string[] = [];
      for (const [i, bytes] of scans.entries()) {
        const res = await upload(cluster.url, cookie, [file(`scan-${i}.png`, bytes)]);
        if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
        ids.push(res.body.id as string);
      }
      for (;;) {
        const { rows: busy } = await db.query(
          `select 1 from documents where id = any($1::uuid[]) and status in ('uploaded', 'processing')`,
          [ids],
        );
        if (busy.length === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        workers,
        pages: PAGES,
        seconds: Number(seconds.toFixed(1)),
        pagesPerSecond: Number((PAGES / seconds).toFixed(2)),
        workerMemoryMb: cluster.workers.map(rssMb),
      });
      console.error(`${workers} worker(s): ${JSON.stringify(rows.at(-1))}`);
    } finally {
      await db.end();
      await cluster.stop();
    }
  }
  return rows;
}

const cores = cpus().length;
const requests = await requestFigures();
const pages = await pageFigures();
const one = requests.find((r) => r.web === 1)?.requestsPerSecond ?? NaN;
console.log(`\nCluster on ${cores} cores, ${CONNECTIONS} connections, ${DURATION} s per run\n`);
console.log(
  '| web nodes | requests/s | × one node | per core | p50 ms | p99 ms | non-2xx | errors | RSS per web node MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of requests) {
  console.log(
    `| ${r.web} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / one).toFixed(2)} | ${(r.requestsPerSecond / cores).toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.non2xx} | ${r.errors} | ${r.memoryMb.web.join(', ')} |`,
  );
}
console.log('\n| workers | pages | seconds | pages/s | pages/min per core | RSS per worker MB |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const p of pages) {
  console.log(
    `| ${p.workers} | ${p.pages} | ${p.seconds} | ${p.pagesPerSecond} | ${((p.pagesPerSecond * 60) / cores).toFixed(1)} | ${p.workerMemoryMb.join(', ')} |`,
  );
}
if (process.env.BENCH_SAVE) {
  writeFileSync(process.env.BENCH_SAVE, JSON.stringify({ cores, requests, pages }, null, 2));
}
process.exit(0);
