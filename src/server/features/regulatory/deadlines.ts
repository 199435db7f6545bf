import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { regulatoryAlerts, trainingEvents } from '../../db/schema';

/*
 * Compliance deadlines computed from the organization's own records, raised as alerts on a
 * schedule and whenever the alerts are read:
 * - 14 CFR 142.73(c)(1): trainee records are kept for at least 1 year after the training,
 *   testing or checking ends. A record whose year ends within 60 days is flagged (one alert per
 *   end date), so nobody disposes of it early and its archiving is planned.
 * - 14 CFR 142.73(a)(6) and (a)(7): a failed practical test or check is recorded with the extra
 *   training after it; a failed event with no later completed event of the same type for the same
 *   trainee stays open. When the pass arrives, the open alert is closed by the data.
 */

export const RETENTION_WINDOW_DAYS = 60;
export const RETENTION_CITATION = '14 CFR 142.73(c)(1)';
export const RECHECK_CITATION = '14 CFR 142.73(a)(7)';

const later = alias(trainingEvents, 'later');

function retentionEnd() {
  return sql<string>`to_char(${trainingEvents.eventDate} + interval '1 year', 'YYYY-MM-DD')`;
}

/** A completed event of the same type for the same trainee on or after the failed one. */
const recheck = (db: DbOrTx) =>
  sql`exists (${db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.organizationId, trainingEvents.organizationId),
        eq(later.status, 'completed'),
        eq(later.eventTypeKey, trainingEvents.eventTypeKey),
        sql`${later.eventDate} >= ${trainingEvents.eventDate}`,
        sql`(case when ${later.traineeLicenseKey} is not null and ${trainingEvents.traineeLicenseKey} is not null
          then ${later.traineeLicenseKey} = ${trainingEvents.traineeLicenseKey}
          else ${later.traineeNameKey} = ${trainingEvents.traineeNameKey} end)`,
      ),
    )})`;

export async function computeDeadlineAlerts(
  db: DbOrTx,
  organizationId: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const end = retentionEnd();
  const due = await db
    .select({ id: trainingEvents.id, end })
    .from(trainingEvents)
    .where(
      and(
        eq(trainingEvents.organizationId, organizationId),
        ne(trainingEvents.status, 'pending'),
        sql`${trainingEvents.eventDate} + interval '1 year' >= ${today}::date`,
        sql`${trainingEvents.eventDate} + interval '1 year' <= ${today}::date + ${RETENTION_WINDOW_DAYS}::int`,
      ),
    );
  const byEnd = new Map<string, string[]>();
  for (const r of due) byEnd.set(r.end, [...(byEnd.get(r.end) ?? []), r.id]);
  for (const [date, ids] of byEnd) {
    const n = ids.length;
    const values = {
      organizationId,
      type: 'compliance-deadline' as const,
      severity: 'info' as const,
      title: `${n} training record${n === 1 ? '' : 's'} reach${n === 1 ? 'es' : ''} the end of the retention period on ${date}`,
      description: `${RETENTION_CITATION} requires trainee records to be kept for at least 1 year after the training, testing or checking ends. ${n === 1 ? 'This record was' : 'These records were'} made a year before ${date}; keep ${n === 1 ? 'it' : 'them'} until then, and archive ${n === 1 ? 'it' : 'them'} under your retention policy before any disposal.`,
      source: 'record-retention',
      regulation: RETENTION_CITATION,
      recordIds: ids.sort(),
      actionItems: [
        `Keep the record${n === 1 ? '' : 's'} until at least ${date}`,
        'Archive or export the records before disposing of them under your retention policy',
      ],
      dueDate: date,
      dedupeKey: `retention:${date}`,
    };
    // Records added later with the same end date join the alert while it is open.
    await db
      .insert(regulatoryAlerts)
      .values(values)
      .onConflictDoUpdate({
        target: [regulatoryAlerts.organizationId, regulatoryAlerts.dedupeKey],
        set: { recordIds: values.recordIds, title: values.title, description: values.description },
        setWhere: isNull(regulatoryAlerts.acknowledgedAt),
      });
  }

  const failed = await db
    .select({
      id: trainingEvents.id,
      studentName: trainingEvents.studentName,
      eventType: trainingEvents.eventType,
      eventDate: trainingEvents.eventDate,
      passed: sql<boolean>`${recheck(db)}`,
    })
    .from(trainingEvents)
    .where(
      and(eq(trainingEvents.organizationId, organizationId), eq(trainingEvents.status, 'failed')),
    );
  for (const f of failed.filter((r) => !r.passed)) {
    await db
      .insert(regulatoryAlerts)
      .values({
        organizationId,
        type: 'compliance-deadline',
        severity: 'warning',
        title: `${f.studentName}: failed ${f.eventType} on ${f.eventDate} has no later pass`,
        description: `${f.studentName} failed the ${f.eventType} on ${f.eventDate} and no later completed ${f.eventType} is recorded. ${RECHECK_CITATION} requires the record to show the additional training given after a failed practical test, and (a)(6) the date and result of the test that follows.`,
        source: 'practical-test',
        regulation: RECHECK_CITATION,
        recordIds: [f.id],
        actionItems: [
          'Record the additional training given after the failed test',
          `Schedule and record the re-test of ${f.studentName}`,
        ],
        dedupeKey: `recheck:${f.id}`,
      })
      .onConflictDoNothing();
  }
  const passedIds = failed.filter((r) => r.passed).map((r) => `recheck:${r.id}`);
  if (passedIds.length) {
    // The clock stopped: the pass is recorded. Closed by the data, so no person is named.
    await db
      .update(regulatoryAlerts)
      .set({ acknowledgedAt: new Date() })
      .where(
        and(
          eq(regulatoryAlerts.organizationId, organizationId),
          inArray(regulatoryAlerts.dedupeKey, passedIds),
          isNull(regulatoryAlerts.acknowledgedAt),
        ),
      );
  }
}
