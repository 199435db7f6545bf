import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import { TREND_PERIOD_DAYS, type StatTrend } from '@shared/api/records';
import type { DbOrTx } from '../../db/client';
import { ledgerLeaves, trainingEvents } from '../../db/schema';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const round1 = (n: number) => Math.round(n * 10) / 10;
const rate = (completed: number, due: number) =>
  due === 0 ? null : round1((completed / due) * 100);

interface Tally {
  total: number;
  due: number;
  completed: number;
}

function tallyQuery(db: DbOrTx, dueBy: string) {
  return db
    .select({
      total: count(),
      due: sql<number>`count(*) filter (where ${trainingEvents.eventDate} <= ${dueBy})`.mapWith(
        Number,
      ),
      completed:
        sql<number>`count(*) filter (where ${trainingEvents.eventDate} <= ${dueBy} and ${trainingEvents.status} = 'completed')`.mapWith(
          Number,
        ),
    })
    .from(trainingEvents);
}

/**
 * The records as they stood at `at`: rows untouched since then count with their current values;
 * rows edited since count with the version their ledger leaves held at that moment.
 */
async function tallyAt(db: DbOrTx, organizationId: string, at: Date): Promise<Tally> {
  const dueBy = utcDay(at);
  const inOrg = eq(trainingEvents.organizationId, organizationId);
  const [unchanged] = await tallyQuery(db, dueBy).where(
    and(inOrg, lte(trainingEvents.createdAt, at), lte(trainingEvents.updatedAt, at)),
  );
  const edited = await db
    .selectDistinctOn([ledgerLeaves.recordId], {
      data: sql<{ eventDate: string; status: string }>`(${ledgerLeaves.leaf}::jsonb)->'data'`,
    })
    .from(trainingEvents)
    .innerJoin(
      ledgerLeaves,
      and(
        eq(ledgerLeaves.organizationId, trainingEvents.organizationId),
        eq(ledgerLeaves.recordId, trainingEvents.id),
      ),
    )
    .where(
      and(
        inOrg,
        lte(trainingEvents.createdAt, at),
        gt(trainingEvents.updatedAt, at),
        // Leaves write recordedAt as ISO 8601 UTC with milliseconds, so text order is time order.
        sql`((${ledgerLeaves.leaf}::jsonb)->>'recordedAt') <= ${at.toISOString()}`,
      ),
    )
    .orderBy(ledgerLeaves.recordId, sql`${ledgerLeaves.version} desc`);
  const tally = {
    total: unchanged?.total ?? 0,
    due: unchanged?.due ?? 0,
    completed: unchanged?.completed ?? 0,
  };
  for (const { data } of edited) {
    tally.total++;
    if (data.eventDate <= dueBy) {
      tally.due++;
      if (data.status === 'completed') tally.completed++;
    }
  }
  return tally;
}

/**
 * Total Records and Compliance Rate with their trends. Compliance rate = completed events ÷
 * events due (dated today or earlier, UTC), as a percentage with one decimal; null when nothing
 * is due. See docs/ARCHITECTURE.md ('Dashboard figures').
 */
export async function recordFigures(db: DbOrTx, organizationId: string, now = new Date()) {
  const [current] = await tallyQuery(db, utcDay(now)).where(
    eq(trainingEvents.organizationId, organizationId),
  );
  const previous = await tallyAt(
    db,
    organizationId,
    new Date(now.getTime() - TREND_PERIOD_DAYS * 86_400_000),
  );
  const totalRecords = current?.total ?? 0;
  const complianceRate = rate(current?.completed ?? 0, current?.due ?? 0);
  const previousRate = rate(previous.completed, previous.due);
  const totalTrend: StatTrend = {
    previous: previous.total,
    change: totalRecords - previous.total,
    periodDays: TREND_PERIOD_DAYS,
  };
  const rateTrend: StatTrend = {
    previous: previousRate,
    change:
      complianceRate === null || previousRate === null
        ? null
        : round1(complianceRate - previousRate),
    periodDays: TREND_PERIOD_DAYS,
  };
  return {
    totalRecords,
    complianceRate,
    trends: { totalRecords: totalTrend, complianceRate: rateTrend },
  };
}
