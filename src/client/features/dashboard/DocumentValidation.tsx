import { AlertTriangle, ArrowRight, FileCheck, FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDetail } from '@shared/api/documents';
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
import { ExtractedFieldsForm } from '../documents/ExtractedFieldsForm';
import { useExtractedData } from '../documents/use-document';
import { useDocuments } from '../documents/use-documents';
import { errorText, QueryError, RoleNote } from './QueryError';
import { HelpLink } from '../support/HelpLink';

/**
 * The first of `queue` that has fields to check, or that needs review. A processed document read
 * without any field (a sheet of many records) cannot be validated here, so the next one is shown
 * instead; one that needs review is never skipped: its reason is shown with the way to it.
 */
function AwaitingFields({ queue }: { queue: DocumentDetail[] }) {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const [document, ...rest] = queue as [DocumentDetail, ...DocumentDetail[]];
  const more = rest.length;
  const fields = useExtractedData(document.id);
  const needsReview = document.status === 'needs_review';
  if (fields.data?.length === 0 && rest.length > 0 && !needsReview) {
    return <AwaitingFields queue={rest} />;
  }
  const link = (
    <Link
      to={`/documents/${document.id}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      {t('validation.open')} <ArrowRight aria-hidden className="size-3.5" />
    </Link>
  );

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
          <FileSearch aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={document.originalName}>
            {document.originalName}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('validation.uploaded', { date: formatDateTime(document.createdAt) })}
            {more > 0 && ` · ${t('validation.moreAwaiting', { count: more })}`}
          </p>
        </div>
      </div>
      {needsReview && (
        <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <div className="grid gap-1">
            <p className="font-medium">{t('validation.needsReview')}</p>
            {document.reviewReasons.map((reason) => (
              <p key={reason}>{reason}</p>
            ))}
          </div>
        </div>
      )}
      {fields.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t('validation.loadingFields')} />
        </div>
      ) : fields.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('validation.fieldsFailed', { message: errorText(fields.error) })}
        </p>
      ) : fields.data.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            {needsReview ? t('validation.noFieldsNeedsReview') : t('validation.noFields')}
          </p>
          {link}
        </div>
      ) : (
        <ExtractedFieldsForm
          key={document.id}
          document={document}
          fields={fields.data}
          editable={can('manageDocuments')}
          compact
          footer={link}
        />
      )}
    </div>
  );
}

/** The newest processed document awaiting validation (documents arrive newest first). */
export function DocumentValidation() {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const documents = useDocuments({ enabled: allowed, pollWhileProcessing: true });
  // Generated drafts have no extracted fields; an admin approves them on Document Generation.
  const awaiting =
    documents.data?.filter((doc) => doc.awaitingValidation && doc.source !== 'generated') ?? [];
  const next = awaiting[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('validation.title')}</CardTitle>
        <CardDescription>{t('validation.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <RoleNote>{t('validation.roleNote')}</RoleNote>
        ) : documents.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('validation.loadingDocuments')} />
          </div>
        ) : documents.isError ? (
          <QueryError error={documents.error} what={t('validation.what')} />
        ) : !next ? (
          <EmptyState icon={FileCheck} title={t('validation.emptyTitle')} className="py-6">
            {t('validation.emptyText')}
            <HelpLink article="validation" />
          </EmptyState>
        ) : (
          <AwaitingFields key={next.id} queue={awaiting} />
        )}
      </CardContent>
    </Card>
  );
}
