import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Discrepancy } from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../auth/use-auth';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog } from './form-parts';
import { closeFormSchema, nowInput, type CloseFormInput } from './form-schemas';
import { useUpdateDiscrepancy } from './use-fleet';

const FIELDS = [
  'closedAt',
  'closedBy',
  'correctiveAction',
  'downtimeMinutes',
  'trainingMinutesLost',
] as const;

/**
 * Closes an entry of the log. The corrective action is required of a closed entry; the server
 * holds that rule and its 422 is shown under the field.
 */
export function CloseDiscrepancyDialog({
  deviceId,
  entry,
}: {
  deviceId: string;
  entry: Discrepancy;
}) {
  const { t } = useTranslation('fleet');
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const update = useUpdateDiscrepancy(deviceId);
  const empty = (): CloseFormInput => ({
    closedAt: nowInput(),
    closedBy: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    correctiveAction: entry.correctiveAction ?? '',
    downtimeMinutes: entry.downtimeMinutes ? String(entry.downtimeMinutes) : '',
    trainingMinutesLost: entry.trainingMinutesLost ? String(entry.trainingMinutesLost) : '',
  });
  const form = useForm<CloseFormInput, unknown, z.output<typeof closeFormSchema>>({
    resolver: zodResolver(closeFormSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty());
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: entry.id,
        ...values,
        status: 'closed',
        expectedVersion: entry.version,
      });
      toast({ title: t('close.toast'), description: entry.description });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('form.requestFailed'));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('close.title')}
      description={entry.description}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('close.triggerLabel', { description: entry.description })}
        >
          {t('close.trigger')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('close.title')} className="grid gap-4">
        <FormField
          id="close-corrective-action"
          label={t('close.fields.correctiveAction')}
          hint={t('close.fields.correctiveActionHint')}
          error={errors.correctiveAction?.message}
        >
          <Textarea
            id="close-corrective-action"
            rows={3}
            aria-invalid={!!errors.correctiveAction}
            aria-describedby={errors.correctiveAction ? 'close-corrective-action-error' : undefined}
            {...form.register('correctiveAction')}
          />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="close-closed-at"
            label={t('close.fields.closedAt')}
            type="datetime-local"
            error={errors.closedAt?.message}
            registration={form.register('closedAt')}
          />
          <TextField
            id="close-closed-by"
            label={t('close.fields.closedBy')}
            error={errors.closedBy?.message}
            registration={form.register('closedBy')}
          />
          <TextField
            id="close-downtime"
            label={t('close.fields.downtime')}
            inputMode="numeric"
            hint={t('close.fields.downtimeHint')}
            error={errors.downtimeMinutes?.message}
            registration={form.register('downtimeMinutes')}
          />
          <TextField
            id="close-minutes-lost"
            label={t('form.minutesLost')}
            inputMode="numeric"
            error={errors.trainingMinutesLost?.message}
            registration={form.register('trainingMinutesLost')}
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('close.title')}
          busyLabel={t('close.busy')}
        />
      </form>
    </FormDialog>
  );
}
