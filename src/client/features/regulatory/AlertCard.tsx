import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RegulatoryAlert } from '@shared/api/regulatory';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { errorText } from '../dashboard/QueryError';
import { AlertLinks } from './alert-links';
import { AlertDetailsDialog, alertTypeLabel } from './AlertDetailsDialog';
import { SEVERITY_BADGES } from './regulatory';
import { useAcknowledgeAlert } from './use-regulatory';

/** One alert; unacknowledged ones carry a red left border (spec §2). */
export function AlertCard({ alert }: { alert: RegulatoryAlert }) {
  const { t } = useTranslation('regulatory');
  const acknowledge = useAcknowledgeAlert();
  const onAcknowledge = () =>
    acknowledge.mutate(alert.id, {
      onSuccess: () => toast({ title: t('alert.acknowledged'), description: alert.title }),
      onError: (error) =>
        toast({
          title: t('alert.notAcknowledged'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  const headingId = `alert-${alert.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cn(!alert.acknowledged && 'border-l-4 border-l-red-600')}
    >
      <CardContent className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={SEVERITY_BADGES[alert.severity]} className="capitalize">
                {t(`severity.${alert.severity}`)}
              </Badge>
              <Badge variant="outline">{alertTypeLabel(t, alert)}</Badge>
              {alert.regulation && (
                <span className="text-xs text-muted-foreground">{alert.regulation}</span>
              )}
            </div>
            <h3 id={headingId} className="font-semibold">
              {alert.title}
            </h3>
            <p className="text-sm text-muted-foreground">{alert.description}</p>
          </div>
          <div className="flex shrink-0 gap-2">
            <AlertDetailsDialog alert={alert} />
            {!alert.acknowledged && (
              <Button size="sm" onClick={onAcknowledge} disabled={acknowledge.isPending}>
                <Check aria-hidden />
                {acknowledge.isPending ? t('alert.acknowledging') : t('alert.acknowledge')}
                <span className="sr-only">: {alert.title}</span>
              </Button>
            )}
          </div>
        </div>
        <AlertLinks alert={alert} />
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>
            {alert.dueDate ? t('alert.due', { date: formatDate(alert.dueDate) }) : t('alert.noDue')}
          </span>
          <span>{t('alert.created', { date: formatDateTime(alert.createdAt) })}</span>
          {alert.acknowledged && (
            <span className="text-green-800">
              {alert.acknowledgedAt
                ? t('alert.acknowledgedByOn', {
                    name: alert.acknowledgedBy?.name ?? t('alert.formerUser'),
                    date: formatDateTime(alert.acknowledgedAt),
                  })
                : t('alert.acknowledgedBy', {
                    name: alert.acknowledgedBy?.name ?? t('alert.formerUser'),
                  })}
            </span>
          )}
        </p>
      </CardContent>
    </Card>
  );
}
