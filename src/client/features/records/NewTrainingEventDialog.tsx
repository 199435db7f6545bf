import { FileCheck2, Info } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { QueryError } from '../dashboard/QueryError';
import { useDocument, useExtractedData } from '../documents/use-document';
import { prefillFromDocument } from './document-prefill';
import { EMPTY_EVENT, type EventFormInput } from './event-form';
import { recordFieldLabel } from './labels';
import { TrainingEventForm } from './TrainingEventForm';
import { useCreateTrainingEvent } from './use-training-events';

function CreateForm({
  defaultValues,
  onDone,
}: {
  defaultValues: EventFormInput;
  onDone: () => void;
}) {
  const { t } = useTranslation('records');
  const create = useCreateTrainingEvent();
  return (
    <TrainingEventForm
      idPrefix="new-event"
      defaultValues={defaultValues}
      submitLabel={t('create.submit')}
      submittingLabel={t('create.submitting')}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values);
        const warnings = created.warnings ?? [];
        toast({
          title: warnings.length === 0 ? t('create.created') : t('create.createdWithWarning'),
          description:
            t('create.createdDescription', {
              student: created.studentName,
              type: created.eventType,
              leaf: created.ledgerIndex,
            }) +
            warnings
              .map((w) => ` ${t('create.warning', { paragraph: w.paragraph, message: w.message })}`)
              .join(''),
        });
        onDone();
      }}
      footer={
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('actions.cancel')}
          </Button>
        </DialogClose>
      }
    />
  );
}

/** Prefills the form from a document's extracted fields, saying which values are not validated. */
function FromDocument({ documentId, onDone }: { documentId: string; onDone: () => void }) {
  const { t } = useTranslation('records');
  const document = useDocument(documentId);
  const fields = useExtractedData(documentId);
  if (document.isError)
    return <QueryError error={document.error} what={t('create.documentWhat')} />;
  if (fields.isError) return <QueryError error={fields.error} what={t('create.fieldsWhat')} />;
  if (!document.data || !fields.data) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('create.loadingFields')} />
      </div>
    );
  }
  const prefill = prefillFromDocument(documentId, fields.data);
  const validated = document.data.status === 'validated';
  const labels = (list: readonly string[]) => list.map((f) => recordFieldLabel(t, f)).join(', ');
  const name = document.data.originalName;
  return (
    <>
      <div
        className={
          validated && prefill.unvalidated.length === 0
            ? 'flex gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900'
            : 'flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900'
        }
      >
        {validated ? (
          <FileCheck2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        ) : (
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        <p>
          {prefill.filled.length === 0 ? (
            <Trans
              t={t}
              i18nKey="create.prefilledNothing"
              values={{ name }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans
              t={t}
              i18nKey="create.prefilled"
              values={{ name, fields: labels(prefill.filled) }}
              components={{ strong: <strong /> }}
            />
          )}
          {!validated && ` ${t('create.notValidated')}`}
          {validated &&
            prefill.unvalidated.length > 0 &&
            ` ${t('create.someNotValidated', { fields: labels(prefill.unvalidated) })}`}
        </p>
      </div>
      <CreateForm key={documentId} defaultValues={prefill.values} onDone={onDone} />
    </>
  );
}

/** 'New training event': typed by hand, or prefilled from a document (?fromDocument=<id>). */
export function NewTrainingEventDialog({
  open,
  onOpenChange,
  documentId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documentId: string | null;
}) {
  const { t } = useTranslation('records');
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {documentId ? (
          <FromDocument documentId={documentId} onDone={close} />
        ) : (
          <CreateForm defaultValues={EMPTY_EVENT} onDone={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}
