import {
  CheckCircle2,
  CornerDownRight,
  Link2,
  ListTree,
  Plus,
  RefreshCw,
  TriangleAlert,
} from 'lucide-react';
import { useState } from 'react';
import type { LinkStatus } from '@shared/api/links';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Progress } from '../../components/ui/misc';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../features/auth/use-auth';
import { AlertList } from '../../features/links/AlertList';
import { LinkFormDialog } from '../../features/links/LinkFormDialog';
import { LinkHistoryDialog } from '../../features/links/LinkHistoryDialog';
import { LinkStatusTable } from '../../features/links/LinkStatusTable';
import {
  isRunning,
  useCheckRun,
  useDeleteLink,
  useLinkAlerts,
  useLinks,
  useStartChecks,
} from '../../features/links/use-links';
import { StatCard } from '../../features/placeholders/StatCard';
import { ApiError } from '../../lib/api';

function errorText(error: unknown) {
  return error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
}

export default function LinkMonitor() {
  const { can } = useAuth();
  const canManage = can('manageOrganization');
  const canOperate = can('manageDocuments');
  const links = useLinks();
  const alerts = useLinkAlerts('open');
  const start = useStartChecks();
  const remove = useDeleteLink();
  const [startedRunId, setStartedRunId] = useState<string | null>(null);
  const latest = links.data?.latestRun ?? null;
  // A run started here, or one still going when the screen opened (another tab, the schedule).
  const runId = startedRunId ?? (isRunning(latest) ? latest!.id : null);
  const run = useCheckRun(runId);
  const checking = start.isPending || isRunning(run.data);
  const [editing, setEditing] = useState<LinkStatus | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<LinkStatus | null>(null);
  const [historyOf, setHistoryOf] = useState<LinkStatus | null>(null);

  const totals = links.data?.totals ?? null;
  const refresh = () =>
    start.mutate(undefined, {
      onSuccess: (started) => setStartedRunId(started.id),
      onError: (error) =>
        toast({
          title: 'Checks did not start',
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Link deleted', description: deleting.name });
        setDeleting(null);
      },
      onError: (error) =>
        toast({
          title: 'The link was not deleted',
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  };

  return (
    // min-w-0 on the grid's items: the status table scrolls inside its card on narrow screens.
    <div className="grid gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">
          Each link is fetched on its schedule from this server: status code, redirects, response
          time, certificate expiry and the page&apos;s readable text, compared with the last check.
        </p>
        <div className="flex items-center gap-2">
          {canManage && (
            <Button
              variant="outline"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus aria-hidden /> Add Link
            </Button>
          )}
          {canOperate && (
            <Button onClick={refresh} disabled={checking || (links.data?.links.length ?? 0) === 0}>
              {checking ? <Spinner label="Checking" /> : <RefreshCw aria-hidden />}
              Refresh Status
            </Button>
          )}
        </div>
      </div>

      {run.data && (isRunning(run.data) || startedRunId) && (
        <div role="status" aria-live="polite" className="grid gap-2 rounded-lg border bg-card p-4">
          <p className="text-sm font-medium">
            {isRunning(run.data)
              ? `Checking links: ${run.data.done} of ${run.data.total} done`
              : run.data.status === 'failed'
                ? (run.data.message ?? 'The check stopped')
                : (run.data.message ?? 'All links checked')}
          </p>
          <Progress
            label="Link check progress"
            value={run.data.total ? (run.data.done / run.data.total) * 100 : 100}
          />
        </div>
      )}

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total" icon={Link2} value={totals?.total ?? null} hint="Links monitored" />
        <StatCard
          label="Active"
          icon={CheckCircle2}
          value={totals?.active ?? null}
          hint="Answering as before"
        />
        <StatCard
          label="Issues"
          icon={TriangleAlert}
          value={totals?.issues ?? null}
          hint="Broken, changed or alerted"
        />
        <StatCard
          label="Redirects"
          icon={CornerDownRight}
          value={totals?.redirects ?? null}
          hint="Moved to a new address"
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Active Alerts</CardTitle>
          <CardDescription>
            Broken links, redirects and changed content that need a look.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {alerts.isPending ? (
            <Spinner label="Loading alerts" />
          ) : alerts.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Alerts could not be loaded: {errorText(alerts.error)}
            </p>
          ) : (
            <AlertList alerts={alerts.data.alerts} canResolve={canOperate} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Link Status Overview</CardTitle>
          <CardDescription>Every monitored link with its latest check.</CardDescription>
        </CardHeader>
        <CardContent>
          {links.isPending ? (
            <Spinner label="Loading links" />
          ) : links.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Links could not be loaded: {errorText(links.error)}
            </p>
          ) : links.data.links.length === 0 ? (
            <EmptyState icon={ListTree} title="No links monitored">
              Add the regulatory pages your manuals and checklist cite.
            </EmptyState>
          ) : (
            <LinkStatusTable
              links={links.data.links}
              canManage={canManage}
              onEdit={(link) => {
                setEditing(link);
                setFormOpen(true);
              }}
              onDelete={setDeleting}
              onHistory={setHistoryOf}
            />
          )}
        </CardContent>
      </Card>

      <LinkFormDialog open={formOpen} link={editing} onOpenChange={setFormOpen} />
      <LinkHistoryDialog link={historyOf} onOpenChange={(open) => !open && setHistoryOf(null)} />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this link?</DialogTitle>
            <DialogDescription>
              {deleting?.name} is no longer checked; its history and alerts are deleted with it.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
