import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RECORD_FIELD_LABELS } from '@shared/api/fields';
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

const none = <span className="text-muted-foreground">Not recorded</span>;

/** The record's 142.73 fields and its place in the ledger. */
export function RecordFields({ record }: { record: TrainingEvent }) {
  return (
    <Card role="region" aria-label="Record">
      <CardHeader>
        <CardTitle>Record</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Field label={RECORD_FIELD_LABELS.studentName}>{record.studentName}</Field>
          <Field label={RECORD_FIELD_LABELS.licenseNumber}>{record.licenseNumber ?? none}</Field>
          <Field label={RECORD_FIELD_LABELS.course}>{record.course ?? none}</Field>
          <Field label={RECORD_FIELD_LABELS.eventType}>{record.eventType}</Field>
          <Field label={RECORD_FIELD_LABELS.eventDate}>{formatDate(record.eventDate)}</Field>
          <Field label={RECORD_FIELD_LABELS.status}>
            <TrainingEventStatusBadge status={record.status} />
          </Field>
          <Field label={RECORD_FIELD_LABELS.result}>{record.result ?? none}</Field>
          <Field label={RECORD_FIELD_LABELS.instructor}>{record.instructor ?? none}</Field>
          <Field label={RECORD_FIELD_LABELS.evaluator}>{record.evaluator ?? none}</Field>
          <Field label={RECORD_FIELD_LABELS.sourceDocumentId}>
            {record.sourceDocumentId ? (
              <span className="flex flex-wrap gap-x-3">
                <Link
                  className="text-primary underline underline-offset-4"
                  to={`/documents/${record.sourceDocumentId}`}
                >
                  Open the document
                </Link>
                <a
                  className="text-primary underline underline-offset-4"
                  href={`/api/documents/${record.sourceDocumentId}/file`}
                >
                  Download the original
                </a>
              </span>
            ) : (
              'Entered by hand or imported'
            )}
          </Field>
          <Field label={RECORD_FIELD_LABELS.remarks} wide>
            {record.remarks ? <span className="whitespace-pre-wrap">{record.remarks}</span> : none}
          </Field>
          <Field label="Blockchain Hash" wide>
            <HashCell hash={record.blockchainHash} subject={`version ${record.version}`} />
          </Field>
          <Field label="Version">
            {record.version}
            {record.ledgerIndex !== null && (
              <span className="text-muted-foreground"> · ledger leaf #{record.ledgerIndex}</span>
            )}
          </Field>
          <Field label="Last changed">{formatDateTime(record.updatedAt)}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}
