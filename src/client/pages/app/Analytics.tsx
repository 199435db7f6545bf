import { format, parseISO } from 'date-fns';
import { Activity, BarChart3, FileText, GraduationCap, Tags } from 'lucide-react';
import type { ComponentProps } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/use-auth';
import { ActivityChart } from '../../features/dashboard/ActivityChart';
import {
  activityPerDay,
  documentsByStatus,
  trainingEventsByStatus,
  trainingEventsByType,
} from '../../features/dashboard/analytics';
import { BarList } from '../../features/dashboard/BarList';
import { ChartCard } from '../../features/dashboard/ChartCard';
import { useAuditLogs } from '../../features/dashboard/use-audit-logs';
import { useDocuments } from '../../features/documents/use-documents';
import { useTrainingEvents } from '../../features/records/use-training-events';

/** The most entries the audit-log call returns; the activity chart reads this many. */
const AUDIT_SAMPLE = 200;
const DAYS = 14;

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
  const documents = useDocuments({ enabled: readAll });
  const events = useTrainingEvents();
  const logs = useAuditLogs(AUDIT_SAMPLE, { enabled: readAll });

  const docs = documents.data ?? [];
  const evts = events.data ?? [];
  const days = activityPerDay(
    (logs.data ?? []).map((entry) => entry.timestamp),
    new Date(),
    DAYS,
  );
  const actions = days.reduce((sum, d) => sum + d.count, 0);
  const firstDay = days[0]?.day ?? '';
  const oldest = logs.data?.at(-1)?.timestamp;
  // With a full sample whose oldest entry is inside the window, older days may be undercounted.
  const truncated =
    logs.data?.length === AUDIT_SAMPLE && oldest !== undefined && oldest.slice(0, 10) >= firstDay;

  const loaded = documents.isSuccess && events.isSuccess && logs.isSuccess;
  if (loaded && docs.length === 0 && evts.length === 0 && actions === 0) {
    return (
      <EmptyState icon={BarChart3} title="Nothing to analyse yet">
        Figures appear here as documents are uploaded, training events are recorded and people use
        the platform.
      </EmptyState>
    );
  }

  const activityDescription = firstDay
    ? `${plural(actions, 'entry', 'entries')} from ${format(parseISO(firstDay), 'MMM dd')} to today${truncated ? ` (the ${AUDIT_SAMPLE} most recent entries only)` : ''}`
    : '';

  const roleNote = readAll ? undefined : READ_ALL_NOTE;
  const eventTypes = trainingEventsByType(evts);
  // Both event breakdowns read the same query and are empty together.
  const fromEvents = { what: 'the training events', query: events };
  const noEvents = { when: evts.length === 0, title: 'No training events yet' };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard
        className="lg:col-span-2"
        title="Audit activity, last 14 days"
        description={activityDescription}
        what="the audit trail"
        query={logs}
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
        description={plural(docs.length, 'document', 'documents')}
        what="the documents"
        query={documents}
        roleNote={roleNote}
        empty={{
          when: docs.length === 0,
          icon: FileText,
          title: 'No documents yet',
          text: 'Uploaded documents are counted here by processing status.',
        }}
        rows={documentsByStatus(docs)}
        tones={DOCUMENT_TONES}
      />
      <BarListCard
        title="Training events by status"
        description={plural(evts.length, 'training event', 'training events')}
        {...fromEvents}
        empty={{
          ...noEvents,
          icon: GraduationCap,
          text: 'Recorded training events are counted here by status.',
        }}
        rows={trainingEventsByStatus(evts)}
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
