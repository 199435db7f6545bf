import { FileText } from 'lucide-react';
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
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { QueryError, RoleNote } from '../dashboard/QueryError';
import { DocumentRowActions, ReprocessButton } from './DocumentActions';
import { DocumentStatusBadge, DocumentStatusIcon } from './DocumentStatus';
import { formatBytes } from './file-rules';
import { isInProgress, useDocuments } from './use-documents';

export function DocumentHistory() {
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const documents = useDocuments({ enabled: allowed, pollWhileProcessing: true });
  const count = documents.data?.length ?? 0;
  const reading = documents.data?.filter(isInProgress).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Processing History</CardTitle>
        <CardDescription aria-live="polite">
          {documents.data && count > 0
            ? `${count} ${count === 1 ? 'document' : 'documents'}, newest first` +
              (reading ? ` · ${reading} being read, statuses refresh by themselves` : '')
            : 'Every uploaded document and where it is in processing'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <RoleNote>
            Your role sees only records assigned to you; the organization’s document history is not
            available to it.
          </RoleNote>
        ) : documents.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label="Loading documents" />
          </div>
        ) : documents.isError ? (
          <QueryError error={documents.error} what="the documents" />
        ) : count === 0 ? (
          <EmptyState icon={FileText} title="No documents uploaded yet">
            Uploaded documents appear here with their processing status.
          </EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Documents">
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
                        Generated
                      </Badge>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(doc.createdAt)} · {formatBytes(doc.sizeBytes)}
                  </p>
                  {doc.status === 'error' && (
                    <div className="mt-1.5 flex flex-wrap items-center gap-2">
                      <p className="text-xs text-destructive">
                        {doc.errorMessage ?? 'The document could not be read.'}
                      </p>
                      {can('manageDocuments') && (
                        <ReprocessButton document={doc} label="Reprocess" />
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
