import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CreateReportRequest,
  Report,
  ReportManifest,
  ReportTreeHead,
} from '@shared/api/reports';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { defineJob, type JobLogger, type JobQueue } from '../../jobs/types';
import { datesFor } from '../../reports/reader-dates';
import type { BlobStore } from '../../storage/blob-store';
import { sha256Of } from '../../storage/blob-store';
import { recordAudit } from '../activity/service';
import { ledgerAnchor, verifyLedger, type LedgerSigning } from '../ledger/service';
import type { MailSender } from '../mail/service';
import { buildContent } from './content';
import { announceScheduledReport } from './schedules';

export {
  createSchedule,
  deleteSchedule,
  listSchedules,
  requestDueReports,
  startReportSchedule,
} from './schedules';
import { reportPdf, reportXlsx } from './render';

export const REPORT_JOB = 'reports.generate';

/** Shown when generation failed for a reason of ours; the details go to the log. */
export const REPORT_FAILED_MESSAGE =
  'The report could not be generated. Try again; if it fails again, contact support.';

type ReportRow = typeof reports.$inferSelect;

const MIME = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function reportFileName(
  row: Pick<ReportRow, 'type' | 'format' | 'periodFrom' | 'periodTo'>,
) {
  return `centerline-${row.type}-report-${row.periodFrom}-to-${row.periodTo}.${row.format}`;
}

export function toReport(row: ReportRow): Report {
  const manifest = row.manifest as ReportManifest | null;
  return {
    id: row.id,
    type: row.type as Report['type'],
    format: row.format as Report['format'],
    from: row.periodFrom,
    to: row.periodTo,
    scope: row.scope as Report['scope'],
    status: row.status as Report['status'],
    progress: row.progress,
    error: row.error,
    sha256: row.sha256,
    sizeBytes: row.sizeBytes,
    treeHead: manifest?.treeHead ?? null,
    fileName: reportFileName(row),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function reportsOf(db: Database, organizationId: string) {
  const inOrg = eq(reports.organizationId, organizationId);
  return {
    find: async (id: string) => {
      const [row] = await db
        .select()
        .from(reports)
        .where(and(inOrg, eq(reports.id, id)));
      return row;
    },
    list: () => db.select().from(reports).where(inOrg).orderBy(desc(reports.createdAt)).limit(100),
    update: (id: string, values: Partial<typeof reports.$inferInsert>) =>
      db
        .update(reports)
        .set(values)
        .where(and(inOrg, eq(reports.id, id))),
  };
}

/**
 * Who asked, as the job needs them: the report is computed with that person's view of the data,
 * in their language, timezone and date format, at the time they asked.
 */
const actorSnapshot = z
  .object({ userId: z.uuid(), organizationId: z.uuid(), authenticatedAt: z.coerce.date() })
  .passthrough();
export const reportPayload = z.object({ reportId: z.uuid(), actor: actorSnapshot });
export type ReportPayload = z.infer<typeof reportPayload>;

export interface ReportJobDeps {
  db: Database;
  blobs: BlobStore;
  signing: LedgerSigning;
  log?: JobLogger;
  /** E-mail for the notice of a scheduled report (left out: the bell only). */
  mail?: MailSender;
}

export async function generateReport(deps: ReportJobDeps, payload: ReportPayload) {
  const { db, blobs, signing } = deps;
  const actor = payload.actor as unknown as Actor;
  const repo = reportsOf(db, actor.organizationId);
  const row = await repo.find(payload.reportId);
  if (!row || row.status === 'completed') return;
  await repo.update(row.id, { status: 'running', progress: 1, error: null });
  const progress = async (percent: number) => {
    await repo.update(row.id, { progress: Math.max(1, percent) });
  };

  const anchor = await ledgerAnchor(db, signing, actor.organizationId);
  const treeHead: ReportTreeHead = {
    origin: anchor.origin,
    treeSize: anchor.treeSize,
    rootHash: anchor.rootHash,
    checkpoint: anchor.checkpoint,
    vkey: anchor.vkey,
    publicKeyHex: anchor.publicKeyHex,
    fingerprint: anchor.fingerprint,
  };
  const verification =
    row.type === 'audit' ? await verifyLedger(db, actor.organizationId) : undefined;
  const generatedAt = new Date();
  const input = {
    organizationId: actor.organizationId,
    from: row.periodFrom,
    to: row.periodTo,
    scope: row.scope as Report['scope'],
  };
  const content = await buildContent(
    row.type as Report['type'],
    { db, actor, input, ledger: { head: treeHead, verification } },
    { dates: datesFor(actor), generatedAt },
  );
  const bytes =
    row.format === 'pdf' ? await reportPdf(content, progress) : await reportXlsx(content, progress);
  const stored = await blobs.putBytes(bytes);
  const manifest: ReportManifest = {
    format: 'centerline-report-manifest/v1',
    reportId: row.id,
    organizationId: actor.organizationId,
    organizationName: actor.organizationName,
    type: row.type as Report['type'],
    fileFormat: row.format as Report['format'],
    fileName: reportFileName(row),
    period: { from: row.periodFrom, to: row.periodTo },
    scope: input.scope,
    generatedAt: generatedAt.toISOString(),
    sha256: sha256Of(bytes),
    sizeBytes: bytes.length,
    treeHead,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(reports)
      .set({
        status: 'completed',
        progress: 100,
        sha256: stored.sha256,
        sizeBytes: stored.size,
        treeSize: treeHead.treeSize,
        manifest,
        completedAt: new Date(),
      })
      .where(eq(reports.id, row.id));
    await announceScheduledReport(tx, row, deps.mail);
  });
}

export function reportJob(deps: ReportJobDeps) {
  return defineJob<ReportPayload>({
    name: REPORT_JOB,
    payload: reportPayload,
    handler: (payload) => generateReport(deps, payload),
    retries: 1,
    backoff: { delayMs: 5_000 },
    timeoutMs: 30 * 60_000,
    async onFinalFailure(payload, failure) {
      deps.log?.error({ reportId: payload.reportId, error: failure.message }, 'report failed');
      await reportsOf(deps.db, payload.actor.organizationId).update(payload.reportId, {
        status: 'failed',
        error: REPORT_FAILED_MESSAGE,
      });
    },
  });
}

export async function requestReport(
  db: Database,
  actor: Actor,
  input: CreateReportRequest,
  queue: { jobs: JobQueue; job: ReturnType<typeof reportJob> },
): Promise<Report> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reports)
      .values({
        organizationId: actor.organizationId,
        requestedBy: actor.userId,
        type: input.type,
        format: input.format,
        periodFrom: input.from,
        periodTo: input.to,
        scope: input.scope,
      })
      .returning();
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'request_report',
      details: {
        reportId: created!.id,
        type: input.type,
        format: input.format,
        from: input.from,
        to: input.to,
        scope: input.scope,
      },
    });
    await queue.jobs.send(queue.job, { reportId: created!.id, actor: { ...actor } }, { tx });
    return created!;
  });
  return toReport(row);
}

