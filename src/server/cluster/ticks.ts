import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Claims this period of a piece of periodic work for this node: true for exactly one of the
 * nodes that ask while the last claim is at least `periodMs` old (one upsert, atomic on the
 * primary key). A node that dies mid-period costs one period; the next claim is anyone's.
 */
export async function claimTick(
  db: Database,
  name: string,
  periodMs: number,
  holder: string,
): Promise<boolean> {
  const result = (await db.execute(
    sql`insert into scheduler_ticks (name, last_run_at, holder) values (${name}, now(), ${holder})
        on conflict (name) do update set last_run_at = now(), holder = excluded.holder
        where scheduler_ticks.last_run_at <= now() - make_interval(secs => ${periodMs / 1000})
        returning name`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

/**
 * A timer whose every period runs on one node only. The claim is a little shorter than the
 * period, so the node that ran the last period is not refused its next tick by timer drift.
 */
export function everyPeriodOnOneNode(
  db: Database,
  name: string,
  periodMs: number,
  holder: string,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await claimTick(db, name, periodMs * 0.9, holder)) await work();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick().catch(onError), periodMs);
  timer.unref();
  return () => clearInterval(timer);
}
