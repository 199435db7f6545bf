import {
  CheckCircle2,
  CornerDownRight,
  Link2,
  ListTree,
  Plus,
  RefreshCw,
  TriangleAlert,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '../../lib/format';
import { HelpLink } from '../../features/support/HelpLink';

function errorText(t: TFunction, error: unknown) {
  return error instanceof ApiError ? error.userMessage : t('links:page.connection');
}

export default function LinkMonitor() {
  const { t } = useTranslation('links');
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
          title: t('page.notStarted'),
          description: errorText(t, error),
          variant: 'destructive',
        }),
    });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t('page.deleted'), description: deleting.name });
        setDeleting(null);
      },
      onError: (error) =>
        toast({
          title: t('page.notDeleted'),
          description: errorText(t, error),
          variant: 'destructive',
        }),
    });
  };

  return (
    // min-w-0 on the grid's items: the status table scrolls inside its card on narrow screens.
    <div className="grid gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{t('page.intro')}</p>
        <div className="flex items-center gap-2">
          {canManage && (
            <Button
              variant="outline"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus aria-hidden /> {t('page.addLink')}
            </Button>
          )}
          {canOperate && (
            <Button onClick={refresh} disabled={checking || (links.data?.links.length ?? 0) === 0}>
              {checking ? <Spinner label={t('page.checking')} /> : <RefreshCw aria-hidden />}
              {t('page.refresh')}
            </Button>
          )}
        </div>
      </div>

      {run.data && (isRunning(run.data) || startedRunId) && (
        <div role="status" aria-live="polite" className="grid gap-2 rounded-lg border bg-card p-4">
          <p className="text-sm font-medium">
            {isRunning(run.data)
              ? t('page.progress', {
                  done: formatNumber(run.data.done),
                  total: formatNumber(run.data.total),
                })
              : run.data.status === 'failed'
                ? (run.data.message ?? t('page.stopped'))
                : (run.data.message ?? t('page.allChecked'))}
          </p>
          <Progress
            label={t('page.progressLabel')}
            value={run.data.total ? (run.data.done / run.data.total) * 100 : 100}
          />
        </div>
      )}

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label={t('page.total')}
          icon={Link2}
          value={totals ? formatNumber(totals.total) : null}
          hint={t('page.totalHint')}
        />
        <StatCard
          label={t('page.active')}
          icon={CheckCircle2}
          value={totals ? formatNumber(totals.active) : null}
          hint={t('page.activeHint')}
        />
        <StatCard
          label={t('page.issues')}
          icon={TriangleAlert}
          value={totals ? formatNumber(totals.issues) : null}
          hint={t('page.issuesHint')}
        />
        <StatCard
          label={t('page.redirects')}
          icon={CornerDownRight}
          value={totals ? formatNumber(totals.redirects) : null}
          hint={t('page.redirectsHint')}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('page.alertsTitle')}</CardTitle>
          <CardDescription>{t('page.alertsDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {alerts.isPending ? (
            <Spinner label={t('page.loadingAlerts')} />
          ) : alerts.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('page.alertsFailed', { reason: errorText(t, alerts.error) })}
            </p>
          ) : (
            <AlertList alerts={alerts.data.alerts} canResolve={canOperate} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('page.overviewTitle')}</CardTitle>
          <CardDescription>{t('page.overviewDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {links.isPending ? (
            <Spinner label={t('page.loadingLinks')} />
          ) : links.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('page.linksFailed', { reason: errorText(t, links.error) })}
            </p>
          ) : links.data.links.length === 0 ? (
            <EmptyState icon={ListTree} title={t('page.emptyTitle')}>
              {t('page.emptyBody')}
              <HelpLink article="regulatory-link-monitor" />
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
            <DialogTitle>{t('page.deleteTitle')}</DialogTitle>
            <DialogDescription>
              {t('page.deleteDescription', { name: deleting?.name ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('page.cancel')}
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {t('page.delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
