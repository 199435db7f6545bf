import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainingEvent } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { editPatch, toFormValues } from './event-form';
import { TrainingEventForm } from './TrainingEventForm';
import { useUpdateTrainingEvent } from './use-training-events';

/** Edit = a new version: the server appends a new leaf and the old one stays in the log. */
export function EditTrainingEventDialog({ record }: { record: TrainingEvent }) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  const update = useUpdateTrainingEvent(record.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil /> {t('edit.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>
            {t('edit.description', { next: record.version + 1, current: record.version })}
          </DialogDescription>
        </DialogHeader>
        <TrainingEventForm
          key={`${record.id}-${record.version}`}
          idPrefix="edit-event"
          defaultValues={toFormValues(record)}
          submitLabel={t('edit.submit')}
          submittingLabel={t('edit.submitting')}
          onSubmit={async (values) => {
            const patch = editPatch(record, values);
            if (!patch) {
              toast({ title: t('edit.unchanged'), description: t('edit.unchangedDescription') });
              setOpen(false);
              return;
            }
            const saved = await update.mutateAsync(patch);
            toast({
              title: t('edit.saved'),
              description: t('edit.savedDescription', {
                version: saved.version,
                leaf: saved.ledgerIndex,
              }),
            });
            setOpen(false);
          }}
          footer={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('actions.cancel')}
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
