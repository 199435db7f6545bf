import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FleetComponent } from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog, SelectBox } from './form-parts';
import {
  componentFormSchema,
  NONE,
  removalFormSchema,
  todayInput,
  type ComponentFormInput,
  type RemovalFormInput,
} from './form-schemas';
import { useInstallComponent, useRemoveComponent } from './use-fleet';

/** Why a unit came off, in order; each one's name is `removal.<reason>` in the catalogue. */
export const REMOVAL_REASONS = ['failure', 'scheduled', 'other'] as const;

const COMPONENT_FIELDS = [
  'name',
  'ataChapter',
  'partNumber',
  'serialNumber',
  'installedAt',
  'lifeLimitHours',
  'lifeLimitCycles',
  'removedAt',
  'removalReason',
] as const;

const emptyComponent = (): ComponentFormInput => ({
  name: '',
  ataChapter: '',
  partNumber: '',
  serialNumber: '',
  installedAt: todayInput(),
  lifeLimitHours: '',
  lifeLimitCycles: '',
  removedAt: '',
  removalReason: NONE,
});

/**
 * A unit installed on the device (Admins). A unit already removed can be entered with its
 * removal, so the history a component type's model is fitted to can be brought in.
 */
export function InstallComponentDialog({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('fleet');
  const [open, setOpen] = useState(false);
  const install = useInstallComponent(deviceId);
  const form = useForm<ComponentFormInput, unknown, z.output<typeof componentFormSchema>>({
    resolver: zodResolver(componentFormSchema),
    defaultValues: emptyComponent(),
  });
  const { errors, isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(emptyComponent());
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await install.mutateAsync(values);
      toast({ title: t('install.toast'), description: values.name });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, COMPONENT_FIELDS, t('form.requestFailed'));
    }
  });
  const reasonOptions = [
    { value: NONE, label: t('install.stillInstalled') },
    ...REMOVAL_REASONS.map((r) => ({ value: r, label: t(`removal.${r}`) })),
  ];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('install.title')}
      description={t('install.description')}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> {t('install.title')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('install.title')} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="component-name"
            label={t('install.fields.name')}
            required
            error={errors.name?.message}
            registration={form.register('name')}
          />
          <TextField
            id="component-ata"
            label={t('form.ataChapter')}
            inputMode="numeric"
            hint={t('form.ataChapterHint')}
            error={errors.ataChapter?.message}
            registration={form.register('ataChapter')}
          />
          <TextField
            id="component-part"
            label={t('install.fields.partNumber')}
            error={errors.partNumber?.message}
            registration={form.register('partNumber')}
          />
          <TextField
            id="component-serial"
            label={t('install.fields.serialNumber')}
            error={errors.serialNumber?.message}
            registration={form.register('serialNumber')}
          />
          <TextField
            id="component-installed"
            label={t('install.fields.installedAt')}
            type="date"
            required
            error={errors.installedAt?.message}
            registration={form.register('installedAt')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="component-life-hours"
              label={t('install.fields.lifeLimitHours')}
              inputMode="decimal"
              error={errors.lifeLimitHours?.message}
              registration={form.register('lifeLimitHours')}
            />
            <TextField
              id="component-life-cycles"
              label={t('install.fields.lifeLimitCycles')}
              inputMode="numeric"
              error={errors.lifeLimitCycles?.message}
              registration={form.register('lifeLimitCycles')}
            />
          </div>
          <TextField
            id="component-removed"
            label={t('removeComponent.removedAt')}
            type="date"
            hint={t('install.fields.removedAtHint')}
            error={errors.removedAt?.message}
            registration={form.register('removedAt')}
          />
          <FormField
            id="component-removal-reason"
            label={t('install.fields.removalReason')}
            error={errors.removalReason?.message}
          >
            <Controller
              control={form.control}
              name="removalReason"
              render={({ field }) => (
                <SelectBox
                  id="component-removal-reason"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={!!errors.removalReason}
                  options={reasonOptions}
                />
              )}
            />
          </FormField>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('install.submit')}
          busyLabel={t('form.recording')}
        />
      </form>
    </FormDialog>
  );
}

/** Takes a unit off the device; a failure counts in its type's reliability model. */
export function RemoveComponentDialog({
  deviceId,
  component,
}: {
  deviceId: string;
  component: FleetComponent;
}) {
  const { t } = useTranslation('fleet');
  const [open, setOpen] = useState(false);
  const remove = useRemoveComponent(deviceId);
  const empty = (): RemovalFormInput => ({ removedAt: todayInput(), removalReason: 'failure' });
  const form = useForm<RemovalFormInput, unknown, z.output<typeof removalFormSchema>>({
    resolver: zodResolver(removalFormSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;
  const label = `${component.name}${component.serialNumber ? ` ${component.serialNumber}` : ''}`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty());
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync({ componentId: component.id, ...values });
      toast({ title: t('removeComponent.toast'), description: label });
      setOpen(false);
    } catch (error) {
      applyServerError(
        form.setError,
        error,
        ['removedAt', 'removalReason'],
        t('form.requestFailed'),
      );
    }
  });
  const title = t('removeComponent.title', { unit: label });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t('removeComponent.description')}
      trigger={
        <Button variant="outline" size="sm" aria-label={title}>
          {t('removeComponent.trigger')}
        </Button>
      }
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('removeComponent.formLabel')}
        className="grid gap-4"
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="removal-date"
            label={t('removeComponent.removedAt')}
            type="date"
            error={errors.removedAt?.message}
            registration={form.register('removedAt')}
          />
          <FormField
            id="removal-reason"
            label={t('removeComponent.reason')}
            error={errors.removalReason?.message}
          >
            <Controller
              control={form.control}
              name="removalReason"
              render={({ field }) => (
                <SelectBox
                  id="removal-reason"
                  value={field.value}
                  onChange={field.onChange}
                  options={REMOVAL_REASONS.map((r) => ({ value: r, label: t(`removal.${r}`) }))}
                />
              )}
            />
          </FormField>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('removeComponent.submit')}
          busyLabel={t('removeComponent.busy')}
        />
      </form>
    </FormDialog>
  );
}
