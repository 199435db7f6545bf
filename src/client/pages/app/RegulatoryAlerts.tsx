import { BellOff, BellRing, CalendarClock, ClipboardPen } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { NotYetAvailable } from '../../features/placeholders/NotYetAvailable';
import { StatCard } from '../../features/placeholders/StatCard';
import { UrlTabs } from '../../features/placeholders/UrlTabs';
import { summarizeAlerts, type RegulatoryAlert } from '../../features/regulatory/regulatory';

// This version has no alerts API: every figure below is counted from this empty list.
const ALERTS: readonly RegulatoryAlert[] = [];

const TABS = ['all', 'unacknowledged', 'checklist-updates'] as const;

export default function RegulatoryAlerts() {
  const counts = summarizeAlerts(ALERTS);
  const tabs: { value: (typeof TABS)[number]; label: string; count: number; text: string }[] = [
    {
      value: 'all',
      label: 'All',
      count: counts.all,
      text: 'Checklist updates and compliance deadlines will both be listed here, newest first.',
    },
    {
      value: 'unacknowledged',
      label: 'Unacknowledged',
      count: counts.unacknowledged,
      text: 'Alerts stay here until they are acknowledged.',
    },
    {
      value: 'checklist-updates',
      label: 'Checklist Updates',
      count: counts.checklistUpdates,
      text: 'A checklist update says which checklist item a regulatory change adds, modifies or removes, and from when.',
    },
  ];

  return (
    <div className="grid gap-6">
      <NotYetAvailable title="Regulatory alerts are not raised in this version yet">
        Alerts will be raised when a regulation you track changes a checklist requirement or sets a
        compliance deadline. Regulation tracking arrives in a later version.
      </NotYetAvailable>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Unacknowledged" icon={BellRing} value={counts.unacknowledged} />
        <StatCard label="Checklist Updates" icon={ClipboardPen} value={counts.checklistUpdates} />
        <StatCard
          label="Compliance Deadlines"
          icon={CalendarClock}
          value={counts.complianceDeadlines}
        />
      </div>

      <UrlTabs values={TABS}>
        <div className="overflow-x-auto">
          <TabsList aria-label="Alert views" className="flex-nowrap">
            {tabs.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
                <span className="rounded-full bg-foreground/10 px-1.5 text-xs tabular-nums">
                  {t.count}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardContent className="p-5">
                <EmptyState icon={BellOff} title="No alerts found">
                  {t.text}
                </EmptyState>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </UrlTabs>
    </div>
  );
}
