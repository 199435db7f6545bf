import { BellOff, BellRing, CalendarClock, ClipboardPen, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AlertType } from '@shared/api/regulatory';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import { StatCard } from '../../features/placeholders/StatCard';
import { useSearchParam } from '../../features/placeholders/use-search-param';
import { AlertCard } from '../../features/regulatory/AlertCard';
import { AlertsExportMenu } from '../../features/regulatory/AlertsExportMenu';
import { useAlerts, type AlertsView } from '../../features/regulatory/use-regulatory';
import { formatNumber } from '../../lib/format';
import { HelpLink } from '../../features/support/HelpLink';

const TABS = ['all', 'unacknowledged', 'checklist-updates', 'history'] as const;
type Tab = (typeof TABS)[number];

/** Which alerts each tab asks for. */
const QUERIES: Record<Tab, { status: AlertsView; type?: AlertType }> = {
  all: { status: 'all' },
  unacknowledged: { status: 'unacknowledged' },
  'checklist-updates': { status: 'all', type: 'checklist-update' },
  history: { status: 'history' },
};

export default function RegulatoryAlerts() {
  const { t } = useTranslation('regulatory');
  const { can } = useAuth();
  if (!can('readAllRecords')) {
    return <RoleNote>{t('alerts.roleNote')}</RoleNote>;
  }
  return <AlertsScreen />;
}

function AlertsScreen() {
  const { t, i18n } = useTranslation('regulatory');
  const [tab, setTab] = useSearchParam<Tab>('tab', 'all', TABS);
  const query = QUERIES[tab];
  const alerts = useAlerts(query.status, query.type);
  const counts = alerts.data?.counts;

  const tabs: { value: Tab; count: number | undefined }[] = [
    { value: 'all', count: counts?.total },
    { value: 'unacknowledged', count: counts?.unacknowledged },
    // The counts give unacknowledged checklist updates only; this tab lists all of them.
    { value: 'checklist-updates', count: undefined },
    { value: 'history', count: counts?.acknowledged },
  ];
  const figure = (n: number | undefined) => (n === undefined ? null : formatNumber(n));

  let list;
  if (alerts.isPending) {
    list = (
      <div className="flex justify-center p-10">
        <Spinner label={t('alerts.loading')} />
      </div>
    );
  } else if (alerts.isError) {
    list = <QueryError error={alerts.error} what={t('alerts.what')} />;
  } else if (alerts.data.alerts.length === 0) {
    list = (
      <Card>
        <CardContent className="p-5">
          <EmptyState icon={BellOff} title={t('alerts.emptyTitle')}>
            {tab === 'history' ? t('alerts.emptyHistory') : t('alerts.emptyAll')}
            <HelpLink article="regulatory" />
          </EmptyState>
        </CardContent>
      </Card>
    );
  } else {
    list = (
      <div className="grid gap-3">
        {alerts.data.alerts.map((a) => (
          <AlertCard key={a.id} alert={a} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {i18n.language !== 'en' && (
        <p role="note" className="text-sm text-muted-foreground">
          {t('englishNote')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t('alerts.unacknowledged')}
          icon={BellRing}
          value={figure(counts?.unacknowledged)}
        />
        <StatCard
          label={t('alerts.checklistUpdates')}
          icon={ClipboardPen}
          value={figure(counts?.checklistUpdates)}
          hint={t('alerts.awaiting')}
        />
        <StatCard
          label={t('alerts.complianceDeadlines')}
          icon={CalendarClock}
          value={figure(counts?.complianceDeadlines)}
          hint={t('alerts.awaiting')}
        />
      </div>

      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="overflow-x-auto">
            <TabsList aria-label={t('alerts.views')} className="flex-nowrap">
              {tabs.map((entry) => (
                <TabsTrigger key={entry.value} value={entry.value}>
                  {t(`alerts.tabs.${entry.value}`)}
                  {entry.count !== undefined && (
                    <span className="rounded-full bg-foreground/10 px-1.5 text-xs tabular-nums">
                      {formatNumber(entry.count)}
                    </span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              onClick={() => setTab('history')}
              disabled={tab === 'history'}
            >
              <History aria-hidden /> {t('alerts.viewHistory')}
            </Button>
            <AlertsExportMenu status={query.status} />
          </div>
        </div>
        {TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === tab && list}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