export async function getReport(db: Database, actor: Actor, id: string): Promise<Report> {
  const row = await reportsOf(db, actor.organizationId).find(id);
  if (!row) throw notFound('Report');
  return toReport(row);
}

export async function listReports(db: Database, actor: Actor): Promise<Report[]> {
  return (await reportsOf(db, actor.organizationId).list()).map(toReport);
}

/** The stored file of a completed report, with what to call it. */
export async function reportFile(db: Database, blobs: BlobStore, actor: Actor, id: string) {
  const row = await reportsOf(db, actor.organizationId).find(id);
  if (!row) throw notFound('Report');
  if (row.status !== 'completed' || !row.sha256) {
    throw conflict('This report is not ready yet: wait until its status is completed');
  }
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'download_report',
    details: { reportId: row.id, sha256: row.sha256 },
  });
  return {
    stream: await blobs.openRead(row.sha256),
    fileName: reportFileName(row),
    mimeType: MIME[row.format as keyof typeof MIME],
    manifest: row.manifest as ReportManifest,
  };
}

export async function reportManifestOf(db: Database, actor: Actor, id: string) {
  const row = await reportsOf(db, actor.organizationId).find(id);
  if (!row) throw notFound('Report');
  if (row.status !== 'completed' || !row.manifest) {
    throw conflict('This report is not ready yet: wait until its status is completed');
  }
  return row.manifest as ReportManifest;
}
