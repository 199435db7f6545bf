import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainingEvent } from '@shared/api/training-events';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatDateTime } from '../../lib/format';
import { HashCell } from './HashCell';
import { TrainingEventStatusBadge } from './TrainingEventStatusBadge';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

/** The record's 142.73 fields and its place in the ledger. */
export function RecordFields({ record }: { record: TrainingEvent }) {
  const { t } = useTranslation('records');
  const none = <span className="text-muted-foreground">{t('recordFields.notRecorded')}</span>;
  return (
    <Card role="region" aria-label={t('recordFields.title')}>
      <CardHeader>
        <CardTitle>{t('recordFields.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Field label={t('fields.studentName')}>{record.studentName}</Field>
          <Field label={t('fields.licenseNumber')}>{record.licenseNumber ?? none}</Field>
          <Field label={t('fields.course')}>{record.course ?? none}</Field>
          <Field label={t('fields.eventType')}>{record.eventType}</Field>
          <Field label={t('fields.eventDate')}>{formatDate(record.eventDate)}</Field>
          <Field label={t('fields.status')}>
            <TrainingEventStatusBadge status={record.status} />
          </Field>
          <Field label={t('fields.result')}>{record.result ?? none}</Field>
          <Field label={t('fields.instructor')}>{record.instructor ?? none}</Field>
          <Field label={t('fields.evaluator')}>{record.evaluator ?? none}</Field>
          <Field label={t('fields.sourceDocumentId')}>
            {record.sourceDocumentId ? (
              <span className="flex flex-wrap gap-x-3">
                <Link
                  className="text-primary underline underline-offset-4"
                  to={`/documents/${record.sourceDocumentId}`}
                >
                  {t('recordFields.openDocument')}
                </Link>
                <a
                  className="text-primary underline underline-offset-4"
                  href={`/api/documents/${record.sourceDocumentId}/file`}
                >
                  {t('recordFields.downloadOriginal')}
                </a>
              </span>
            ) : (
              t('recordFields.noDocument')
            )}
          </Field>
          <Field label={t('fields.remarks')} wide>
            {record.remarks ? <span className="whitespace-pre-wrap">{record.remarks}</span> : none}
          </Field>
          <Field label={t('recordFields.hash')} wide>
            <HashCell
              hash={record.blockchainHash}
              subject={t('hash.subjects.version', { version: record.version })}
            />
          </Field>
          <Field label={t('recordFields.version')}>
            {record.version}
            {record.ledgerIndex !== null && (
              <span className="text-muted-foreground">
                {' · '}
                {t('recordFields.ledgerLeaf', { index: record.ledgerIndex })}
              </span>
            )}
          </Field>
          <Field label={t('recordFields.lastChanged')}>{formatDateTime(record.updatedAt)}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}
