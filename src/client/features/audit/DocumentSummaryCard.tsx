import { FileSearch, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
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
import { useAuth } from '../auth/use-auth';
import { errorText } from '../dashboard/QueryError';
import { useDocumentSummary } from './use-audit';

/** Spec §2: total documents, the count of document types and the sum of extracted fields. */
export function DocumentSummaryCard() {
  const { can } = useAuth();
  const summary = useDocumentSummary();
  const data = summary.data;
  const fieldCount = data?.documents.reduce((n, d) => n + d.extractedFields.length, 0) ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Summary</CardTitle>
        <CardDescription>Processed documents the analysis reads, sorted by type.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
          <Spinner label="Loading the document summary" />
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(summary.error)}
          </p>
        ) : !data || data.totalDocuments === 0 ? (
          <>
            <EmptyState icon={FileSearch} title="No documents analyzed yet">
              Upload and process documents; the analysis reads their stored text and fields.
            </EmptyState>
            {can('manageDocuments') && (
              <Button variant="outline" asChild className="justify-self-start">
                <Link to="/document-import">
                  <Upload aria-hidden /> Go to Document Import
                </Link>
              </Button>
            )}
          </>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                ['Documents', data.totalDocuments],
                ['Document types', data.documentTypes.length],
                ['Extracted fields', fieldCount],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted/60 p-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <ul className="flex flex-wrap gap-1.5" aria-label="Document types">
              {data.documentTypes.map((t) => (
                <li key={t.type}>
                  <Badge variant="secondary">
                    {t.label}: {t.count}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
