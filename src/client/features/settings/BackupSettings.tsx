import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { formatDateTime } from '../../lib/format';
import { applyServerError, FormError } from '../users/form-errors';

const BACKUP_KEY = ['/api/admin/backup'] as const;

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function RunLine({ run }: { run: BackupRun }) {
  const tone =
    run.status === 'failed' ? 'destructive' : run.status === 'running' ? 'secondary' : 'default';
  return (
    <li className="grid gap-0.5 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={tone}>
          {run.status === 'completed'
            ? 'Completed'
            : run.status === 'failed'
              ? 'Failed'
              : 'Running…'}
        </Badge>
        <span>{formatDateTime(run.startedAt)}</span>
        <span className="text-muted-foreground">
          {run.trigger === 'schedule' ? 'scheduled' : 'started by hand'}
        </span>
      </div>
      {run.status === 'completed' && (
        <p className="break-all text-xs text-muted-foreground">
          {run.rows?.toLocaleString()} rows of {run.tables} tables, {run.files} stored files,{' '}
          {size(run.bytes)} · {run.folder}/{run.name}
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
      toast({ title: 'Backup started', description: 'It is listed below when it ends.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUP_KEY }),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest('PUT', '/api/admin/backup', values, backupSettings);
      form.reset(saved);
      await queryClient.invalidateQueries({ queryKey: BACKUP_KEY });
      toast({
        title: 'Backup settings saved',
        description: saved.enabled
          ? `Every ${saved.intervalHours} hours to ${saved.folder}, the newest ${saved.retention} kept.`
          : 'Scheduled backups are off.',
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
            Backup Settings
          </h4>
          <p className="text-sm text-muted-foreground">
            The whole installation (every organization&rsquo;s records, the stored files, the ledger
            and its key files) copied to a folder on the server.
          </p>
        </div>
      </div>
      {overview.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load the backup settings. Reload the page to try again.
        </p>
      )}
      {data && (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="backup-enabled" className="text-sm">
              Scheduled backups
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
              label="Every (hours)"
              type="number"
              min={1}
              max={168}
              error={errors.intervalHours?.message}
              registration={form.register('intervalHours', { valueAsNumber: true })}
            />
            <TextField
              id="backup-retention"
              label="Backups kept"
              type="number"
              min={1}
              max={100}
              hint="Older ones are removed after each backup."
              error={errors.retention?.message}
              registration={form.register('retention', { valueAsNumber: true })}
            />
          </div>
          <TextField
            id="backup-folder"
            label="Folder on the server"
            hint="An absolute path this server can write to; keep it on another disk than the data."
            error={errors.folder?.message}
            registration={form.register('folder')}
          />
          <FormError message={errors.root?.message} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save backup settings'}
            </Button>
            {isDirty && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => form.reset(data.settings)}
              >
                Cancel
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={backUpNow.isPending || data.runs.some((r) => r.status === 'running')}
              onClick={() => backUpNow.mutate()}
            >
              Back up now
            </Button>
          </div>
        </form>
      )}
      {data && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Recent backups</p>
          {data.runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No backup has been taken yet.</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {data.runs.map((run) => (
                <RunLine key={run.id} run={run} />
              ))}
            </ul>
          )}
          <p className="text-sm text-muted-foreground">
            To restore, stop the server and run, on the server:{' '}
            <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {data.restoreCommand}
            </code>
          </p>
        </div>
      )}
    </section>
  );
}
