import { formatDate } from '../../lib/format';
import { Activity, BarChart3, FileText, GraduationCap, Tags } from 'lucide-react';
import type { ComponentProps } from 'react';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const READ_ALL_NOTE = 'Available to admins, instructors and auditors.';

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
      <EmptyState icon={BarChart3} title="Nothing to analyse yet">
        Figures appear here as documents are uploaded, training events are recorded and people use
        the platform.
      </EmptyState>
    );
  }

  const activityDescription = firstDay
    ? `${plural(actions, 'entry', 'entries')} from ${formatDate(firstDay)} to today`
    : '';

  const roleNote = readAll ? undefined : READ_ALL_NOTE;
  const eventTypes = trainingEventsByType(data?.trainingEvents.byType ?? []);
  // Both event breakdowns come from the same figures and are empty together.
  const fromEvents = { what: 'the training events', query: analytics };
  const noEvents = { when: evtTotal === 0, title: 'No training events yet' };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard
        className="lg:col-span-2"
        title="Audit activity, last 14 days"
        description={activityDescription}
        what="the audit trail"
        query={analytics}
        roleNote={roleNote}
        empty={{
          when: actions === 0,
          icon: Activity,
          title: 'No activity in the last 14 days',
          text: 'Each sign-in, upload and record change adds an entry.',
        }}
      >
        <ActivityChart days={days} />
      </ChartCard>
      <BarListCard
        title="Documents by status"
        description={plural(docTotal, 'document', 'documents')}
        what="the documents"
        query={analytics}
        roleNote={roleNote}
        empty={{
          when: docTotal === 0,
          icon: FileText,
          title: 'No documents yet',
          text: 'Uploaded documents are counted here by processing status.',
        }}
        rows={documentsByStatus(data?.documents?.byStatus ?? [])}
        tones={DOCUMENT_TONES}
      />
      <BarListCard
        title="Training events by status"
        description={plural(evtTotal, 'training event', 'training events')}
        {...fromEvents}
        empty={{
          ...noEvents,
          icon: GraduationCap,
          text: 'Recorded training events are counted here by status.',
        }}
        rows={trainingEventsByStatus(data?.trainingEvents.byStatus ?? [])}
        tones={EVENT_TONES}
        fallbackTone="bg-slate-400"
      />
      <BarListCard
        className="lg:col-span-2"
        title="Training events by event type"
        description={plural(eventTypes.length, 'event type', 'event types')}
        {...fromEvents}
        empty={{
          ...noEvents,
          icon: Tags,
          text: 'Each event type is counted here once events are recorded.',
        }}
        rows={eventTypes}
      />
    </div>
  );
}
