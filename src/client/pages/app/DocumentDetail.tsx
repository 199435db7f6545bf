import { FileQuestion } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ExtractedDataItem } from '@shared/api/documents';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import { DocumentOriginal } from '../../features/documents/DocumentOriginal';
import {
  DocumentSummaryCard,
  ErrorNotice,
  ProcessingNotice,
} from '../../features/documents/DocumentSummaryCard';
import { ExtractedDataCard } from '../../features/documents/ExtractedDataCard';
import { currentValue, fieldLabel } from '../../features/documents/field-presentation';
import { useDocument } from '../../features/documents/use-document';
import { isInProgress } from '../../features/documents/use-documents';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function NotFoundState() {
  const { t } = useTranslation('documents');
  return (
    <EmptyState icon={FileQuestion} title={t('detail.notFoundTitle')}>
      {t('detail.notFoundText')}{' '}
      <Link to="/document-import" className="font-medium text-primary hover:underline">
        {t('detail.back')}
      </Link>
    </EmptyState>
  );
}

/** /documents/:id — the original beside its extracted fields, for review and validation. */
export default function DocumentDetail() {
  const { t } = useTranslation('documents');
  const { id = '' } = useParams();
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const wellFormed = UUID.test(id);
  const document = useDocument(id, { enabled: allowed && wellFormed });
  // The page shown on the left lives in the URL, so a link reproduces the view.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [active, setActive] = useState<ExtractedDataItem | null>(null);

  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: true },
    );

  const showPage = (field: ExtractedDataItem) => {
    setActive(field);
    setPage(field.page);
    window.document
      .getElementById('document-original')
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  if (!allowed) {
    return <RoleNote>{t('detail.roleNote')}</RoleNote>;
  }
  if (!wellFormed) return <NotFoundState />;
  if (document.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label={t('detail.loading')} />
      </div>
    );
  }
  if (document.isError) {
    return document.error instanceof ApiError && document.error.status === 404 ? (
      <NotFoundState />
    ) : (
      <QueryError error={document.error} what={t('detail.what')} />
    );
  }

  const doc = document.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <DocumentSummaryCard document={doc} />
      {isInProgress(doc) && <ProcessingNotice document={doc} />}
      {doc.status === 'error' && <ErrorNotice document={doc} />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <DocumentOriginal
          document={doc}
          page={page}
          onPageChange={setPage}
          highlight={active ? currentValue(active) : undefined}
          focus={
            active
              ? { page: active.page, box: active.box, label: fieldLabel(active.fieldName) }
              : undefined
          }
        />
        <ExtractedDataCard
          document={doc}
          onShowPage={showPage}
          activeFieldId={active?.id ?? null}
        />
      </div>
    </div>
  );
}
