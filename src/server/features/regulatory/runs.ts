import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PART_142_SOURCE, type FetchRun } from '@shared/api/regulatory';
import type { DbOrTx } from '../../db/client';
import { regulationFetchRuns } from '../../db/schema';

/** Fetch runs of a regulation source: queued → running (with progress) → succeeded or failed. */

type RunRow = typeof regulationFetchRuns.$inferSelect;

export function toFetchRun(row: RunRow): FetchRun {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    progress: row.progress,
    message: row.message,
    versionsStored: row.versionsStored,
    changesFound: row.changesFound,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A queued or running run started less than this long ago is joined instead of starting another. */
const ACTIVE_RUN_MS = 30 * 60_000;

export async function activeRun(db: DbOrTx, source = PART_142_SOURCE): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(regulationFetchRuns)
    .where(
      and(
        eq(regulationFetchRuns.source, source),
        inArray(regulationFetchRuns.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(regulationFetchRuns.createdAt))
    .limit(1);
  if (!row || Date.now() - row.createdAt.getTime() > ACTIVE_RUN_MS) return null;
  return row;
}

export async function createRun(db: DbOrTx, requestedBy: string | null, source = PART_142_SOURCE) {
  const [row] = await db
    .insert(regulationFetchRuns)
    .values({ source, status: 'queued', requestedBy, message: 'Waiting to start' })
    .returning();
  return row!;
}

export async function markRunning(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(regulationFetchRuns)
    .set({ status: 'running', startedAt: new Date(), progress: 1, message: 'Starting' })
    .where(and(eq(regulationFetchRuns.id, id), eq(regulationFetchRuns.status, 'queued')))
    .returning({ id: regulationFetchRuns.id });
  return rows.length > 0;
}

export async function setProgress(db: DbOrTx, id: string, progress: number, message: string) {
  await db
    .update(regulationFetchRuns)
    .set({ progress: Math.max(1, Math.min(99, Math.round(progress))), message })
    .where(eq(regulationFetchRuns.id, id));
}

export async function succeedRun(
  db: DbOrTx,
  id: string,
  outcome: { message: string; versionsStored: number; changesFound: number },
) {
  await db
    .update(regulationFetchRuns)
    .set({ ...outcome, status: 'succeeded', progress: 100, finishedAt: new Date() })
    .where(eq(regulationFetchRuns.id, id));
}

export async function failRun(db: DbOrTx, id: string, message: string) {
  await db
    .update(regulationFetchRuns)
    .set({ status: 'failed', message, finishedAt: new Date() })
    .where(eq(regulationFetchRuns.id, id));
}

export async function latestRun(db: DbOrTx, source = PART_142_SOURCE): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(regulationFetchRuns)
    .where(eq(regulationFetchRuns.source, source))
    .orderBy(desc(regulationFetchRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** The newest finished run, and the newest that succeeded (when the source was last reached). */
export async function finishedRuns(db: DbOrTx, source = PART_142_SOURCE) {
  const [lastFinished] = await db
    .select()
    .from(regulationFetchRuns)
    .where(and(eq(regulationFetchRuns.source, source), isNotNull(regulationFetchRuns.finishedAt)))
    .orderBy(desc(regulationFetchRuns.finishedAt))
    .limit(1);
  const [lastSucceeded] = await db
    .select()
    .from(regulationFetchRuns)
    .where(and(eq(regulationFetchRuns.source, source), eq(regulationFetchRuns.status, 'succeeded')))
    .orderBy(desc(regulationFetchRuns.finishedAt))
    .limit(1);
  return { lastFinished: lastFinished ?? null, lastSucceeded: lastSucceeded ?? null };
}
