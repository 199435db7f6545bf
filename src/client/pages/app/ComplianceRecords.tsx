import { FileText, Plus, SearchX, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { useAuth } from '../../features/auth/use-auth';
import { QueryError } from '../../features/dashboard/QueryError';
import { NewTrainingEventDialog } from '../../features/records/NewTrainingEventDialog';
import { Pagination } from '../../features/records/Pagination';
import {
  RECORDS_PAGE_SIZE,
  toServerQuery,
  useRecordFilters,
} from '../../features/records/record-filters';
import { RecordsToolbar } from '../../features/records/RecordsToolbar';
import { TrainingEventsTable } from '../../features/records/TrainingEventsTable';
import { useTrainingEventPage } from '../../features/records/use-training-events';

function plural(n: number) {
  return `${n} ${n === 1 ? 'event' : 'events'}`;
}

/** `?fromDocument=<id>` opens the New training event form prefilled from that document. */
function useNewEventDialog() {
  const [params, setParams] = useSearchParams();
  const fromDocument = params.get('fromDocument');
  const [open, setOpen] = useState(false);
  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next && fromDocument) {
        setParams(
          (current) => {
            const rest = new URLSearchParams(current);
            rest.delete('fromDocument');
            return rest;
          },
          { replace: true },
        );
      }
    },
    [fromDocument, setParams],
  );
  return { open: open || fromDocument !== null, fromDocument, onOpenChange };
}

export default function ComplianceRecords() {
  const { can } = useAuth();
  const { filters, active, set, clear } = useRecordFilters();
  const page = useTrainingEventPage(toServerQuery(filters));
  const dialog = useNewEventDialog();
  const canCreate = can('manageDocuments');
  const onPage = useCallback((n: number) => set({ page: n }), [set]);

  const total = page.data?.total ?? 0;
  const events = page.data?.events ?? [];
  let description = 'Training events recorded for your organization';
  if (page.data) {
    description = active ? `${plural(total)} match` : `${plural(total)}, newest first`;
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid grid-cols-1 gap-1.5">
            <CardTitle>Training Events</CardTitle>
            <CardDescription aria-live="polite">{description}</CardDescription>
          </div>
          {canCreate && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => dialog.onOpenChange(true)}>
                <Plus /> New training event
              </Button>
              <Button variant="outline" asChild>
                <Link to="/compliance-records/import">
                  <Upload /> Import
                </Link>
              </Button>
            </div>
          )}
        </div>
        <RecordsToolbar filters={filters} set={set} clear={clear} />
      </CardHeader>
      <CardContent aria-busy={page.isFetching}>
        {page.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label="Loading training events" />
          </div>
        ) : page.isError ? (
          <QueryError error={page.error} what="the training events" />
        ) : events.length === 0 ? (
          active || filters.page > 1 ? (
            <EmptyState icon={SearchX} title="No training events found">
              <p>
                {filters.page > 1 && total > 0
                  ? `This page is past the last one (${plural(total)} in all).`
                  : 'No event matches the current search and filters.'}
              </p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={filters.page > 1 && total > 0 ? () => onPage(1) : clear}
              >
                {filters.page > 1 && total > 0 ? 'Go to the first page' : 'Clear filters'}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={FileText} title="No training events found">
              Training events appear here once they are created from validated documents, entered by
              hand or imported from a spreadsheet.
            </EmptyState>
          )
        ) : (
          <>
            <TrainingEventsTable events={events} canExport={can('exportReports')} />
            <Pagination
              page={filters.page}
              pageSize={RECORDS_PAGE_SIZE}
              total={total}
              onPage={onPage}
            />
          </>
        )}
      </CardContent>
      {canCreate && (
        <NewTrainingEventDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          documentId={dialog.fromDocument}
        />
      )}
    </Card>
  );
}
