import { ArrowRight, ShieldCheck } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ComplianceAlert } from '@shared/api/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { t as appT } from '../../i18n/app';
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { QueryError } from './QueryError';
import { useComplianceAlerts } from './use-dashboard-views';

const SHOWN_PER_ALERT = 3;

export function alertTitle(
  alert: Pick<ComplianceAlert, 'id' | 'count'>,
  t: TFunction = appT,
): string {
  return alert.id === 'failed-awaiting-recheck'
    ? t('dashboard:alerts.failedAwaitingRecheck', { count: alert.count })
    : t('dashboard:alerts.pendingPastDate', { count: alert.count });
}

/**
 * Alerts the server computes over all of the training events the user may see: failed checks
 * awaiting a re-check, pending events past their date (today in the browser's time zone).
 */
export function ComplianceAlerts() {
  const { t } = useTranslation('dashboard');
  const query = useComplianceAlerts();
  const alerts = query.data?.alerts ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('alerts.title')}</CardTitle>
        <CardDescription>{t('alerts.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('alerts.loading')} />
          </div>
        ) : query.isError ? (
          <QueryError error={query.error} what={t('alerts.what')} />
        ) : alerts.length === 0 ? (
          <EmptyState icon={ShieldCheck} title={t('alerts.emptyTitle')} className="py-6">
            {t('alerts.emptyText')}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {alerts.map((alert) => {
              const high = alert.severity === 'high';
              const shown = alert.events.slice(0, SHOWN_PER_ALERT);
              const rest = alert.count - shown.length;
              return (
                <li
                  key={alert.id}
                  className={cn(
                    'rounded-md border-l-4 p-3',
                    high ? 'border-l-red-600 bg-red-50' : 'border-l-amber-500 bg-amber-50',
                  )}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-sm font-medium">{alertTitle(alert, t)}</p>
                    <Badge variant={high ? 'destructive' : 'warning'}>
                      {high ? t('alerts.high') : t('alerts.medium')}
                    </Badge>
                  </div>
                  <ul className="mt-1.5 grid gap-0.5 text-xs text-muted-foreground">
                    {shown.map((event) => (
                      <li key={event.id} className="break-words">
                        {event.studentName} · {event.eventType} · {formatDate(event.eventDate)}
                      </li>
                    ))}
                    {rest > 0 && <li>{t('alerts.more', { count: rest })}</li>}
                  </ul>
                  <Link
                    to={alert.link}
                    className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
                  >
                    {t('alerts.view')} <ArrowRight aria-hidden className="size-3" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
