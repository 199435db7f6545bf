import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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

export const REMOVAL_LABELS = {
  failure: 'Failed',
  scheduled: 'Scheduled replacement',
  other: 'Other reason',
} as const;
const REASON_OPTIONS = Object.entries(REMOVAL_LABELS).map(([value, label]) => ({ value, label }));

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
      toast({ title: 'Component recorded', description: values.name });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, COMPONENT_FIELDS);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Install component"
      description="Units of one type share a name across the fleet; their failures and removals fit the type’s reliability model."
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> Install component
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Install component" className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="component-name"
            label="Component type"
            required
            error={errors.name?.message}
            registration={form.register('name')}
          />
          <TextField
            id="component-ata"
            label="ATA chapter"
            inputMode="numeric"
            hint="Two digits, e.g. 34"
            error={errors.ataChapter?.message}
            registration={form.register('ataChapter')}
          />
          <TextField
            id="component-part"
            label="Part number"
            error={errors.partNumber?.message}
            registration={form.register('partNumber')}
          />
          <TextField
            id="component-serial"
            label="Serial number"
            error={errors.serialNumber?.message}
            registration={form.register('serialNumber')}
          />
          <TextField
            id="component-installed"
            label="Installed on"
            type="date"
            required
            error={errors.installedAt?.message}
            registration={form.register('installedAt')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="component-life-hours"
              label="Life limit (h)"
              inputMode="decimal"
              error={errors.lifeLimitHours?.message}
              registration={form.register('lifeLimitHours')}
            />
            <TextField
              id="component-life-cycles"
              label="Life limit (cycles)"
              inputMode="numeric"
              error={errors.lifeLimitCycles?.message}
              registration={form.register('lifeLimitCycles')}
            />
          </div>
          <TextField
            id="component-removed"
            label="Removed on"
            type="date"
            hint="Only for a unit already removed"
            error={errors.removedAt?.message}
            registration={form.register('removedAt')}
          />
          <FormField
            id="component-removal-reason"
            label="Removal reason"
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
                  options={[{ value: NONE, label: 'Still installed' }, ...REASON_OPTIONS]}
                />
              )}
            />
          </FormField>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Record component"
          busyLabel="Recording…"
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
      toast({ title: 'Component removed', description: label });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, ['removedAt', 'removalReason']);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove ${label}`}
      description="When and why it came off. A failure is one more failure of its type in the reliability model; other removals count as units that had not failed."
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove ${label}`}>
          Remove
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Remove component" className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="removal-date"
            label="Removed on"
            type="date"
            error={errors.removedAt?.message}
            registration={form.register('removedAt')}
          />
          <FormField id="removal-reason" label="Reason" error={errors.removalReason?.message}>
            <Controller
              control={form.control}
              name="removalReason"
              render={({ field }) => (
                <SelectBox
                  id="removal-reason"
                  value={field.value}
                  onChange={field.onChange}
                  options={REASON_OPTIONS}
                />
              )}
            />
          </FormField>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Remove unit"
          busyLabel="Removing…"
        />
      </form>
    </FormDialog>
  );
}
