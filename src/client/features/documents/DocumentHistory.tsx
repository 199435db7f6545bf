import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { QueryError, RoleNote } from '../dashboard/QueryError';
import { DocumentRowActions, ReprocessButton } from './DocumentActions';
import { DocumentStatusBadge, DocumentStatusIcon } from './DocumentStatus';
import { formatBytes } from './file-rules';
import { isInProgress, useDocuments } from './use-documents';

export function DocumentHistory() {
  const { t } = useTranslation('documents');
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const documents = useDocuments({ enabled: allowed, pollWhileProcessing: true });
  const count = documents.data?.length ?? 0;
  const reading = documents.data?.filter(isInProgress).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('history.title')}</CardTitle>
        <CardDescription aria-live="polite">
          {documents.data && count > 0
            ? t('history.count', { count, n: formatNumber(count) }) +
              (reading
                ? ` · ${t('history.reading', { count: reading, n: formatNumber(reading) })}`
                : '')
            : t('history.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <RoleNote>{t('history.roleNote')}</RoleNote>
        ) : documents.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label={t('history.loading')} />
          </div>
        ) : documents.isError ? (
          <QueryError error={documents.error} what={t('history.what')} />
        ) : count === 0 ? (
          <EmptyState icon={FileText} title={t('history.emptyTitle')}>
            {t('history.emptyText')}
          </EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t('history.listLabel')}>
            {documents.data.map((doc) => (
              <li key={doc.id} className="flex items-start gap-3 p-3" data-document-id={doc.id}>
                <DocumentStatusIcon status={doc.status} className="mt-0.5" />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <span className="truncate" title={doc.originalName}>
                      {doc.originalName}
                    </span>
                    {doc.source === 'generated' && (
                      <Badge variant="info" className="shrink-0">
                        {t('history.generated')}
                      </Badge>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(doc.createdAt)} · {formatBytes(doc.sizeBytes)}
                  </p>
                  {doc.status === 'error' && (
                    <div className="mt-1.5 flex flex-wrap items-center gap-2">
                      <p className="text-xs text-destructive">
                        {doc.errorMessage ?? t('history.unreadable')}
                      </p>
                      {can('manageDocuments') && (
                        <ReprocessButton document={doc} label={t('actions.reprocess.label')} />
                      )}
                    </div>
                  )}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-3">
                  <DocumentStatusBadge status={doc.status} />
                  <DocumentRowActions document={doc} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
