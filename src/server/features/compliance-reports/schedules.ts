import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CreateScheduleRequest, ReportSchedule } from '@shared/api/reports';
import { can, type Role } from '@shared/constants/roles';
import type { Database, DbOrTx } from '../../db/client';
import { reports, reportSchedules, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { invalid, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/types';
import { actorOfUser } from '../../sessions/index';
import { notify, recordAudit } from '../activity/service';
import type { MailSender } from '../mail/service';
import type { reportJob } from './service';

type ScheduleRow = typeof reportSchedules.$inferSelect;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period a run at `now` covers, in UTC days: the seven days before today (weekly), or the
 * calendar month before this one (monthly); and when the next run is due (next week's same
 * weekday, the first of next month), at 06:00 UTC.
 */
export function schedulePeriod(frequency: string, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (frequency === 'weekly') {
    return {
      from: isoDay(today - 7 * DAY),
      to: isoDay(today - DAY),
      next: new Date(today + 7 * DAY + 6 * 3_600_000),
    };
  }
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return {
    from: isoDay(Date.UTC(y, m - 1, 1)),
    to: isoDay(Date.UTC(y, m, 1) - DAY),
    next: new Date(Date.UTC(y, m + 1, 1, 6)),
  };
}

function toSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: row.id,
    type: row.type as ReportSchedule['type'],
    format: row.format as ReportSchedule['format'],
    frequency: row.frequency as ReportSchedule['frequency'],
    scope: row.scope as ReportSchedule['scope'],
    recipientIds: row.recipientIds,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSchedules(db: Database, actor: Actor): Promise<ReportSchedule[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.organizationId, actor.organizationId))
    .orderBy(asc(reportSchedules.createdAt));
  return rows.map(toSchedule);
}

/** Recipients must be active members of the organization whose role may read reports. */
export async function createSchedule(
  db: Database,
  actor: Actor,
  input: CreateScheduleRequest,
  now = new Date(),
): Promise<ReportSchedule> {
  const ids = [...new Set(input.recipientIds)];
  const members = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.organizationId, actor.organizationId),
        inArray(users.id, ids),
        isNull(users.deactivatedAt),
      ),
    );
  const readers = new Set(
    members.filter((m) => can(m.role as Role, 'exportReports')).map((m) => m.id),
  );
  const refused = ids.filter((id) => !readers.has(id));
  if (refused.length > 0) {
    throw invalid('Every recipient must be an active member whose role may read reports', [
      {
        path: 'recipientIds',
        message: 'Every recipient must be an active member whose role may read reports',
      },
    ]);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportSchedules)
      .values({
        organizationId: actor.organizationId,
        createdBy: actor.userId,
        type: input.type,
        format: input.format,
        frequency: input.frequency,
        scope: input.scope,
        recipientIds: ids,
        nextRunAt: schedulePeriod(input.frequency, now).next,
      })
      .returning();
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'create_report_schedule',
      details: {
        scheduleId: row!.id,
        type: input.type,
        frequency: input.frequency,
        recipients: ids.length,
      },
    });
    return toSchedule(row!);
  });
}

export async function deleteSchedule(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reportSchedules)
      .where(
        and(eq(reportSchedules.organizationId, actor.organizationId), eq(reportSchedules.id, id)),
      )
      .returning();
    if (!row) throw notFound('Schedule');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'delete_report_schedule',
      details: { scheduleId: id, type: row.type, frequency: row.frequency },
    });
  });
}

export interface ScheduleQueue {
  jobs: JobQueue;
  job: ReturnType<typeof reportJob>;
}

/**
 * One look at the schedules: every one due gets its report requested (as its creator, for the
 * period before), and its next run set, under an advisory lock so two nodes never request the
 * same run. A schedule whose creator is gone is skipped and moved on, and its recipients told.
 */
export async function requestDueReports(db: Database, queue: ScheduleQueue, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1420031)`);
    const due = await tx.select().from(reportSchedules).where(lte(reportSchedules.nextRunAt, now));
    let requested = 0;
    for (const schedule of due) {
      const period = schedulePeriod(schedule.frequency, now);
      await tx
        .update(reportSchedules)
        .set({ nextRunAt: period.next, lastRunAt: now })
        .where(eq(reportSchedules.id, schedule.id));
      const actor = await actorOfUser(tx, schedule.createdBy);
      if (!actor || !can(actor.role, 'exportReports')) continue;
      const [report] = await tx
        .insert(reports)
        .values({
          organizationId: schedule.organizationId,
          requestedBy: schedule.createdBy,
          scheduleId: schedule.id,
          type: schedule.type,
          format: schedule.format,
          periodFrom: period.from,
          periodTo: period.to,
          scope: schedule.scope,
        })
        .returning();
      await queue.jobs.send(queue.job, { reportId: report!.id, actor: { ...actor } }, { tx });
      requested += 1;
    }
    return requested;
  });
}

/** Tells a scheduled report's recipients it is ready (in the report job's transaction). */
export async function announceScheduledReport(
  tx: DbOrTx,
  report: {
    id: string;
    organizationId: string;
    scheduleId: string | null;
    type: string;
    periodFrom: string;
    periodTo: string;
  },
  mail?: MailSender,
) {
  if (!report.scheduleId) return;
  const [schedule] = await tx
    .select({ recipientIds: reportSchedules.recipientIds })
    .from(reportSchedules)
    .where(eq(reportSchedules.id, report.scheduleId));
  if (!schedule) return;
  await notify(
    tx,
    {
      organizationId: report.organizationId,
      kind: 'audit',
      text: (t) => ({
        title: t('reportReady.title'),
        body: t('reportReady.body', {
          type: t(`reportReady.types.${report.type}`),
          from: report.periodFrom,
          to: report.periodTo,
        }),
      }),
      link: null,
      to: { userIds: schedule.recipientIds },
    },
    mail,
  );
}

/** Every few minutes, on processes that run jobs. */
export function startReportSchedule(
  db: Database,
  queue: ScheduleQueue,
  onError: (err: unknown) => void,
  everyMs = 5 * 60_000,
): () => void {
  const timer = setInterval(() => void requestDueReports(db, queue).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
