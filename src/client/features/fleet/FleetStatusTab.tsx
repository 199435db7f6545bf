import { Plane } from 'lucide-react';
import { Link } from 'react-router';
import { DEVICE_KIND_LABELS } from '@shared/api/maintenance';
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
import { DeviceStatusBadge, HealthScore, plural } from './badges';

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
  return (
    <EmptyState icon={Plane} title="No aircraft or FSTDs yet">
      <p>
        Every figure on this screen is computed from your fleet’s own logs: daily preflights, the
        discrepancy log, component installations and removals, sessions and scheduled maintenance.
        {canManage
          ? ' Add your first device to start them.'
          : ' An Admin of your organization adds the devices.'}
      </p>
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
        <div className="text-xs text-muted-foreground">{DEVICE_KIND_LABELS[row.kind]}</div>
        <div className="mt-1 text-xs text-muted-foreground">
          Updated <time dateTime={row.lastUpdate}>{formatDateTime(row.lastUpdate)}</time>
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
            {row.criticalAlerts === 1
              ? '1 critical alert'
              : `${row.criticalAlerts} critical alerts`}
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
        {row.nextMaintenance ? formatDate(row.nextMaintenance) : 'None scheduled'}
      </TableCell>
      <TableCell className="min-w-44 max-w-64 align-top">
        <div className="grid gap-1">
          <span
            className={
              row.release.released ? 'font-medium text-green-700' : 'font-medium text-amber-700'
            }
          >
            {row.release.released ? 'Yes' : 'No'}
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
  const sharedBasis = sharedHealthBasis(fleet);
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Fleet status</CardTitle>
          <CardDescription>
            {plural(fleet.length, 'device')} in service. Status and release follow the logs; health
            is the share of scheduled training time not lost to discrepancies.
          </CardDescription>
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
            <caption className="sr-only">Fleet status</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Device and model</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Health</TableHead>
                <TableHead scope="col">Next maintenance</TableHead>
                <TableHead scope="col">Released today</TableHead>
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
            Health: {withReadableDates(sharedBasis)}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
