import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { instructorDeadlines } from '../instructors/service';
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
  await instructorAlerts(db, organizationId, today);
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

const INSTRUCTOR_WORDS = {
  overdue: 'is overdue',
  due_soon: 'falls due',
  not_eligible: 'has never been recorded',
} as const;

/**
 * One alert per instructor requirement that is not current (14 CFR 142.47 and 142.53, the
 * paragraph each requirement names), keyed by its due date so a new cycle raises a new alert.
 * Alerts of requirements that have become current are closed by the data. Returns nothing.
 */
async function instructorAlerts(db: DbOrTx, organizationId: string, today: string) {
  const deadlines = await instructorDeadlines(db, organizationId, today);
  const open = new Set<string>();
  for (const d of deadlines) {
    const dedupeKey = `instructor:${d.instructorId}:${d.requirement}:${d.nextDue ?? 'never'}`;
    open.add(dedupeKey);
    await db
      .insert(regulatoryAlerts)
      .values({
        organizationId,
        type: 'compliance-deadline',
        severity: d.status === 'overdue' ? 'critical' : 'warning',
        title: `${d.name}: ${d.label} ${INSTRUCTOR_WORDS[d.status]}${d.nextDue && d.status !== 'not_eligible' ? ` (due ${d.nextDue})` : ''}`,
        description: `${d.reason}. 14 CFR ${d.paragraph} decides this requirement; 142.73(b) asks for the record that shows it is met.`,
        source: 'instructor-file',
        regulation: `14 CFR ${d.paragraph}`,
        actionItems: [
          `Record ${d.label.toLowerCase()} for ${d.name} with its evidence in the instructor file`,
        ],
        dueDate: d.nextDue,
        dedupeKey,
      })
      .onConflictDoNothing();
  }
  // Requirements met since: their open alerts close, no person named.
  const stale = await db
    .select({ id: regulatoryAlerts.id, key: regulatoryAlerts.dedupeKey })
    .from(regulatoryAlerts)
    .where(
      and(
        eq(regulatoryAlerts.organizationId, organizationId),
        eq(regulatoryAlerts.source, 'instructor-file'),
        isNull(regulatoryAlerts.acknowledgedAt),
      ),
    );
  const closed = stale.filter((a) => !open.has(a.key)).map((a) => a.id);
  if (closed.length) {
    await db
      .update(regulatoryAlerts)
      .set({ acknowledgedAt: new Date() })
      .where(inArray(regulatoryAlerts.id, closed));
  }
}
