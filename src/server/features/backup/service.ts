import { desc, eq, sql } from 'drizzle-orm';
import { join } from 'node:path';
import { z } from 'zod';
import {
  backupSettings as settingsShape,
  type BackupRun,
  type BackupSettings,
} from '@shared/api/backup';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { backupRuns, systemSettings, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { invalid } from '../../http/errors';
import { defineJob, type JobDefinition, type JobLogger, type JobQueue } from '../../jobs/types';
import type { BlobStore } from '../../storage/blob-store';
import { notify, recordAudit } from '../activity/service';
import {
  assertWritableFolder,
  BackupError,
  pruneBackups,
  secretFilesOf,
  writeBackup,
} from './backup';

export { secretFilesOf, BackupError } from './backup';
export { restoreBackup } from './restore';

export const BACKUP_JOB = 'backup.run';
const SETTINGS_KEY = 'backup';
const HOUR = 3_600_000;

export function defaultBackupSettings(config: Config): BackupSettings {
  return {
    enabled: false,
    intervalHours: 24,
    retention: 7,
    folder: join(config.dataDir, 'backups'),
  };
}

export async function readBackupSettings(db: DbOrTx, config: Config): Promise<BackupSettings> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SETTINGS_KEY));
  const parsed = settingsShape.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultBackupSettings(config);
}

function present(row: typeof backupRuns.$inferSelect): BackupRun {
  return {
    id: row.id,
    trigger: row.trigger as BackupRun['trigger'],
    status: row.status as BackupRun['status'],
    folder: row.folder,
    name: row.name,
    tables: row.tables,
    rows: row.rows,
    files: row.files,
    bytes: row.bytes,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function backupOverview(db: Database, config: Config) {
  const settings = await readBackupSettings(db, config);
  const runs = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(10);
  return {
    settings,
    runs: runs.map(present),
    restoreCommand: 'DATA_DIR=<an empty data folder> npm run restore -- <backup folder>',
  };
}

export async function saveBackupSettings(db: Database, actor: Actor, settings: BackupSettings) {
  try {
    await assertWritableFolder(settings.folder);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    throw invalid(error.message, [{ path: 'folder', message: error.message }]);
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ key: SETTINGS_KEY, value: settings, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value: settings, updatedAt: new Date(), updatedBy: actor.userId },
      });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_backup_settings',
      details: settings,
    });
  });
  return settings;
}

export interface BackupDeps {
  db: Database;
  config: Config;
  blobs: BlobStore;
  log?: JobLogger;
}

/** Runs one backup row: writes it, prunes old ones, records the outcome; admins hear of a failure. */
export async function runBackup(deps: BackupDeps, runId: string) {
  const { db, config, blobs } = deps;
  const [run] = await db.select().from(backupRuns).where(eq(backupRuns.id, runId));
  if (!run || run.status !== 'running') return;
  const settings = await readBackupSettings(db, config);
  try {
    const taken = await writeBackup(db, blobs, run.folder, secretFilesOf(config));
    await pruneBackups(run.folder, settings.retention);
    await db
      .update(backupRuns)
      .set({
        status: 'completed',
        name: taken.name,
        tables: taken.tables,
        rows: taken.rows,
        files: taken.files,
        bytes: taken.bytes,
        finishedAt: new Date(),
      })
      .where(eq(backupRuns.id, runId));
    deps.log?.info({ runId, name: taken.name, bytes: taken.bytes }, 'backup written');
  } catch (error) {
    await failBackup(deps, runId, error instanceof Error ? error.message : String(error));
  }
}

async function failBackup(deps: BackupDeps, runId: string, message: string) {
  const [run] = await deps.db
    .update(backupRuns)
    .set({ status: 'failed', error: message.slice(0, 1000), finishedAt: new Date() })
    .where(eq(backupRuns.id, runId))
    .returning();
  deps.log?.error({ runId, error: message }, 'backup failed');
  if (!run?.startedBy) return;
  // Whoever asked, and the admins of their organization, are told; a scheduled run's failure
  // shows on the Admin Dashboard's backup card.
  const [starter] = await deps.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, run.startedBy));
  if (!starter) return;
  await notify(deps.db, {
    organizationId: starter.organizationId,
    kind: 'alert',
    // The reason is the failure's own message, as the log has it.
    text: (t) => ({ title: t('backupFailed.title'), body: message }),
    link: '/admin-dashboard',
    to: { userIds: [run.startedBy], roles: ['admin'] },
  });
}

export function backupJob(deps: BackupDeps): JobDefinition<{ runId: string }> {
  return defineJob<{ runId: string }>({
    name: BACKUP_JOB,
    payload: z.object({ runId: z.uuid() }),
    retries: 0,
    backoff: { delayMs: 60_000 },
    timeoutMs: 60 * 60_000,
    handler: ({ runId }) => runBackup(deps, runId),
    onFinalFailure: ({ runId }, failure) =>
      failBackup(deps, runId, `The backup stopped before it finished: ${failure.message}`),
  });
}

/** Starts a backup now (a job on a worker); answers the run. */
export async function startBackup(
  services: ScheduleServices,
  trigger: 'schedule' | 'manual',
  actor: Actor | null,
): Promise<BackupRun> {
  return services.db.transaction((tx) => insertRun(tx, services, trigger, actor));
}

async function insertRun(
  tx: DbOrTx,
  services: { db: Database; config: Config; jobs: JobQueue; job: JobDefinition<{ runId: string }> },
  trigger: 'schedule' | 'manual',
  actor: Actor | null,
): Promise<BackupRun> {
  const { jobs, job } = services;
  const settings = await readBackupSettings(tx, services.config);
  const [run] = await tx
    .insert(backupRuns)
    .values({ trigger, folder: settings.folder, startedBy: actor?.userId ?? null })
    .returning();
  await jobs.send(job, { runId: run!.id }, { tx });
  if (actor) {
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'start_backup',
      details: { folder: settings.folder },
    });
  }
  return present(run!);
}

type ScheduleServices = {
  db: Database;
  config: Config;
  jobs: JobQueue;
  job: JobDefinition<{ runId: string }>;
};

/** One look at the schedule: starts a backup when it is on and due; answers whether it did. */
export async function backupIfDue(services: ScheduleServices): Promise<boolean> {
  const settings = await readBackupSettings(services.db, services.config);
  if (!settings.enabled) return false;
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1420022)`);
    const [last] = await tx
      .select({ startedAt: backupRuns.startedAt })
      .from(backupRuns)
      .orderBy(desc(backupRuns.startedAt))
      .limit(1);
    if (last && Date.now() - last.startedAt.getTime() < settings.intervalHours * HOUR) return false;
    await insertRun(tx, services, 'schedule', null);
    return true;
  });
}

/**
 * Every few minutes, on processes that run jobs: a backup when the schedule is on and the last
 * one started longer ago than its interval. The check and the new run share one advisory lock,
 * so two nodes never start the same backup.
 */
export function startBackupSchedule(
  services: ScheduleServices,
  onError: (err: unknown) => void,
  everyMs = 5 * 60_000,
): () => void {
  const timer = setInterval(() => void backupIfDue(services).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
