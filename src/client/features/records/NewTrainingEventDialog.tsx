import { FileCheck2, Info } from 'lucide-react';
import { RECORD_FIELD_LABELS } from '@shared/api/fields';
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
import { TrainingEventForm } from './TrainingEventForm';
import { useCreateTrainingEvent } from './use-training-events';

function CreateForm({
  defaultValues,
  onDone,
}: {
  defaultValues: EventFormInput;
  onDone: () => void;
}) {
  const create = useCreateTrainingEvent();
  return (
    <TrainingEventForm
      idPrefix="new-event"
      defaultValues={defaultValues}
      submitLabel="Create training event"
      submittingLabel="Recording…"
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values);
        const warnings = created.warnings ?? [];
        toast({
          title:
            warnings.length === 0
              ? 'Training event created'
              : 'Training event created with a warning',
          description:
            `${created.studentName}, ${created.eventType}: recorded in the ledger as leaf #${created.ledgerIndex}.` +
            warnings.map((w) => ` ${w.paragraph}: ${w.message}.`).join(''),
        });
        onDone();
      }}
      footer={
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
      }
    />
  );
}

/** Prefills the form from a document's extracted fields, saying which values are not validated. */
function FromDocument({ documentId, onDone }: { documentId: string; onDone: () => void }) {
  const document = useDocument(documentId);
  const fields = useExtractedData(documentId);
  if (document.isError) return <QueryError error={document.error} what="the document" />;
  if (fields.isError) return <QueryError error={fields.error} what="the extracted fields" />;
  if (!document.data || !fields.data) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading the document’s fields" />
      </div>
    );
  }
  const prefill = prefillFromDocument(documentId, fields.data);
  const validated = document.data.status === 'validated';
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
          Prefilled from <strong>{document.data.originalName}</strong>
          {prefill.filled.length === 0
            ? ', which has no fields a training record uses; fill the form in by hand.'
            : `: ${prefill.filled.map((f) => RECORD_FIELD_LABELS[f]).join(', ')}.`}
          {!validated && ' The document is not validated yet: check every value against it.'}
          {validated &&
            prefill.unvalidated.length > 0 &&
            ` Not validated: ${prefill.unvalidated.map((f) => RECORD_FIELD_LABELS[f]).join(', ')}.`}
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
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New training event</DialogTitle>
          <DialogDescription>
            The 14 CFR 142.73 record of one training event. Saving appends it to your organization’s
            ledger; later edits add versions and never overwrite it.
          </DialogDescription>
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
