import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { SupportStatus } from '@shared/api/support';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/types';
import { LANGUAGE_DATA_DIR } from '../documents/service';

/** A job still waiting this long after it was due means no worker is taking jobs. */
const STUCK_MINUTES = 15;
/** Below this much free space (or 5 % of the disk) uploads and reports may start to fail. */
const MIN_FREE_BYTES = 1024 ** 3;

type Check = SupportStatus['checks'][number];

async function database(db: Database): Promise<Check> {
  const began = performance.now();
  try {
    await db.execute(sql`select 1`);
    return {
      id: 'database',
      ok: true,
      detail: `answered in ${Math.round(performance.now() - began)} ms`,
    };
  } catch (error) {
    return { id: 'database', ok: false, detail: `no answer: ${(error as Error).message}` };
  }
}

async function jobs(db: Database, queue: JobQueue): Promise<Check> {
  try {
    const result =
      queue.kind === 'pg-boss'
        ? await db.execute(sql`
            select count(*)::int as n from pgboss.job
            where state in ('created', 'retry') and start_after < now() - make_interval(mins => ${STUCK_MINUTES})`)
        : await db.execute(sql`
            select count(*)::int as n from jobs
            where status = 'queued' and run_at < now() - make_interval(mins => ${STUCK_MINUTES})`);
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return {
      id: 'jobs',
      ok: n === 0,
      detail: `${n} job${n === 1 ? '' : 's'} waiting more than ${STUCK_MINUTES} min (${queue.kind} queue)`,
    };
  } catch (error) {
    return { id: 'jobs', ok: false, detail: `queue unreadable: ${(error as Error).message}` };
  }
}

function ocr(workers: number): Check {
  const data = join(LANGUAGE_DATA_DIR, 'eng.traineddata.gz');
  const present = existsSync(data) || existsSync(join(LANGUAGE_DATA_DIR, 'eng.traineddata'));
  return {
    id: 'ocr',
    ok: present && workers > 0,
    detail: present
      ? `${workers} worker${workers === 1 ? '' : 's'}, English language data installed`
      : 'the English language data is missing',
  };
}

async function disk(dataDir: string): Promise<Check> {
  try {
    const s = await statfs(dataDir);
    const free = s.bavail * s.bsize;
    const total = s.blocks * s.bsize;
    const ok = free >= MIN_FREE_BYTES && free / total >= 0.05;
    return {
      id: 'disk',
      ok,
      detail: `${(free / 1024 ** 3).toFixed(1)} GB free of ${(total / 1024 ** 3).toFixed(1)} GB`,
    };
  } catch (error) {
    return { id: 'disk', ok: false, detail: `data folder unreadable: ${(error as Error).message}` };
  }
}

/** The Support Center's status line: "operational" only when every check passes now. */
export async function supportStatus(deps: {
  db: Database;
  jobs: JobQueue;
  ocrWorkers: number;
  dataDir: string;
}): Promise<SupportStatus> {
  const checks = await Promise.all([
    database(deps.db),
    jobs(deps.db, deps.jobs),
    Promise.resolve(ocr(deps.ocrWorkers)),
    disk(deps.dataDir),
  ]);
  return { operational: checks.every((c) => c.ok), checkedAt: new Date().toISOString(), checks };
}
