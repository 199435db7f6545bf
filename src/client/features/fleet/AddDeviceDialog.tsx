import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DEVICE_KINDS, type Device } from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { applyServerError } from '../users/form-errors';
import { deviceFormSchema, emptyDevice, type DeviceFormInput } from './form-schemas';
import { FormActions, FormDialog, SelectBox } from './form-parts';
import { useCreateDevice, useUpdateDevice } from './use-fleet';

const FIELDS = [
  'kind',
  'name',
  'model',
  'qualificationLevel',
  'manufacturer',
  'serialNumber',
  'registration',
  'location',
  'inServiceFrom',
  'baseHours',
  'baseCycles',
] as const;

/** The form's values of a saved device, for editing it. */
function valuesOf(d: Device): DeviceFormInput {
  return {
    kind: d.kind,
    name: d.name,
    model: d.model,
    qualificationLevel: d.qualificationLevel ?? '',
    manufacturer: d.manufacturer ?? '',
    serialNumber: d.serialNumber ?? '',
    registration: d.registration ?? '',
    location: d.location ?? '',
    inServiceFrom: d.inServiceFrom,
    baseHours: String(d.baseHours),
    baseCycles: String(d.baseCycles),
  };
}

/**
 * A new aircraft or FSTD (Admins), whose page opens once saved to add components and logs; or,
 * given `device`, that device's details edited as a new version (refused if someone else saved
 * one in between).
 */
export function AddDeviceDialog({
  variant = 'default',
  device,
}: {
  variant?: 'default' | 'outline';
  device?: Device;
}) {
  const { t } = useTranslation('fleet');
  const [open, setOpen] = useState(false);
  const create = useCreateDevice();
  const update = useUpdateDevice(device?.id ?? '');
  const navigate = useNavigate();
  const initial = () => (device ? valuesOf(device) : emptyDevice());
  const form = useForm<DeviceFormInput, unknown, z.output<typeof deviceFormSchema>>({
    resolver: zodResolver(deviceFormSchema),
    defaultValues: initial(),
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next || !device) form.reset(initial());
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (device) {
        const saved = await update.mutateAsync({ ...values, expectedVersion: device.version });
        toast({
          title: t('deviceForm.toast.saved'),
          description: t('deviceForm.toast.version', {
            name: saved.name,
            version: saved.version,
          }),
        });
        setOpen(false);
        return;
      }
      const created = await create.mutateAsync(values);
      toast({
        title: t('deviceForm.toast.added'),
        description: t('deviceForm.toast.status', {
          name: created.name,
          status: created.statusReason,
        }),
      });
      onOpenChange(false);
      void navigate(`/fleet-insight/devices/${created.id}`);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('form.requestFailed'));
    }
  });
  const title = device ? t('deviceForm.edit') : t('deviceForm.add');
  const kindOptions = DEVICE_KINDS.map((k) => ({ value: k, label: t(`deviceKind.${k}`) }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={title}
      description={device ? t('deviceForm.editDescription') : t('deviceForm.addDescription')}
      trigger={
        device ? (
          <Button variant="outline">
            <Pencil aria-hidden /> {title}
          </Button>
        ) : (
          <Button variant={variant}>
            <Plus aria-hidden /> {title}
          </Button>
        )
      }
    >
      <form onSubmit={submit} noValidate aria-label={title} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField id="device-kind" label={t('deviceForm.kind')} error={errors.kind?.message}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <SelectBox
                  id="device-kind"
                  value={field.value}
                  onChange={field.onChange}
                  options={kindOptions}
                  invalid={!!errors.kind}
                />
              )}
            />
          </FormField>
          <TextField
            id="device-name"
            label={t('deviceForm.name')}
            required
            autoComplete="off"
            hint={t('deviceForm.nameHint')}
            error={errors.name?.message}
            registration={form.register('name')}
          />
          <TextField
            id="device-model"
            label={t('deviceForm.model')}
            required
            hint={t('deviceForm.modelHint')}
            error={errors.model?.message}
            registration={form.register('model')}
          />
          <TextField
            id="device-level"
            label={t('deviceForm.level')}
            hint={t('deviceForm.levelHint')}
            error={errors.qualificationLevel?.message}
            registration={form.register('qualificationLevel')}
          />
          <TextField
            id="device-manufacturer"
            label={t('deviceForm.manufacturer')}
            error={errors.manufacturer?.message}
            registration={form.register('manufacturer')}
          />
          <TextField
            id="device-serial"
            label={t('deviceForm.serial')}
            error={errors.serialNumber?.message}
            registration={form.register('serialNumber')}
          />
          <TextField
            id="device-registration"
            label={t('deviceForm.registration')}
            required={kind === 'aircraft'}
            hint={kind === 'aircraft' ? t('deviceForm.registrationHint') : undefined}
            error={errors.registration?.message}
            registration={form.register('registration')}
          />
          <TextField
            id="device-location"
            label={t('deviceForm.location')}
            error={errors.location?.message}
            registration={form.register('location')}
          />
          <TextField
            id="device-in-service"
            label={t('deviceForm.inServiceFrom')}
            type="date"
            required
            error={errors.inServiceFrom?.message}
            registration={form.register('inServiceFrom')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="device-base-hours"
              label={t('deviceForm.baseHours')}
              inputMode="decimal"
              hint={t('deviceForm.baseHoursHint')}
              error={errors.baseHours?.message}
              registration={form.register('baseHours')}
            />
            <TextField
              id="device-base-cycles"
              label={t('deviceForm.baseCycles')}
              inputMode="numeric"
              error={errors.baseCycles?.message}
              registration={form.register('baseCycles')}
            />
          </div>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('deviceForm.submit')}
          busyLabel={t('form.saving')}
        />
      </form>
    </FormDialog>
  );
}
