import { ArrowLeft, Download, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError } from '../../features/dashboard/QueryError';
import { AssignmentPanel } from '../../features/records/AssignmentPanel';
import { EditTrainingEventDialog } from '../../features/records/EditTrainingEventDialog';
import { ProofBadge, ProofPanel } from '../../features/records/ProofPanel';
import { RecordFields } from '../../features/records/RecordFields';
import { StaffWarnings } from '../../features/records/StaffWarnings';
import { TrainingEventStatusBadge } from '../../features/records/TrainingEventStatusBadge';
import { proofBundlePath } from '../../features/records/use-proof';
import { useTrainingEvent } from '../../features/records/use-training-events';
import { VersionHistory } from '../../features/records/VersionHistory';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useExportScope } from '../../features/reports/export-scope';

function BackLink() {
  const { t } = useTranslation('records');
  return (
    <Link
      to="/compliance-records"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" /> {t('actions.backToRecords')}
    </Link>
  );
}

/** One training event: its fields, its versions, its ledger proof verified in the browser. */
export default function TrainingEventDetail() {
  const { t } = useTranslation('records');
  const { id = '' } = useParams();
  const { can } = useAuth();
  const record = useTrainingEvent(id);
  useExportScope(record.data ? { kind: 'trainee', value: record.data.studentName } : null);

  if (record.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label={t('detail.loading')} />
      </div>
    );
  }
  if (record.isError) {
    const missing = record.error instanceof ApiError && [404, 422].includes(record.error.status);
    return (
      <div className="mx-auto grid max-w-6xl gap-4">
        <BackLink />
        {missing ? (
          <EmptyState icon={FileQuestion} title={t('detail.notFound')}>
            {t('detail.notFoundDescription')}
          </EmptyState>
        ) : (
          <QueryError error={record.error} what={t('detail.what')} />
        )}
      </div>
    );
  }

  const event = record.data;
  const canExport = can('exportReports');
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <BackLink />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-2xl font-semibold tracking-tight">{event.studentName}</h2>
            <TrainingEventStatusBadge status={event.status} />
            {event.blockchainHash && <ProofBadge id={event.id} canExport={canExport} />}
          </div>
          {event.licenseNumber && (
            <p className="text-sm text-muted-foreground">
              {t('detail.certificate', { number: event.licenseNumber })}
            </p>
          )}
          <p className="mt-1 text-sm">
            {event.eventType} · {formatDate(event.eventDate)}
            {event.course && <span className="text-muted-foreground"> · {event.course}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can('manageDocuments') && <EditTrainingEventDialog record={event} />}
          {canExport && event.blockchainHash && (
            <Button asChild>
              <a href={proofBundlePath(event.id)} download>
                <Download /> {t('detail.downloadBundle')}
              </a>
            </Button>
          )}
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="grid min-w-0 gap-6">
          <StaffWarnings warnings={event.warnings ?? []} />
          <RecordFields record={event} />
          <VersionHistory id={event.id} />
        </div>
        <div className="grid min-w-0 gap-6">
          {event.blockchainHash ? (
            <ProofPanel id={event.id} canExport={canExport} version={event.version} />
          ) : (
            <EmptyState title={t('detail.notSubmitted')}>
              {t('detail.notSubmittedDescription')}
            </EmptyState>
          )}
          {can('manageOrganization') && <AssignmentPanel id={event.id} />}
        </div>
      </div>
    </div>
  );
}
