import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DeviceDetail } from '@shared/api/maintenance';
import {
  PREDICTION_HORIZONS_DAYS,
  type ComponentPrediction,
  type FleetAircraft,
} from '@shared/api/maintenance-insight';
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
import { formatDate } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { chanceWithin, ComponentModelCard, days } from './ComponentModelCard';
import { fixed } from './figure-format';
import { useDevices, usePredictions } from './use-fleet';

const FIRST = PREDICTION_HORIZONS_DAYS[0];
const pFirst = (list: readonly { days: number; p: number }[]) =>
  list.find((x) => x.days === FIRST)?.p ?? 0;

/** Every installed unit of a fitted type, most likely to fail first. */
export function unitsToPlan(predictions: readonly ComponentPrediction[]) {
  return predictions
    .filter((p) => p.model)
    .flatMap((p) => p.units.map((unit) => ({ component: p.component, unit })))
    .sort((a, b) => pFirst(b.unit.probabilityWithin) - pFirst(a.unit.probabilityWithin));
}

/** Scheduled items with a due date or hours, overdue first, then by date. */
export function maintenanceDue(devices: readonly DeviceDetail[]) {
  return devices
    .flatMap((device) => device.maintenance.map((item) => ({ device, item })))
    .filter(({ item }) => item.dueAt !== null || item.dueHours !== null)
    .sort(
      (a, b) =>
        Number(b.item.overdue) - Number(a.item.overdue) ||
        (a.item.dueAt ?? '9999').localeCompare(b.item.dueAt ?? '9999'),
    );
}

function PlanUnits({ predictions }: { predictions: readonly ComponentPrediction[] }) {
  const { t } = useTranslation('fleet');
  const rows = unitsToPlan(predictions);
  if (rows.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('optimization.units.none')}</p>;
  }
  return (
    <ol aria-label={t('optimization.units.label')} className="grid gap-2">
      {rows.map(({ component, unit }) => (
        <li
          key={unit.componentId}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm"
        >
          <span className="min-w-0">
            <span className="font-medium">{component}</span>
            {unit.serialNumber && (
              <span className="text-muted-foreground"> {unit.serialNumber}</span>
            )}{' '}
            {t('optimization.on')}{' '}
            <Link to={`/fleet-insight/devices/${unit.deviceId}`} className="hover:underline">
              {unit.deviceName}
            </Link>
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {PREDICTION_HORIZONS_DAYS.map((h) =>
              t('optimization.units.within', {
                chance: chanceWithin(unit.probabilityWithin, h),
                days: h,
              }),
            ).join(' · ')}{' '}
            · {t('optimization.units.left', { life: days(unit.expectedRemainingLife) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function PlanMaintenance({ fleet }: { fleet: readonly FleetAircraft[] }) {
  const { t } = useTranslation('fleet');
  const queries = useDevices(fleet.map((f) => f.deviceId));
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return <QueryError error={failed.error} what={t('optimization.maintenance.what')} />;
  }
  if (queries.some((q) => q.isPending)) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label={t('optimization.maintenance.loading')} />
      </div>
    );
  }
  const rows = maintenanceDue(queries.map((q) => q.data!));
  if (rows.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('optimization.maintenance.none')}</p>;
  }
  return (
    <ol aria-label={t('optimization.maintenance.label')} className="grid gap-2">
      {rows.map(({ device, item }) => (
        <li
          key={item.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm"
        >
          <span className="min-w-0">
            <span className="font-medium">{item.title}</span> {t('optimization.on')}{' '}
            <Link to={`/fleet-insight/devices/${device.id}`} className="hover:underline">
              {device.name}
            </Link>
          </span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            {item.overdue && <Badge variant="destructive">{t('maintenance.overdue')}</Badge>}
            {[
              item.dueAt && t('optimization.maintenance.due', { date: formatDate(item.dueAt) }),
              item.dueHours !== null &&
                t('optimization.maintenance.dueHours', {
                  due: fixed(item.dueHours, 1),
                  device: fixed(device.totalHours, 1),
                }),
            ]
              .filter(Boolean)
              .join(', ')}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function OptimizationTab({ fleet }: { fleet: readonly FleetAircraft[] }) {
  const { t } = useTranslation('fleet');
  const predictions = usePredictions();
  if (predictions.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('optimization.models.loading')} />
      </div>
    );
  }
  if (predictions.isError) {
    return <QueryError error={predictions.error} what={t('optimization.models.what')} />;
  }
  // Fitted types first: they carry the numbers to plan with.
  const list = [...predictions.data.predictions].sort(
    (a, b) => Number(b.model !== null) - Number(a.model !== null),
  );
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('optimization.title')}</CardTitle>
          <CardDescription>{t('optimization.description', { days: FIRST })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 xl:grid-cols-2">
          <section aria-labelledby="plan-units" className="grid content-start gap-2">
            <h4 id="plan-units" className="text-sm font-semibold">
              {t('optimization.units.heading')}
            </h4>
            <PlanUnits predictions={list} />
          </section>
          <section aria-labelledby="plan-maintenance" className="grid content-start gap-2">
            <h4 id="plan-maintenance" className="text-sm font-semibold">
              {t('optimization.maintenance.heading')}
            </h4>
            <PlanMaintenance fleet={fleet} />
          </section>
        </CardContent>
      </Card>
      {list.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t('optimization.noComponents.title')}>
          {t('optimization.noComponents.body')}
        </EmptyState>
      ) : (
        list.map((p) => <ComponentModelCard key={p.component} prediction={p} />)
      )}
    </div>
  );
}
