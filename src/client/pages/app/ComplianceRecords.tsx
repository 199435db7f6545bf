import { FileText, SearchX } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { QueryError } from '../../features/dashboard/QueryError';
import { filterTrainingEvents, useRecordFilters } from '../../features/records/record-filters';
import { RecordsToolbar } from '../../features/records/RecordsToolbar';
import { TrainingEventsTable } from '../../features/records/TrainingEventsTable';
import { useTrainingEvents } from '../../features/records/use-training-events';

export default function ComplianceRecords() {
  const events = useTrainingEvents();
  const filters = useRecordFilters();
  const all = events.data ?? [];
  const shown = filterTrainingEvents(all, filters.query, filters.status);

  let description = 'Training events recorded for your organization';
  if (events.data) {
    description =
      filters.active && all.length > 0
        ? `${shown.length} of ${all.length} ${all.length === 1 ? 'event' : 'events'}`
        : `${all.length} ${all.length === 1 ? 'event' : 'events'}, newest first`;
  }

  return (
    <Card>
      <CardHeader className="gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>Training Events</CardTitle>
          <CardDescription aria-live="polite">{description}</CardDescription>
        </div>
        <RecordsToolbar
          query={filters.query}
          status={filters.status}
          onQuery={filters.setQuery}
          onStatus={filters.setStatus}
        />
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label="Loading training events" />
          </div>
        ) : events.isError ? (
          <QueryError error={events.error} what="the training events" />
        ) : all.length === 0 ? (
          <EmptyState icon={FileText} title="No training events found">
            Training events appear here once they are created from validated documents or entered by
            an instructor.
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState icon={SearchX} title="No training events found">
            <p>No event matches the current search and status filter.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={filters.clear}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <TrainingEventsTable events={shown} />
        )}
      </CardContent>
    </Card>
  );
}
