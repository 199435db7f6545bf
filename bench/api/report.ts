/** The printed table of `npm run bench:api`: one block per database mode and size. */
import type { describeDataset } from './dataset';
import type { BesideFigures, RouteFigures } from './load';

export interface RunFigures {
  mode: string;
  database: string;
  size: number;
  seedSeconds: number;
  /** Whether the planner had statistics (see BenchDatabase.settle). */
  statistics: string;
  server: string;
  serverBuiltAt: string | null;
  coldStartMs: number;
  /** Milliseconds from spawn to the answer of the first request that waits for the database. */
  databaseReadyMs: number;
  rssAfterStartMb: number | null;
  rssAfterLoadMb: number | null;
  totalRecords: number;
  searchMatches: number;
  /** `/api/health` at 5 connections while the last page is loaded (`healthBeside`). */
  healthBesideLastPage: BesideFigures;
  serverCrashed: boolean;
  dataset: ReturnType<typeof describeDataset>;
  routes: RouteFigures[];
  /** Mean of the bare route's requests/s at the start and the end of the run. */
  bareRequestsPerSecond: number;
}

const number = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';

/** Requests/s of a route as a share of the bare route's. */
export const ratioToBare = (route: RouteFigures, bare: number) =>
  bare > 0 ? route.requestsPerSecond / bare : NaN;

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printRun(run: RunFigures) {
  const d = run.dataset;
  console.log(
    `\n${run.database}, ${number(run.size)} training events (${number(d.trainees)} trainees, ` +
      `${(d.traineesWithSeveralEvents * 100).toFixed(0)}% with several; ${number(d.pending)} pending ` +
      `of which ${number(d.overdue)} overdue, ${number(d.failed)} failed); search matches ${number(run.searchMatches)}`,
  );
  console.log(
    `seeded in ${run.seedSeconds} s, ${run.statistics}; server ${run.server}` +
      (run.serverBuiltAt ? ` built ${run.serverBuiltAt.slice(11, 19)} UTC` : '') +
      `: cold start ${number(run.coldStartMs)} ms ` +
      `to /api/health, ${number(run.databaseReadyMs)} ms to a request that needs the database; ` +
      `RSS ${run.rssAfterStartMb ?? '?'} MB after start, ${run.rssAfterLoadMb ?? '?'} MB after the load` +
      (run.serverCrashed ? ' — THE SERVER DIED DURING THE LOAD' : ''),
  );
  const rows = run.routes.map((r) => [
    r.route,
    r.status ? String(r.status) : 'none',
    number(r.bytes / 1024, 1),
    number(r.aloneMs, 1),
    number(r.requestsPerSecond, r.requestsPerSecond < 10 ? 2 : 0),
    number(r.p50Ms),
    number(r.p99Ms),
    number(r.non2xx),
    number(r.errors) + (r.timeouts ? ` (${number(r.timeouts)} t/o)` : ''),
    `${(ratioToBare(r, run.bareRequestsPerSecond) * 100).toFixed(2)}%`,
    r.backlogSeconds >= 2 ? `${number(r.backlogSeconds, 1)} s` : '',
  ]);
  console.log(
    table(
      [
        'route',
        'status',
        'KB',
        'alone ms',
        'req/s',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        'of bare',
        'backlog',
      ],
      rows,
    ),
  );
}
