import { CheckCircle2, CornerDownRight, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LinkAlert } from '@shared/api/links';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { DiffView } from './DiffView';
import { relativeTime, SEVERITY_VARIANTS } from './links';
import { useResolveAlert } from './use-links';

function AlertItem({ alert, canResolve }: { alert: LinkAlert; canResolve: boolean }) {
  const { t } = useTranslation('links');
  const resolve = useResolveAlert();
  const onResolve = () =>
    resolve.mutate(alert.id, {
      onSuccess: () => toast({ title: t('alerts.resolved'), description: alert.message }),
      onError: (error) =>
        toast({
          title: t('alerts.notResolved'),
          description: error instanceof ApiError ? error.userMessage : t('alerts.connection'),
          variant: 'destructive',
        }),
    });
  const headingId = `link-alert-${alert.id}`;
  return (
    <li aria-labelledby={headingId} className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={SEVERITY_VARIANTS[alert.severity]} className="capitalize">
              {t(`severity.${alert.severity}`)}
            </Badge>
            <h3 id={headingId} className="text-sm font-semibold">
              {t(`alertType.${alert.alertType}`)}
            </h3>
          </div>
          <p className="text-sm">{alert.message}</p>
          <p className="text-xs text-muted-foreground">
            <a
              href={alert.url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 break-all underline-offset-2 hover:underline"
              title={alert.url}
            >
              {alert.linkName}
              <ExternalLink aria-hidden className="size-3" />
            </a>
            {' · '}
            <time dateTime={alert.detectedAt} title={formatDateTime(alert.detectedAt)}>
              {t('alerts.detected', { when: relativeTime(alert.detectedAt) })}
            </time>
          </p>
        </div>
        {canResolve && (
          <Button
            size="sm"
            variant="outline"
            onClick={onResolve}
            disabled={resolve.isPending}
            aria-describedby={headingId}
          >
            {resolve.isPending ? (
              <Spinner label={t('alerts.resolving')} />
            ) : (
              <CheckCircle2 aria-hidden />
            )}
            {t('alerts.markResolved')}
          </Button>
        )}
      </div>
      {alert.newUrl && (
        <p className="flex flex-wrap items-center gap-x-1 text-sm">
          <CornerDownRight aria-hidden className="size-4 text-muted-foreground" />
          <span className="whitespace-nowrap text-muted-foreground">{t('alerts.newAddress')}</span>
          <a
            href={alert.newUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all text-primary hover:underline"
          >
            {alert.newUrl}
          </a>
        </p>
      )}
      {alert.diff && (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t('alerts.whatChanged')}</p>
          <DiffView diff={alert.diff} />
        </div>
      )}
      {alert.suggestedAction && (
        <p className="text-xs text-muted-foreground">{alert.suggestedAction}</p>
      )}
    </li>
  );
}

export function AlertList({ alerts, canResolve }: { alerts: LinkAlert[]; canResolve: boolean }) {
  const { t } = useTranslation('links');
  if (alerts.length === 0) {
    // Spec §8.
    return <EmptyState icon={CheckCircle2} title={t('alerts.none')} />;
  }
  return (
    <ul className="grid gap-3" aria-label={t('alerts.list')}>
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} canResolve={canResolve} />
      ))}
    </ul>
  );
}
