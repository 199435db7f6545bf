import { Plane } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FleetAircraft } from '@shared/api/maintenance-insight';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDate, formatDateTime, withReadableDates } from '../../lib/format';
import { ImportFleetDialog } from '../fleet-import/ImportFleetDialog';
import { AddDeviceDialog } from './AddDeviceDialog';
import { DeviceStatusBadge, HealthScore } from './badges';
import { HelpLink } from '../support/HelpLink';

/** The sentence under a value: clamped to two lines, the whole of it in the title. */
function Why({ text }: { text: string }) {
  const readable = withReadableDates(text);
  return (
    <span className="line-clamp-3 text-xs text-muted-foreground" title={readable}>
      {readable}
    </span>
  );
}

export function NoDevices({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('fleet');
  return (
    <EmptyState icon={Plane} title={t('noDevices.title')}>
      <p>{canManage ? t('noDevices.bodyManage') : t('noDevices.bodyRead')}</p>
      <HelpLink article="fleet" />
      {canManage && (
        <div className="mt-3">
          <AddDeviceDialog />
        </div>
      )}
    </EmptyState>
  );
}

/**
 * The health basis most scored rows share (the same window for every device): said once under
 * the table, so each row only explains a score that differs or is missing.
 */
export function sharedHealthBasis(fleet: readonly FleetAircraft[]): string | null {
  const bases = new Set(fleet.filter((r) => r.healthScore !== null).map((r) => r.healthBasis));
  return bases.size === 1 ? [...bases][0]! : null;
}

function FleetRow({ row, sharedBasis }: { row: FleetAircraft; sharedBasis: string | null }) {
  const { t } = useTranslation('fleet');
  return (
    <TableRow>
      <TableCell className="min-w-44 align-top">
        <Link
          to={`/fleet-insight/devices/${row.deviceId}`}
          className="font-medium whitespace-nowrap hover:underline"
        >
          {row.aircraftId}
        </Link>
        <div className="text-sm">{row.model}</div>
        <div className="text-xs text-muted-foreground">{t(`deviceKind.${row.kind}`)}</div>
        <div className="mt-1 text-xs text-muted-foreground">
          <Trans
            t={t}
            i18nKey="fleetStatus.updated"
            values={{ when: formatDateTime(row.lastUpdate) }}
            components={{ time: <time dateTime={row.lastUpdate} /> }}
          />
        </div>
      </TableCell>
      <TableCell className="min-w-48 max-w-72 align-top">
        <div className="grid justify-items-start gap-1">
          <DeviceStatusBadge status={row.status} />
          <Why text={row.statusReason} />
          <span
            className={
              row.criticalAlerts > 0
                ? 'text-xs font-medium text-red-700'
                : 'text-xs text-muted-foreground'
            }
          >
            {t('fleetStatus.criticalAlerts', { count: row.criticalAlerts })}
          </span>
        </div>
      </TableCell>
      <TableCell className="align-top">
        <div className="grid gap-1">
          <HealthScore score={row.healthScore} />
          {row.healthBasis !== sharedBasis && <Why text={row.healthBasis} />}
        </div>
      </TableCell>
      <TableCell className="align-top whitespace-nowrap">
        {row.nextMaintenance ? formatDate(row.nextMaintenance) : t('fleetStatus.noneScheduled')}
      </TableCell>
      <TableCell className="min-w-44 max-w-64 align-top">
        <div className="grid gap-1">
          <span
            className={
              row.release.released ? 'font-medium text-green-700' : 'font-medium text-amber-700'
            }
          >
            {row.release.released ? t('fleetStatus.yes') : t('fleetStatus.no')}
          </span>
          <Why text={row.release.reason} />
        </div>
      </TableCell>
    </TableRow>
  );
}

export function FleetStatusTab({
  fleet,
  canManage,
}: {
  fleet: readonly FleetAircraft[];
  canManage: boolean;
}) {
  const { t } = useTranslation('fleet');
  const sharedBasis = sharedHealthBasis(fleet);
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('fleetStatus.title')}</CardTitle>
          <CardDescription>{t('fleetStatus.description', { count: fleet.length })}</CardDescription>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ImportFleetDialog />
          {canManage && fleet.length > 0 && <AddDeviceDialog variant="outline" />}
        </div>
      </CardHeader>
      <CardContent>
        {fleet.length === 0 ? (
          <NoDevices canManage={canManage} />
        ) : (
          <Table>
            <caption className="sr-only">{t('fleetStatus.title')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('fleetStatus.columns.device')}</TableHead>
                <TableHead scope="col">{t('fleetStatus.columns.status')}</TableHead>
                <TableHead scope="col">{t('fleetStatus.columns.health')}</TableHead>
                <TableHead scope="col">{t('fleetStatus.columns.nextMaintenance')}</TableHead>
                <TableHead scope="col">{t('fleetStatus.columns.released')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {fleet.map((row) => (
                <FleetRow key={row.deviceId} row={row} sharedBasis={sharedBasis} />
              ))}
            </TableBody>
          </Table>
        )}
        {fleet.length > 0 && sharedBasis && (
          <p className="mt-3 text-xs text-muted-foreground">
            {t('fleetStatus.sharedBasis', { basis: withReadableDates(sharedBasis) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
