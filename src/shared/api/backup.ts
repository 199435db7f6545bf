import { z } from 'zod';

/** Admin Dashboard / Settings → Backup Settings: scheduled backups of the installation. */
export const backupSettings = z.object({
  enabled: z.boolean(),
  intervalHours: z
    .number()
    .int()
    .min(1, 'At least every hour')
    .max(24 * 7, 'At most every 7 days (168 hours)'),
  retention: z.number().int().min(1, 'Keep at least 1 backup').max(100, 'Keep at most 100 backups'),
  folder: z
    .string()
    .trim()
    .min(1, 'Enter the folder backups go to')
    .max(500)
    .refine((v) => v.startsWith('/'), {
      message: 'Enter an absolute path, such as /var/backups/centerline',
    }),
});
export type BackupSettings = z.infer<typeof backupSettings>;

export const backupRun = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'completed', 'failed']),
  folder: z.string(),
  name: z.string().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  files: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupOverview = z.object({
  settings: backupSettings,
  runs: z.array(backupRun),
  /** The command that restores a backup (into an empty installation). */
  restoreCommand: z.string(),
});
export type BackupOverview = z.infer<typeof backupOverview>;
