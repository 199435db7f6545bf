import {
  Activity,
  BarChart3,
  CalendarClock,
  Gauge,
  Plane,
  Siren,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { NotYetAvailable } from '../../features/placeholders/NotYetAvailable';
import { StatCard } from '../../features/placeholders/StatCard';
import { UrlTabs } from '../../features/placeholders/UrlTabs';

const SOURCE =
  'Predictions are computed from your own maintenance and discrepancy logs once aircraft and FSTDs are added.';

const TABS: { value: string; label: string; icon: LucideIcon; empty: string; text: string }[] = [
  {
    value: 'alerts',
    label: 'Predictive Alerts',
    icon: Siren,
    empty: 'No predictive alerts',
    text: 'An alert appears when a component’s hours, cycles or discrepancy history point to a failure before its next scheduled maintenance.',
  },
  {
    value: 'fleet',
    label: 'Fleet Status',
    icon: Plane,
    empty: 'No aircraft or FSTDs added',
    text: 'Each aircraft and flight simulation training device will be listed with its status (operational, maintenance, grounded or inspection), its health score and its next maintenance.',
  },
  {
    value: 'analytics',
    label: 'AI Analytics',
    icon: BarChart3,
    empty: 'No maintenance history to analyze',
    text: 'Trends by component and by discrepancy type are drawn from your organization’s logs only.',
  },
  {
    value: 'optimization',
    label: 'Optimization',
    icon: CalendarClock,
    empty: 'No scheduling suggestions',
    text: 'Suggestions for grouping maintenance and planning inspections are made from the predictions, so they need maintenance history first.',
  },
];

const TAB_VALUES = TABS.map((t) => t.value) as [string, ...string[]];

export default function FleetInsight() {
  return (
    <div className="grid gap-6">
      <NotYetAvailable title="Fleet data is not available in this version yet">
        Adding aircraft and flight simulation training devices (FSTDs), with their components and
        maintenance and discrepancy logs, arrives in a later version.
      </NotYetAvailable>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Aircraft and FSTDs"
          icon={Plane}
          value={null}
          hint="Counted from your fleet"
        />
        <StatCard
          label="Critical Alerts"
          icon={TriangleAlert}
          value={null}
          hint="Open predictions rated critical"
        />
        <StatCard
          label="Predicted Failures"
          icon={Activity}
          value={null}
          hint="Before next scheduled maintenance"
        />
        <StatCard
          label="Prediction Accuracy"
          icon={Gauge}
          value={null}
          hint="Checked against what actually failed"
        />
      </div>

      <UrlTabs values={TAB_VALUES}>
        <div className="overflow-x-auto">
          <TabsList aria-label="Fleet insight views" className="flex-nowrap">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardContent className="p-5">
                <EmptyState icon={t.icon} title={t.empty}>
                  <p>{t.text}</p>
                  <p className="mt-2">{SOURCE}</p>
                </EmptyState>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </UrlTabs>
    </div>
  );
}
