import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MaintenanceItem } from '@shared/api/maintenance';
import { isCalendarDate } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { t } from '../../i18n/app';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog } from './form-parts';
import { useMarkMaintenanceDone } from './use-fleet';

const doneForm = z.object({
  doneAt: z.string().refine(isCalendarDate, { error: () => t('fleet:validation.doneAt') }),
  doneHours: z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), {
      error: () => t('fleet:validation.doneHours'),
    })
    .transform((v) => (v === '' ? null : Number(v))),
});
type DoneInput = z.input<typeof doneForm>;

const todayInput = () => new Date().toISOString().slice(0, 10);

/** Scheduled maintenance done: the date (and device hours); the next due follows from the interval. */
export function MarkDoneDialog({ deviceId, item }: { deviceId: string; item: MaintenanceItem }) {
  const { t } = useTranslation('fleet');
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
      toast({ title: t('markDone.toast'), description: item.title });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, ['doneAt', 'doneHours'], t('form.requestFailed'));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('markDone.title')}
      description={t('markDone.description', { title: item.title })}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('markDone.triggerLabel', { title: item.title })}
        >
          {t('markDone.trigger')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('markDone.title')} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="done-at"
            label={t('markDone.doneAt')}
            type="date"
            error={errors.doneAt?.message}
            registration={form.register('doneAt')}
          />
          <TextField
            id="done-hours"
            label={t('markDone.doneHours')}
            inputMode="decimal"
            hint={t('markDone.doneHoursHint')}
            error={errors.doneHours?.message}
            registration={form.register('doneHours')}
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('markDone.submit')}
          busyLabel={t('form.saving')}
        />
      </form>
    </FormDialog>
  );
}
