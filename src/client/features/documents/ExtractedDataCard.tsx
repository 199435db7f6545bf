import { AlertTriangle, CheckCircle2, TableProperties } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDetail, ExtractedDataItem } from '@shared/api/documents';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { errorText } from '../dashboard/QueryError';
import { useRecordsFromDocument } from '../records/use-training-events';
import { MissingFields, RecordFromDocument, ReviewNotice } from './DocumentReview';
import { ExtractedFieldsForm } from './ExtractedFieldsForm';
import {
  confidenceTone,
  documentView,
  formatConfidence,
  useReviewThreshold,
} from './field-presentation';
import { hasBeenRead, useExtractedData } from './use-document';

function EmptyFields({ document, editable }: { document: DocumentDetail; editable: boolean }) {
  const { t } = useTranslation('documents');
  const sheet = documentView(document) === 'spreadsheet';
  return (
    <div className="grid gap-1 rounded-md bg-muted p-4 text-sm text-muted-foreground">
      <p className="font-medium text-foreground">{t('extracted.noFields')}</p>
      <p>{sheet ? t('extracted.noFieldsSheet') : t('extracted.noFieldsText')}</p>
      {sheet && editable && (
        <p>
          <Link
            to={`/compliance-records/import?document=${document.id}`}
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <TableProperties aria-hidden className="size-4" /> {t('extracted.importRows')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Unconfirmed values under the review threshold first: the ones a reviewer must look at. */
function reviewOrder(fields: ExtractedDataItem[], threshold: number): ExtractedDataItem[] {
  const doubtful = (f: ExtractedDataItem) =>
    f.validatedAt === null &&
    (confidenceTone(f.confidenceScore, threshold) !== 'high' || f.reviewNotes.length > 0);
  return [...fields.filter(doubtful), ...fields.filter((f) => !doubtful(f))];
}

/** The right side of the document page: the fields read, their confidence, their validation. */
export function ExtractedDataCard({
  document,
  onShowPage,
  activeFieldId,
}: {
  document: DocumentDetail;
  onShowPage: (field: ExtractedDataItem) => void;
  activeFieldId: string | null;
}) {
  const { t } = useTranslation('documents');
  const { can } = useAuth();
  const editable = can('manageDocuments');
  const threshold = useReviewThreshold();
  const read = hasBeenRead(document);
  const fields = useExtractedData(document.id, { enabled: read });
  const records = useRecordsFromDocument(document.id, { enabled: read });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t('extracted.title')}</CardTitle>
        <CardDescription>
          {editable
            ? t('extracted.descriptionEditable', {
                threshold: formatConfidence(threshold),
              })
            : t('extracted.descriptionReadOnly')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <ReviewNotice document={document} editable={editable} />
        {document.status === 'validated' && document.validatedAt && (
          <p className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-800">
            <CheckCircle2 aria-hidden className="size-4 shrink-0" />
            {t('extracted.allValidated', { date: formatDateTime(document.validatedAt) })}
          </p>
        )}
        {!read ? (
          <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
            {document.status === 'error' ? t('extracted.unreadable') : t('extracted.notYetRead')}
          </p>
        ) : fields.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('extracted.loading')} />
          </div>
        ) : fields.isError ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('extracted.fetchFailed')} {errorText(fields.error)}
          </p>
        ) : (
          <>
            <MissingFields document={document} fields={fields.data} editable={editable} />
            {fields.data.length === 0 ? (
              <EmptyFields document={document} editable={editable} />
            ) : (
              <ExtractedFieldsForm
                document={document}
                fields={reviewOrder(fields.data, threshold)}
                editable={editable}
                onShowPage={onShowPage}
                activeFieldId={activeFieldId}
              />
            )}
            <RecordFromDocument
              document={document}
              records={records.data ?? []}
              canCreate={editable}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
