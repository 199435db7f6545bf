import { BellOff, BellRing, CalendarClock, ClipboardPen, History } from 'lucide-react';
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
  const { can } = useAuth();
  if (!can('readAllRecords')) {
    return (
      <RoleNote>
        Regulatory alerts name your organization’s training records, which your role does not read.
        Admins, Instructors and Auditors see them.
      </RoleNote>
    );
  }
  return <AlertsScreen />;
}

function AlertsScreen() {
  const [tab, setTab] = useSearchParam<Tab>('tab', 'all', TABS);
  const query = QUERIES[tab];
  const alerts = useAlerts(query.status, query.type);
  const counts = alerts.data?.counts;

  const tabs: { value: Tab; label: string; count: number | undefined }[] = [
    { value: 'all', label: 'All', count: counts?.total },
    { value: 'unacknowledged', label: 'Unacknowledged', count: counts?.unacknowledged },
    // The counts give unacknowledged checklist updates only; this tab lists all of them.
    { value: 'checklist-updates', label: 'Checklist Updates', count: undefined },
    { value: 'history', label: 'History', count: counts?.acknowledged },
  ];

  let list;
  if (alerts.isPending) {
    list = (
      <div className="flex justify-center p-10">
        <Spinner label="Loading the alerts" />
      </div>
    );
  } else if (alerts.isError) {
    list = <QueryError error={alerts.error} what="the alerts" />;
  } else if (alerts.data.alerts.length === 0) {
    list = (
      <Card>
        <CardContent className="p-5">
          <EmptyState icon={BellOff} title="No alerts found">
            {tab === 'history'
              ? 'Acknowledged alerts are listed here with who acknowledged them and when.'
              : 'Alerts are raised when a regulation change touches checklist items you answered, and when a deadline computed from your records approaches.'}
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
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Unacknowledged" icon={BellRing} value={counts?.unacknowledged ?? null} />
        <StatCard
          label="Checklist Updates"
          icon={ClipboardPen}
          value={counts?.checklistUpdates ?? null}
          hint="Awaiting acknowledgement"
        />
        <StatCard
          label="Compliance Deadlines"
          icon={CalendarClock}
          value={counts?.complianceDeadlines ?? null}
          hint="Awaiting acknowledgement"
        />
      </div>

      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="overflow-x-auto">
            <TabsList aria-label="Alert views" className="flex-nowrap">
              {tabs.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                  {t.count !== undefined && (
                    <span className="rounded-full bg-foreground/10 px-1.5 text-xs tabular-nums">
                      {t.count}
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
              <History aria-hidden /> View History
            </Button>
            <AlertsExportMenu status={query.status} />
          </div>
        </div>
        {TABS.map((t) => (
          <TabsContent key={t} value={t}>
            {t === tab && list}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
