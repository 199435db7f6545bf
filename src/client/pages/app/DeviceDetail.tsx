import { AddDeviceDialog } from '../../features/fleet/AddDeviceDialog';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type DeviceDetail as Device } from '@shared/api/maintenance';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import { DeviceStatusBadge, ReleaseLine } from '../../features/fleet/badges';
import { ComponentsCard } from '../../features/fleet/ComponentsCard';
import { DiscrepancyLogCard } from '../../features/fleet/DiscrepancyLogCard';
import { MaintenanceCard } from '../../features/fleet/MaintenanceCard';
import { PreflightCard } from '../../features/fleet/PreflightCard';
import { SessionsCard } from '../../features/fleet/SessionsCard';
import { fixed } from '../../features/fleet/figure-format';
import { useDevice } from '../../features/fleet/use-fleet';
import { ApiError } from '../../lib/api';
import { formatDate, withReadableDates } from '../../lib/format';

function BackLink() {
  const { t } = useTranslation('fleet');
  return (
    <Link
      to="/fleet-insight?tab=fleet"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" /> {t('device.back')}
    </Link>
  );
}

/** One aircraft or FSTD: its status and release, and its logs. */
export default function DeviceDetail() {
  const { t } = useTranslation('fleet');
  const { can } = useAuth();
  if (!can('readAllRecords')) return <RoleNote>{t('device.roleNote')}</RoleNote>;
  return <DeviceScreen />;
}

function DeviceScreen() {
  const { t } = useTranslation('fleet');
  const { id = '' } = useParams();
  const { can } = useAuth();
  const device = useDevice(id);

  if (device.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label={t('device.loading')} />
      </div>
    );
  }
  if (device.isError) {
    const missing = device.error instanceof ApiError && [404, 422].includes(device.error.status);
    return (
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
        <BackLink />
        {missing ? (
          <EmptyState icon={FileQuestion} title={t('device.notFound.title')}>
            {t('device.notFound.body')}
          </EmptyState>
        ) : (
          <QueryError error={device.error} what={t('device.what')} />
        )}
      </div>
    );
  }

  const d = device.data;
  const canLog = can('manageDocuments');
  const canManage = can('manageOrganization');
  return (
    <div className="mx-auto grid max-w-6xl min-w-0 grid-cols-1 gap-6">
      <BackLink />
      <Header device={d} canManage={canManage} />
      {!canLog && <RoleNote>{t('device.readOnlyNote')}</RoleNote>}
      <PreflightCard device={d} canLog={canLog} />
      <DiscrepancyLogCard device={d} canLog={canLog} />
      <ComponentsCard device={d} canManage={canManage} />
      <MaintenanceCard device={d} canManage={canManage} />
      <SessionsCard device={d} canLog={canLog} />
    </div>
  );
}

function Header({ device: d, canManage }: { device: Device; canManage: boolean }) {
  const { t } = useTranslation('fleet');
  const facts = [
    d.qualificationLevel,
    d.manufacturer,
    d.registration,
    d.serialNumber && t('device.serial', { serial: d.serialNumber }),
    d.location,
    t('device.inServiceFrom', { date: formatDate(d.inServiceFrom) }),
    d.retiredAt && t('device.retired', { date: formatDate(d.retiredAt) }),
  ].filter(Boolean);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-semibold tracking-tight">{d.name}</h2>
        <DeviceStatusBadge status={d.status} />
        {canManage && (
          <div className="ml-auto">
            <AddDeviceDialog device={d} />
          </div>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {t('device.summary', {
          kind: t(`deviceKind.${d.kind}`),
          model: d.model,
          hours: fixed(d.totalHours, 1),
          cycles: d.totalCycles,
        })}
      </p>
      {facts.length > 0 && <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p>}
      <p className="text-sm" data-testid="status-reason">
        {withReadableDates(d.statusReason)}
      </p>
      <ReleaseLine release={d.release} />
    </div>
  );
}
