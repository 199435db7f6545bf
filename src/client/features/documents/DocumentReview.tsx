import { AlertTriangle, ClipboardCheck, FilePlus2, Loader2, SearchX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDetail, ExtractedDataItem } from '@shared/api/documents';
import type { ExtractedFieldName } from '@shared/api/fields';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { formatNumber } from '../../lib/format';
import { fieldLabel } from './field-presentation';
import { useAddField, useMarkReviewed } from './use-document-actions';

/**
 * Why a document waits for a person, and the way to settle it once they have looked: a note
 * that goes to the audit trail. Shown while the document is in needs_review.
 */
export function ReviewNotice({
  document,
  editable,
}: {
  document: DocumentDetail;
  editable: boolean;
}) {
  const { t } = useTranslation('documents');
  const [note, setNote] = useState('');
  const noteId = useId();
  const review = useMarkReviewed(document);
  if (document.status !== 'needs_review') return null;
  return (
    <section
      aria-labelledby={`${noteId}-title`}
      className="grid grid-cols-1 gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id={`${noteId}-title`} className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-4 shrink-0 text-amber-700" />
        {t('review.title')}
      </h3>
      <ul className="grid list-disc gap-1 pl-6">
        {document.reviewReasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {editable && (
        <form
          className="grid grid-cols-1 gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (note.trim()) review.mutate(note.trim());
          }}
        >
          <label htmlFor={noteId} className="font-medium">
            {t('review.noteLabel')}
          </label>
          <Textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('review.notePlaceholder')}
            rows={2}
            maxLength={2000}
            className="bg-white"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="outline" disabled={!note.trim() || review.isPending}>
              {review.isPending ? (
                <Loader2 aria-hidden className="animate-spin" />
              ) : (
                <ClipboardCheck aria-hidden />
              )}
              {t('review.markReviewed')}
            </Button>
            <span className="text-xs text-amber-900">{t('review.queueNote')}</span>
          </div>
        </form>
      )}
    </section>
  );
}

function MissingFieldRow({
  document,
  fieldName,
  editable,
}: {
  document: DocumentDetail;
  fieldName: ExtractedFieldName;
  editable: boolean;
}) {
  const { t } = useTranslation('documents');
  const [value, setValue] = useState('');
  const inputId = useId();
  const add = useAddField(document);
  const label = fieldLabel(fieldName);
  return (
    <li className="grid grid-cols-1 gap-1.5 rounded-md border border-dashed p-3">
      <div className="flex items-center gap-2">
        {editable ? (
          <label htmlFor={inputId} className="flex-1 text-sm font-medium">
            {label}
          </label>
        ) : (
          <span className="flex-1 text-sm font-medium">{label}</span>
        )}
        <span className="text-xs text-muted-foreground">{t('missing.notFound')}</span>
      </div>
      {editable && (
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (value.trim()) {
              add.mutate({ fieldName, value: value.trim() }, { onSuccess: () => setValue('') });
            }
          }}
        >
          <Input
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={t('missing.placeholder')}
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            type="submit"
            variant="outline"
            className="shrink-0"
            disabled={!value.trim() || add.isPending}
            aria-label={t('missing.addName', { field: label })}
          >
            {add.isPending && <Loader2 aria-hidden className="animate-spin" />}
            {t('missing.add')}
          </Button>
        </form>
      )}
    </li>
  );
}

/**
 * The fields a document of its kind should show but that were not found. A missing field is a
 * finding too: the reviewer enters it from the original, or leaves it and says why.
 */
export function MissingFields({
  document,
  fields,
  editable,
}: {
  document: DocumentDetail;
  fields: ExtractedDataItem[];
  editable: boolean;
}) {
  const { t } = useTranslation('documents');
  const present = new Set(fields.map((f) => f.fieldName));
  const missing = document.expectedFields.filter((name) => !present.has(name));
  if (missing.length === 0) return null;
  const open = editable && document.status !== 'validated';
  return (
    <section aria-label={t('missing.label')} className="grid grid-cols-1 gap-2">
      <p className="flex items-center gap-2 text-sm font-medium">
        <SearchX aria-hidden className="size-4 text-amber-700" />
        {t('missing.count', { count: missing.length, n: formatNumber(missing.length) })}
      </p>
      <ul className="grid grid-cols-1 gap-2">
        {missing.map((name) => (
          <MissingFieldRow key={name} document={document} fieldName={name} editable={open} />
        ))}
      </ul>
    </section>
  );
}

/**
 * From a validated document to a training record: the record form prefilled from its fields, or
 * the records already made from it.
 */
export function RecordFromDocument({
  document,
  records,
  canCreate,
}: {
  document: DocumentDetail;
  records: { id: string; studentName: string; eventDate: string }[];
  canCreate: boolean;
}) {
  const { t } = useTranslation('documents');
  if (records.length > 0) {
    return (
      <div className="grid gap-1 text-sm">
        <p className="font-medium">{t('records.madeFrom', { count: records.length })}</p>
        <ul className="grid gap-1">
          {records.map((record) => (
            <li key={record.id}>
              <Link
                to={`/compliance-records/${record.id}`}
                className="font-medium text-primary underline underline-offset-2"
              >
                {record.studentName}, {record.eventDate}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!canCreate || document.status !== 'validated') return null;
  return (
    <Button asChild>
      <Link to={`/compliance-records?fromDocument=${document.id}`}>
        <FilePlus2 aria-hidden /> {t('records.create')}
      </Link>
    </Button>
  );
}
