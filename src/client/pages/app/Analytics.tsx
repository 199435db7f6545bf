import { formatDate } from '../../lib/format';
import { Activity, BarChart3, FileText, GraduationCap, Tags } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/use-auth';
import { ActivityChart } from '../../features/dashboard/ActivityChart';
import {
  documentsByStatus,
  trainingEventsByStatus,
  trainingEventsByType,
} from '../../features/dashboard/analytics';
import { BarList } from '../../features/dashboard/BarList';
import { ChartCard } from '../../features/dashboard/ChartCard';
import { useDashboardAnalytics } from '../../features/dashboard/use-dashboard-views';

const DOCUMENT_TONES = {
  uploaded: 'bg-amber-500',
  processing: 'bg-sky-500',
  processed: 'bg-green-600',
  validated: 'bg-emerald-700',
  error: 'bg-red-600',
};
const EVENT_TONES = { completed: 'bg-green-600', pending: 'bg-amber-500', failed: 'bg-red-600' };

type BarListCardProps = Omit<ComponentProps<typeof ChartCard>, 'children'> &
  Omit<ComponentProps<typeof BarList>, 'label'>;

/** A breakdown card: its bar list is announced under the card's own title. */
function BarListCard({ rows, tones, fallbackTone, ...card }: BarListCardProps) {
  return (
    <ChartCard {...card}>
      <BarList rows={rows} label={card.title} tones={tones} fallbackTone={fallbackTone} />
    </ChartCard>
  );
}

export default function Analytics() {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const readAll = can('readAllRecords');
  // Every figure is aggregated on the server over all the records the user may see.
  const analytics = useDashboardAnalytics();
  const data = analytics.data;

  const docTotal = data?.documents?.total ?? 0;
  const evtTotal = data?.trainingEvents.total ?? 0;
  const days = data?.activity?.days ?? [];
  const actions = data?.activity?.total ?? 0;
  const firstDay = days[0]?.day ?? '';

  if (readAll && data && docTotal === 0 && evtTotal === 0 && actions === 0) {
    return (
      <EmptyState icon={BarChart3} title={t('analyticsPage.emptyTitle')}>
        {t('analyticsPage.emptyText')}
      </EmptyState>
    );
  }

  const activityDescription = firstDay
    ? t('analyticsPage.activityDescription', { count: actions, date: formatDate(firstDay) })
    : '';

  const roleNote = readAll ? undefined : t('analyticsPage.readAllNote');
  const eventTypes = trainingEventsByType(data?.trainingEvents.byType ?? []);
  // Both event breakdowns come from the same figures and are empty together.
  const fromEvents = { what: t('analyticsPage.eventsWhat'), query: analytics };
  const noEvents = { when: evtTotal === 0, title: t('analyticsPage.noEventsTitle') };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard
        className="lg:col-span-2"
        title={t('analyticsPage.activityTitle')}
        description={activityDescription}
        what={t('analyticsPage.activityWhat')}
        query={analytics}
        roleNote={roleNote}
        empty={{
          when: actions === 0,
          icon: Activity,
          title: t('analyticsPage.noActivityTitle'),
          text: t('analyticsPage.noActivityText'),
        }}
      >
        <ActivityChart days={days} />
      </ChartCard>
      <BarListCard
        title={t('analyticsPage.documentsTitle')}
        description={t('analyticsPage.documentsCount', { count: docTotal })}
        what={t('analyticsPage.documentsWhat')}
        query={analytics}
        roleNote={roleNote}
        empty={{
          when: docTotal === 0,
          icon: FileText,
          title: t('analyticsPage.noDocumentsTitle'),
          text: t('analyticsPage.noDocumentsText'),
        }}
        rows={documentsByStatus(data?.documents?.byStatus ?? [])}
        tones={DOCUMENT_TONES}
      />
      <BarListCard
        title={t('analyticsPage.eventsByStatusTitle')}
        description={t('analyticsPage.eventsCount', { count: evtTotal })}
        {...fromEvents}
        empty={{
          ...noEvents,
          icon: GraduationCap,
          text: t('analyticsPage.eventsByStatusText'),
        }}
        rows={trainingEventsByStatus(data?.trainingEvents.byStatus ?? [])}
        tones={EVENT_TONES}
        fallbackTone="bg-slate-400"
      />
      <BarListCard
        className="lg:col-span-2"
        title={t('analyticsPage.eventsByTypeTitle')}
        description={t('analyticsPage.eventTypesCount', { count: eventTypes.length })}
        {...fromEvents}
        empty={{
          ...noEvents,
          icon: Tags,
          text: t('analyticsPage.eventsByTypeText'),
        }}
        rows={eventTypes}
      />
    </div>
  );
}
