import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import { AlertsTab } from '../../features/fleet/AlertsTab';
import { AnalyticsTab } from '../../features/fleet/AnalyticsTab';
import { CrossFleetCard } from '../../features/fleet/CrossFleetCard';
import { FleetStatusTab, NoDevices } from '../../features/fleet/FleetStatusTab';
import { MetricCards } from '../../features/fleet/MetricCards';
import { OptimizationTab } from '../../features/fleet/OptimizationTab';
import { useFleetStatus } from '../../features/fleet/use-fleet';
import { UrlTabs } from '../../features/placeholders/UrlTabs';

/** The tabs, in order; their names are `insight.tabs.<value>` in the catalogue. */
const TABS = ['alerts', 'fleet', 'analytics', 'optimization'] as const;
const TAB_VALUES = [...TABS] as [string, ...string[]];

/** The predictive maintenance dashboard: every figure computed from the fleet's own logs. */
export default function FleetInsight() {
  const { t } = useTranslation('fleet');
  const { can } = useAuth();
  if (!can('readAllRecords')) return <RoleNote>{t('insight.roleNote')}</RoleNote>;
  return <FleetScreen canManage={can('manageOrganization')} />;
}

function FleetScreen({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('fleet');
  const fleet = useFleetStatus();
  if (fleet.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label={t('insight.loading')} />
      </div>
    );
  }
  if (fleet.isError) return <QueryError error={fleet.error} what={t('insight.what')} />;
  const rows = fleet.data.fleet;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <MetricCards />
      {rows.length === 0 ? (
        <Card>
          <CardContent className="p-5">
            <NoDevices canManage={canManage} />
          </CardContent>
        </Card>
      ) : (
        <CrossFleetCard fleet={rows} />
      )}
      <UrlTabs values={TAB_VALUES}>
        <div className="overflow-x-auto">
          <TabsList aria-label={t('insight.tabsLabel')} className="flex-nowrap">
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`insight.tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="alerts">
          <AlertsTab />
        </TabsContent>
        <TabsContent value="fleet">
          <FleetStatusTab fleet={rows} canManage={canManage} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="optimization">
          <OptimizationTab fleet={rows} />
        </TabsContent>
      </UrlTabs>
    </div>
  );
}
