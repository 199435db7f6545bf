import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/misc';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../dashboard/QueryError';
import type { useRefreshRegulations } from './use-regulatory';
import { isRunActive, useLatestRun } from './use-regulatory';

type RefreshMutation = ReturnType<typeof useRefreshRegulations>;

/** Refresh: starts a fetch of the regulation text; disabled while one runs. */
export function RefreshButton({ refresh }: { refresh: RefreshMutation }) {
  const latest = useLatestRun();
  const active = isRunActive(latest.data?.run);
  return (
    <Button
      variant="outline"
      onClick={() => refresh.mutate()}
      disabled={active || refresh.isPending}
    >
      <RefreshCw aria-hidden className={active ? 'animate-spin' : undefined} />
      {active ? 'Refreshing…' : 'Refresh'}
    </Button>
  );
}

/** The latest fetch: progress while it runs, the reason when it failed. */
export function RunStatus({ refresh }: { refresh: RefreshMutation }) {
  const latest = useLatestRun();
  const run = latest.data?.run;

  if (refresh.isError) {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      >
        The fetch could not be started. {errorText(refresh.error)}
      </p>
    );
  }
  if (!run) return null;
  if (isRunActive(run)) {
    return (
      <div role="status" className="grid gap-2 rounded-md border bg-card p-3 text-sm">
        <div className="flex justify-between gap-3">
          <span>
            {run.message ?? (run.status === 'queued' ? 'Waiting to start…' : 'Fetching…')}
          </span>
          <span className="tabular-nums text-muted-foreground">{run.progress}%</span>
        </div>
        <Progress value={run.progress} label="Fetch progress" />
      </div>
    );
  }
  if (run.status === 'failed') {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      >
        The last fetch{run.finishedAt ? ` (${formatDateTime(run.finishedAt)})` : ''} failed:{' '}
        {run.message ?? 'no reason given'}. The stored text is unchanged.
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Last fetch{run.finishedAt ? ` ${formatDateTime(run.finishedAt)}` : ''}: {run.versionsStored}{' '}
      {run.versionsStored === 1 ? 'version' : 'versions'} stored, {run.changesFound}{' '}
      {run.changesFound === 1 ? 'change' : 'changes'} found.
    </p>
  );
}
