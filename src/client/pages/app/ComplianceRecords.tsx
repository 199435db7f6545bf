import { FileText, Plus, SearchX, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '../../lib/format';
import { HelpLink } from '../../features/support/HelpLink';

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
  const { t } = useTranslation('records');
  const { can } = useAuth();
  const { filters, active, set, clear } = useRecordFilters();
  const page = useTrainingEventPage(toServerQuery(filters));
  const dialog = useNewEventDialog();
  const canCreate = can('manageDocuments');
  const onPage = useCallback((n: number) => set({ page: n }), [set]);

  const total = page.data?.total ?? 0;
  const events = page.data?.events ?? [];
  const counted = { count: total, n: formatNumber(total) };
  let description = t('list.description');
  if (page.data) {
    description = active ? t('list.matching', counted) : t('list.newestFirst', counted);
  }
  const pastLastPage = filters.page > 1 && total > 0;

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid grid-cols-1 gap-1.5">
            <CardTitle>{t('list.title')}</CardTitle>
            <CardDescription aria-live="polite">{description}</CardDescription>
          </div>
          {canCreate && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => dialog.onOpenChange(true)}>
                <Plus /> {t('create.title')}
              </Button>
              <Button variant="outline" asChild>
                <Link to="/compliance-records/import">
                  <Upload /> {t('list.import')}
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
            <Spinner className="size-6" label={t('list.loading')} />
          </div>
        ) : page.isError ? (
          <QueryError error={page.error} what={t('list.what')} />
        ) : events.length === 0 ? (
          active || filters.page > 1 ? (
            <EmptyState icon={SearchX} title={t('list.noneFound')}>
              <p>{pastLastPage ? t('list.pastLastPage', counted) : t('list.noMatch')}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={pastLastPage ? () => onPage(1) : clear}
              >
                {pastLastPage ? t('list.firstPage') : t('actions.clearFilters')}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={FileText} title={t('list.noneFound')}>
              {t('list.empty')}
              <HelpLink article="records" />
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
