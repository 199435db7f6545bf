import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/misc';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../dashboard/QueryError';
import type { useRefreshRegulations } from './use-regulatory';
import { wholePercent } from './regulatory';
import { isRunActive, useLatestRun } from './use-regulatory';

type RefreshMutation = ReturnType<typeof useRefreshRegulations>;

/** Refresh: starts a fetch of the regulation text; disabled while one runs. */
export function RefreshButton({ refresh }: { refresh: RefreshMutation }) {
  const { t } = useTranslation('regulatory');
  const latest = useLatestRun();
  const active = isRunActive(latest.data?.run);
  return (
    <Button
      variant="outline"
      onClick={() => refresh.mutate()}
      disabled={active || refresh.isPending}
    >
      <RefreshCw aria-hidden className={active ? 'animate-spin' : undefined} />
      {active ? t('refresh.refreshing') : t('refresh.refresh')}
    </Button>
  );
}

/** The latest fetch: progress while it runs, the reason when it failed. */
export function RunStatus({ refresh }: { refresh: RefreshMutation }) {
  const { t } = useTranslation('regulatory');
  const latest = useLatestRun();
  const run = latest.data?.run;

  if (refresh.isError) {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      >
        {t('refresh.notStarted', { reason: errorText(refresh.error) })}
      </p>
    );
  }
  if (!run) return null;
  if (isRunActive(run)) {
    return (
      <div role="status" className="grid gap-2 rounded-md border bg-card p-3 text-sm">
        <div className="flex justify-between gap-3">
          <span>
            {run.message ??
              (run.status === 'queued' ? t('refresh.waiting') : t('refresh.fetching'))}
          </span>
          <span className="tabular-nums text-muted-foreground">{wholePercent(run.progress)}</span>
        </div>
        <Progress value={run.progress} label={t('refresh.progress')} />
      </div>
    );
  }
  if (run.status === 'failed') {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      >
        {run.finishedAt
          ? t('refresh.failedAt', {
              date: formatDateTime(run.finishedAt),
              reason: run.message ?? t('refresh.noReason'),
            })
          : t('refresh.failed', { reason: run.message ?? t('refresh.noReason') })}
      </p>
    );
  }
  const versions = t('refresh.versions', { count: run.versionsStored });
  const changes = t('refresh.changes', { count: run.changesFound });
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {run.finishedAt
        ? t('refresh.doneAt', { date: formatDateTime(run.finishedAt), versions, changes })
        : t('refresh.done', { versions, changes })}
    </p>
  );
}
