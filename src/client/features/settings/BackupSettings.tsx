import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  backupOverview,
  backupRun,
  backupSettings,
  type BackupRun,
  type BackupSettings as Settings,
} from '@shared/api/backup';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Switch } from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { applyServerError, FormError } from '../users/form-errors';

const BACKUP_KEY = ['/api/admin/backup'] as const;

function size(bytes: number | null, t: TFunction): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) {
    return t('backup.kilobytes', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
  }
  const megabytes = formatNumber(bytes / 1024 / 1024, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return t('backup.megabytes', { size: megabytes });
}

function RunLine({ run }: { run: BackupRun }) {
  const { t } = useTranslation('settings');
  const tone =
    run.status === 'failed' ? 'destructive' : run.status === 'running' ? 'secondary' : 'default';
  return (
    <li className="grid gap-0.5 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={tone}>
          {run.status === 'completed'
            ? t('backup.status.completed')
            : run.status === 'failed'
              ? t('backup.status.failed')
              : t('backup.status.running')}
        </Badge>
        <span>{formatDateTime(run.startedAt)}</span>
        <span className="text-muted-foreground">
          {run.trigger === 'schedule' ? t('backup.scheduled') : t('backup.byHand')}
        </span>
      </div>
      {run.status === 'completed' && (
        <p className="break-all text-xs text-muted-foreground">
          {t('backup.contents', {
            rows: run.rows === null ? '' : formatNumber(run.rows),
            tables: run.tables === null ? '' : formatNumber(run.tables),
            files: run.files === null ? '' : formatNumber(run.files),
            size: size(run.bytes, t),
          })}{' '}
          · {run.folder}/{run.name}
        </p>
      )}
      {run.error && <p className="text-xs text-destructive">{run.error}</p>}
    </li>
  );
}

/**
 * Backup Settings (admins): scheduled backups of the whole installation (database, stored files
 * and key files) to a folder of the server, how many to keep, a backup now, and how to restore.
 */
export function BackupSettings() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: BACKUP_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/backup', undefined, backupOverview),
    // A running backup is followed until it ends.
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === 'running') ? 2000 : false,
  });
  const form = useForm<Settings>({ resolver: zodResolver(backupSettings) });
  const data = overview.data;
  useEffect(() => {
    if (data && !form.formState.isDirty) form.reset(data.settings);
  }, [data, form]);
  const backUpNow = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/backup/run', {}, backupRun),
    onSuccess: () =>
      toast({ title: t('backup.started'), description: t('backup.startedDescription') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUP_KEY }),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest('PUT', '/api/admin/backup', values, backupSettings);
      form.reset(saved);
      await queryClient.invalidateQueries({ queryKey: BACKUP_KEY });
      toast({
        title: t('backup.saved'),
        description: saved.enabled
          ? t('backup.savedSchedule', {
              hours: saved.intervalHours,
              folder: saved.folder,
              retention: saved.retention,
            })
          : t('backup.savedOff'),
      });
    } catch (error) {
      applyServerError(form.setError, error, ['folder', 'intervalHours', 'retention']);
    }
  });

  return (
    <section aria-labelledby="backup-title" className="grid gap-4">
      <div className="flex gap-3">
        <DatabaseBackup aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <h4 id="backup-title" className="text-sm font-medium">
            {t('backup.title')}
          </h4>
          <p className="text-sm text-muted-foreground">{t('backup.description')}</p>
        </div>
      </div>
      {overview.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('backup.loadError')}
        </p>
      )}
      {data && (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="backup-enabled" className="text-sm">
              {t('backup.enabled')}
            </label>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="backup-enabled"
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="backup-interval"
              label={t('backup.interval')}
              type="number"
              min={1}
              max={168}
              error={errors.intervalHours?.message}
              registration={form.register('intervalHours', { valueAsNumber: true })}
            />
            <TextField
              id="backup-retention"
              label={t('backup.retention')}
              type="number"
              min={1}
              max={100}
              hint={t('backup.retentionHint')}
              error={errors.retention?.message}
              registration={form.register('retention', { valueAsNumber: true })}
            />
          </div>
          <TextField
            id="backup-folder"
            label={t('backup.folder')}
            hint={t('backup.folderHint')}
            error={errors.folder?.message}
            registration={form.register('folder')}
          />
          <FormError message={errors.root?.message} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? t('backup.saving') : t('backup.save')}
            </Button>
            {isDirty && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => form.reset(data.settings)}
              >
                {t('backup.cancel')}
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={backUpNow.isPending || data.runs.some((r) => r.status === 'running')}
              onClick={() => backUpNow.mutate()}
            >
              {t('backup.now')}
            </Button>
          </div>
        </form>
      )}
      {data && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t('backup.recent')}</p>
          {data.runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('backup.none')}</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {data.runs.map((run) => (
                <RunLine key={run.id} run={run} />
              ))}
            </ul>
          )}
          <p className="text-sm text-muted-foreground">
            {t('backup.restore')}{' '}
            <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {data.restoreCommand}
            </code>
          </p>
        </div>
      )}
    </section>
  );
}
