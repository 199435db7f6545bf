import { ArrowRight, FileCheck, FileSearch } from 'lucide-react';
import { Link } from 'react-router';
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
import { DocumentStatusBadge } from '../documents/DocumentStatus';
import { formatBytes } from '../documents/file-rules';
import { useDocuments } from '../documents/use-documents';
import { QueryError, RoleNote } from './QueryError';

/** The newest processed document awaiting validation (documents arrive newest first). */
export function DocumentValidation() {
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const documents = useDocuments({ enabled: allowed });
  const awaiting = documents.data?.filter((doc) => doc.status === 'processed') ?? [];
  const next = awaiting[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Validation</CardTitle>
        <CardDescription>
          Processed documents wait here for a person to confirm the extracted fields
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <RoleNote>Document validation is available to admins, instructors and auditors.</RoleNote>
        ) : documents.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading documents" />
          </div>
        ) : documents.isError ? (
          <QueryError error={documents.error} what="the documents" />
        ) : !next ? (
          <EmptyState icon={FileCheck} title="No documents awaiting validation" className="py-6">
            When an uploaded document has been read, it waits here for its fields to be checked.
          </EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-3">
            <div className="flex items-start gap-3 rounded-md border p-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                <FileSearch aria-hidden className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={next.originalName}>
                  {next.originalName}
                </p>
                <p className="text-xs text-muted-foreground">
                  Uploaded {formatDateTime(next.createdAt)} · {formatBytes(next.sizeBytes)}
                </p>
              </div>
              <DocumentStatusBadge status={next.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {awaiting.length === 1
                ? 'This is the only document awaiting validation.'
                : `${awaiting.length - 1} more ${awaiting.length === 2 ? 'document is' : 'documents are'} awaiting validation.`}{' '}
              Field-by-field review opens here once extraction results are available.
            </p>
            <Link
              to="/document-import"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              Open Document Import <ArrowRight aria-hidden className="size-3.5" />
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
