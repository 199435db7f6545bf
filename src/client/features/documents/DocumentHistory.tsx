import { FileText } from 'lucide-react';
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
import { DocumentStatusBadge, DocumentStatusIcon } from './DocumentStatus';
import { formatBytes } from './file-rules';
import { useDocuments } from './use-documents';

export function DocumentHistory() {
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const documents = useDocuments({ enabled: allowed });
  const count = documents.data?.length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Processing History</CardTitle>
        <CardDescription>
          {documents.data && count > 0
            ? `${count} ${count === 1 ? 'document' : 'documents'}, newest first`
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
          <ul className="divide-y rounded-md border">
            {documents.data.map((doc) => (
              <li key={doc.id} className="flex items-start gap-3 p-3 sm:items-center">
                <DocumentStatusIcon status={doc.status} className="mt-0.5 sm:mt-0" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={doc.originalName}>
                    {doc.originalName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(doc.createdAt)} · {formatBytes(doc.sizeBytes)}
                  </p>
                  {doc.status === 'error' && doc.errorMessage && (
                    <p className="mt-1 text-xs text-destructive">{doc.errorMessage}</p>
                  )}
                </div>
                <DocumentStatusBadge status={doc.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
