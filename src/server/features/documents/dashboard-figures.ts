import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { TREND_PERIOD_DAYS, type StatTrend } from '@shared/api/records';
import type { Database, DbOrTx } from '../../db/client';
import { documents, extractedFields } from '../../db/schema';
import { awaitingValidation } from './repository';

const round1 = (n: number) => Math.round(n * 10) / 10;
const share = (part: number, whole: number) => (whole === 0 ? null : round1((part / whole) * 100));

/** Processed documents with a field nobody has validated yet: `awaitingValidation`. */
async function pendingNow(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        isNull(documents.deletedAt),
        awaitingValidation,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The same count as it stood at `at`, from the timestamps: processed by then, not yet validated
 * then, not deleted then, with a field that existed then and was still unvalidated then.
 */
async function pendingAt(db: DbOrTx, organizationId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        sql`${documents.processedAt} <= ${at}`,
        sql`(${documents.validatedAt} is null or ${documents.validatedAt} > ${at})`,
        sql`(${documents.deletedAt} is null or ${documents.deletedAt} > ${at})`,
        sql`exists (select 1 from ${extractedFields} f where f.document_id = ${documents.id}
          and f.created_at <= ${at} and (f.validated_at is null or f.validated_at > ${at}))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Of the extracted fields people had validated (by `at`, or ever when `at` is absent), how many,
 * and how many were accepted exactly as extracted. Fields of deleted documents do not count.
 */
async function validatedFields(db: DbOrTx, organizationId: string, at?: Date) {
  const [row] = await db
    .select({
      validated: count(),
      accepted:
        sql<number>`count(*) filter (where ${extractedFields.validatedValue} = ${extractedFields.extractedValue})`.mapWith(
          Number,
        ),
    })
    .from(extractedFields)
    .innerJoin(documents, eq(documents.id, extractedFields.documentId))
    .where(
      and(
        eq(extractedFields.organizationId, organizationId),
        at ? sql`${extractedFields.validatedAt} <= ${at}` : isNotNull(extractedFields.validatedAt),
        at
          ? sql`(${documents.deletedAt} is null or ${documents.deletedAt} > ${at})`
          : isNull(documents.deletedAt),
      ),
    );
  return { validated: row?.validated ?? 0, accepted: row?.accepted ?? 0 };
}

/**
 * Pending Reviews and AI Accuracy, each with its trend: the figure now against the same figure
 * as it stood TREND_PERIOD_DAYS ago, recomputed from the stored timestamps (see
 * docs/ARCHITECTURE.md, 'Dashboard figures').
 */
export async function documentFigures(db: Database, organizationId: string, now = new Date()) {
  const then = new Date(now.getTime() - TREND_PERIOD_DAYS * 86_400_000);
  const [pendingReviews, pendingThen, fieldsNow, fieldsThen] = await Promise.all([
    pendingNow(db, organizationId),
    pendingAt(db, organizationId, then),
    validatedFields(db, organizationId),
    validatedFields(db, organizationId, then),
  ]);
  const aiAccuracy = share(fieldsNow.accepted, fieldsNow.validated);
  const accuracyThen = share(fieldsThen.accepted, fieldsThen.validated);
  const pendingTrend: StatTrend = {
    previous: pendingThen,
    change: pendingReviews - pendingThen,
    periodDays: TREND_PERIOD_DAYS,
  };
  const accuracyTrend: StatTrend = {
    previous: accuracyThen,
    change: aiAccuracy === null || accuracyThen === null ? null : round1(aiAccuracy - accuracyThen),
    periodDays: TREND_PERIOD_DAYS,
  };
  return {
    pendingReviews,
    aiAccuracy,
    trends: { pendingReviews: pendingTrend, aiAccuracy: accuracyTrend },
  };
}
