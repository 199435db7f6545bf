import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FleetAircraft } from '@shared/api/maintenance-insight';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { withReadableDates } from '../../lib/format';
import { DeviceStatusBadge, HealthScore } from './badges';

/** Devices grouped by model, in the order the models first appear; models with most devices first. */
export function byModel(fleet: readonly FleetAircraft[]) {
  const groups = new Map<string, FleetAircraft[]>();
  for (const row of fleet) {
    const key = row.model.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/**
 * The spec's cross-fleet card, from this centre's own fleet only: devices of the same model side
 * by side, so one that fares worse than its siblings stands out.
 */
export function CrossFleetCard({ fleet }: { fleet: readonly FleetAircraft[] }) {
  const { t } = useTranslation('fleet');
  const groups = byModel(fleet);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('crossFleet.title')}</CardTitle>
        <CardDescription>{t('crossFleet.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul
          aria-label={t('crossFleet.listLabel')}
          className="grid grid-cols-1 gap-4 lg:grid-cols-2"
        >
          {groups.map((rows) => (
            <li key={rows[0]!.model} className="grid min-w-0 gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-medium">{rows[0]!.model}</p>
                <p className="text-xs text-muted-foreground">
                  {t('crossFleet.ofType', { count: rows.length })}
                </p>
              </div>
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {rows.map((row) => (
                  <li key={row.deviceId} className="grid min-w-0 gap-1 rounded bg-muted/60 p-2">
                    <div className="flex min-w-0 items-center justify-between gap-2">
                      <Link
                        to={`/fleet-insight/devices/${row.deviceId}`}
                        className="truncate text-sm font-medium hover:underline"
                      >
                        {row.aircraftId}
                      </Link>
                      <DeviceStatusBadge status={row.status} />
                    </div>
                    <p className="text-xs text-muted-foreground">
                      {t(`deviceKind.${row.kind}`)} ·{' '}
                      {row.healthScore === null ? (
                        t('crossFleet.noHealth')
                      ) : (
                        <>
                          {t('crossFleet.health')}{' '}
                          <HealthScore score={row.healthScore} className="text-xs" />
                        </>
                      )}
                    </p>
                    <p
                      className="line-clamp-2 text-xs text-muted-foreground"
                      title={withReadableDates(row.statusReason)}
                    >
                      {withReadableDates(row.statusReason)}
                    </p>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
