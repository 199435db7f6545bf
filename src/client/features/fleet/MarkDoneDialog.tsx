import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { MaintenanceItem } from '@shared/api/maintenance';
import { isCalendarDate } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog } from './form-parts';
import { useMarkMaintenanceDone } from './use-fleet';

const doneForm = z.object({
  doneAt: z.string().refine(isCalendarDate, 'Enter the date it was done'),
  doneHours: z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), {
      message: 'Hours are a number, 0 or more',
    })
    .transform((v) => (v === '' ? null : Number(v))),
});
type DoneInput = z.input<typeof doneForm>;

const todayInput = () => new Date().toISOString().slice(0, 10);

/** Scheduled maintenance done: the date (and device hours); the next due follows from the interval. */
export function MarkDoneDialog({ deviceId, item }: { deviceId: string; item: MaintenanceItem }) {
  const [open, setOpen] = useState(false);
  const done = useMarkMaintenanceDone(deviceId);
  const form = useForm<DoneInput, unknown, z.output<typeof doneForm>>({
    resolver: zodResolver(doneForm),
    defaultValues: { doneAt: todayInput(), doneHours: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset({ doneAt: todayInput(), doneHours: '' });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await done.mutateAsync({ itemId: item.id, ...values });
      toast({ title: 'Maintenance recorded as done', description: item.title });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, ['doneAt', 'doneHours']);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark maintenance done"
      description={`${item.title}: the next due date and hours follow from its interval.`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Mark done: ${item.title}`}>
          Mark done
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Mark maintenance done" className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="done-at"
            label="Done on"
            type="date"
            error={errors.doneAt?.message}
            registration={form.register('doneAt')}
          />
          <TextField
            id="done-hours"
            label="Device hours"
            inputMode="decimal"
            hint="Empty: the hours now, when done today"
            error={errors.doneHours?.message}
            registration={form.register('doneHours')}
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Record as done"
          busyLabel="Saving…"
        />
      </form>
    </FormDialog>
  );
}
