import { Pencil } from 'lucide-react';
import { useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const update = useUpdateTrainingEvent(record.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit training event</DialogTitle>
          <DialogDescription>
            Saving records version {record.version + 1} as a new ledger leaf. Version{' '}
            {record.version} and every earlier one stay in the log as they were.
          </DialogDescription>
        </DialogHeader>
        <TrainingEventForm
          key={`${record.id}-${record.version}`}
          idPrefix="edit-event"
          defaultValues={toFormValues(record)}
          submitLabel="Save new version"
          submittingLabel="Saving…"
          onSubmit={async (values) => {
            const patch = editPatch(record, values);
            if (!patch) {
              toast({ title: 'Nothing changed', description: 'No new version was recorded.' });
              setOpen(false);
              return;
            }
            const saved = await update.mutateAsync(patch);
            toast({
              title: 'New version saved',
              description: `Version ${saved.version} is leaf #${saved.ledgerIndex} in the ledger.`,
            });
            setOpen(false);
          }}
          footer={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
