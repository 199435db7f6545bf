import { FileSearch, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { errorText } from '../dashboard/QueryError';
import { useDocumentSummary } from './use-audit';

/** Spec §2: total documents, the count of document types and the sum of extracted fields. */
export function DocumentSummaryCard() {
  const { t } = useTranslation('audit');
  const { can } = useAuth();
  const summary = useDocumentSummary();
  const data = summary.data;
  const fieldCount = data?.documents.reduce((n, d) => n + d.extractedFields.length, 0) ?? 0;
  const figures = data
    ? ([
        { id: 'documents', label: t('summary.documents'), value: data.totalDocuments },
        { id: 'types', label: t('summary.documentTypes'), value: data.documentTypes.length },
        { id: 'fields', label: t('summary.extractedFields'), value: fieldCount },
      ] as const)
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('summary.title')}</CardTitle>
        <CardDescription>{t('summary.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
          <Spinner label={t('summary.loading')} />
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(summary.error)}
          </p>
        ) : !data || data.totalDocuments === 0 ? (
          <>
            <EmptyState icon={FileSearch} title={t('summary.emptyTitle')}>
              {t('summary.emptyText')}
            </EmptyState>
            {can('manageDocuments') && (
              <Button variant="outline" asChild className="justify-self-start">
                <Link to="/document-import">
                  <Upload aria-hidden /> {t('summary.goToImport')}
                </Link>
              </Button>
            )}
          </>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {figures.map(({ id, label, value }) => (
                <div key={id} className="rounded-md bg-muted/60 p-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{formatNumber(value)}</dd>
                </div>
              ))}
            </dl>
            <ul className="flex flex-wrap gap-1.5" aria-label={t('summary.documentTypes')}>
              {data.documentTypes.map((type) => (
                <li key={type.type}>
                  <Badge variant="secondary">
                    {t('summary.typeCount', {
                      label: t(`documentTypes.${type.type}`),
                      n: formatNumber(type.count),
                    })}
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
