import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MAINTENANCE_SEVERITIES,
  PREDICTION_HORIZONS_DAYS,
  type MaintenanceAlert,
  type MaintenanceSeverity,
} from '@shared/api/maintenance-insight';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { withReadableDates } from '../../lib/format';
import { cn } from '../../lib/utils';
import { QueryError } from '../dashboard/QueryError';
import { useSearchParam } from '../placeholders/use-search-param';
import { probability, SeverityBadge } from './badges';
import { useMaintenanceAlerts } from './use-fleet';

const FILTERS = ['all', ...MAINTENANCE_SEVERITIES] as const;
type Filter = (typeof FILTERS)[number];

/**
 * `timeToFailure` is a remaining life or the time to a limit or a due date; say which (the
 * catalogue's `alerts.time.<kind>`, the time to failure for the other kinds).
 */
const TIMED_KINDS: readonly MaintenanceAlert['kind'][] = ['life_limit', 'maintenance_due'];

const rank = (s: MaintenanceSeverity) => MAINTENANCE_SEVERITIES.indexOf(s);

function AlertItem({ alert }: { alert: MaintenanceAlert }) {
  const { t } = useTranslation('fleet');
  const timeKind = TIMED_KINDS.includes(alert.kind) ? alert.kind : 'failure';
  return (
    <li>
      <Card>
        <CardContent className="grid gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={alert.severity} />
            <Link
              to={`/fleet-insight/devices/${alert.deviceId}`}
              className="font-medium hover:underline"
            >
              {alert.aircraftId}
            </Link>
            {alert.component && (
              <span className="text-sm text-muted-foreground">· {alert.component}</span>
            )}
            {alert.paragraph && (
              <span className="ml-auto text-xs text-muted-foreground">
                14 CFR {alert.paragraph}
              </span>
            )}
          </div>
          <p className="text-sm">{withReadableDates(alert.prediction)}</p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {alert.confidence !== null && (
              <>
                <dt className="text-muted-foreground">
                  {t('alerts.probabilityWithin', { days: PREDICTION_HORIZONS_DAYS[0] })}
                </dt>
                <dd className="font-medium tabular-nums">{probability(alert.confidence)}</dd>
              </>
            )}
            {alert.timeToFailure && (
              <>
                <dt className="text-muted-foreground">{t(`alerts.time.${timeKind}`)}</dt>
                <dd>{withReadableDates(alert.timeToFailure)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('alerts.recommendedAction')}</dt>
            <dd>{withReadableDates(alert.recommendedAction)}</dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            {t('alerts.basis', { basis: withReadableDates(alert.basis) })}
          </p>
        </CardContent>
      </Card>
    </li>
  );
}

export function AlertsTab() {
  const { t } = useTranslation('fleet');
  const alerts = useMaintenanceAlerts();
  const [filter, setFilter] = useSearchParam<Filter>('severity', 'all', FILTERS);

  if (alerts.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('alerts.loading')} />
      </div>
    );
  }
  if (alerts.isError) return <QueryError error={alerts.error} what={t('alerts.what')} />;

  const all = [...alerts.data.alerts].sort((a, b) => rank(a.severity) - rank(b.severity));
  const count = (f: Filter) =>
    f === 'all' ? all.length : all.filter((a) => a.severity === f).length;
  const shown = filter === 'all' ? all : all.filter((a) => a.severity === filter);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="group" aria-label={t('alerts.filterLabel')} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            type="button"
            size="sm"
            variant={filter === f ? 'default' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f === 'all' ? t('alerts.all') : t(`alertSeverity.${f}`)}
            <span
              className={cn(
                'rounded-full px-1.5 tabular-nums',
                filter === f ? 'bg-white/20' : 'bg-foreground/10',
              )}
            >
              {count(f)}
            </span>
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <Card>
          <CardContent className="p-5">
            <EmptyState
              icon={BellOff}
              title={filter === 'all' ? t('alerts.empty.all') : t('alerts.empty.severity')}
            >
              {t('alerts.empty.body')}
            </EmptyState>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label={t('alerts.listLabel')} className="grid gap-3">
          {shown.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </div>
  );
}
