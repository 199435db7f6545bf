import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DEVICE_KIND_LABELS, DEVICE_KINDS, type Device } from '@shared/api/maintenance';
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

const KIND_OPTIONS = DEVICE_KINDS.map((k) => ({ value: k, label: DEVICE_KIND_LABELS[k] }));

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
        toast({ title: 'Device saved', description: `${saved.name}: version ${saved.version}` });
        setOpen(false);
        return;
      }
      const created = await create.mutateAsync(values);
      toast({ title: 'Device added', description: `${created.name}: ${created.statusReason}` });
      onOpenChange(false);
      void navigate(`/fleet-insight/devices/${created.id}`);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={device ? 'Edit device' : 'Add device'}
      description={
        device
          ? 'Saving writes a new version of the device to the ledger.'
          : 'An aircraft or flight simulation training device of your fleet. Components, scheduled maintenance and the logs are added on its page.'
      }
      trigger={
        device ? (
          <Button variant="outline">
            <Pencil aria-hidden /> Edit device
          </Button>
        ) : (
          <Button variant={variant}>
            <Plus aria-hidden /> Add device
          </Button>
        )
      }
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={device ? 'Edit device' : 'Add device'}
        className="grid gap-4"
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField id="device-kind" label="Kind" error={errors.kind?.message}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <SelectBox
                  id="device-kind"
                  value={field.value}
                  onChange={field.onChange}
                  options={KIND_OPTIONS}
                  invalid={!!errors.kind}
                />
              )}
            />
          </FormField>
          <TextField
            id="device-name"
            label="Name"
            required
            autoComplete="off"
            hint="As your staff call it, e.g. FFS 2"
            error={errors.name?.message}
            registration={form.register('name')}
          />
          <TextField
            id="device-model"
            label="Model"
            required
            hint="Devices of one model are compared side by side"
            error={errors.model?.message}
            registration={form.register('model')}
          />
          <TextField
            id="device-level"
            label="Qualification level"
            hint="e.g. Level D, Level 6"
            error={errors.qualificationLevel?.message}
            registration={form.register('qualificationLevel')}
          />
          <TextField
            id="device-manufacturer"
            label="Manufacturer"
            error={errors.manufacturer?.message}
            registration={form.register('manufacturer')}
          />
          <TextField
            id="device-serial"
            label="Serial number"
            error={errors.serialNumber?.message}
            registration={form.register('serialNumber')}
          />
          <TextField
            id="device-registration"
            label="Registration"
            required={kind === 'aircraft'}
            hint={kind === 'aircraft' ? 'Required of an aircraft' : undefined}
            error={errors.registration?.message}
            registration={form.register('registration')}
          />
          <TextField
            id="device-location"
            label="Location"
            error={errors.location?.message}
            registration={form.register('location')}
          />
          <TextField
            id="device-in-service"
            label="In service from"
            type="date"
            required
            error={errors.inServiceFrom?.message}
            registration={form.register('inServiceFrom')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="device-base-hours"
              label="Hours before"
              inputMode="decimal"
              hint="Logged before Centerline"
              error={errors.baseHours?.message}
              registration={form.register('baseHours')}
            />
            <TextField
              id="device-base-cycles"
              label="Cycles before"
              inputMode="numeric"
              error={errors.baseCycles?.message}
              registration={form.register('baseCycles')}
            />
          </div>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Save device"
          busyLabel="Saving…"
        />
      </form>
    </FormDialog>
  );
}
