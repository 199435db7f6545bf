import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DISCREPANCY_SEVERITIES,
  DISCREPANCY_SEVERITY_LABELS,
  type DeviceDetail,
} from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../auth/use-auth';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog, SelectBox } from './form-parts';
import { discrepancyFormSchema, NONE, nowInput, type DiscrepancyFormInput } from './form-schemas';
import { useReportDiscrepancy } from './use-fleet';

const FIELDS = [
  'reportedAt',
  'reportedBy',
  'session',
  'componentId',
  'component',
  'ataChapter',
  'description',
  'severity',
  'status',
  'trainingMinutesLost',
] as const;

const SEVERITY_OPTIONS = DISCREPANCY_SEVERITIES.map((s) => ({
  value: s,
  label: DISCREPANCY_SEVERITY_LABELS[s],
}));
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'deferred', label: 'Deferred' },
];

/** A write-up of the discrepancy log (142.59(c)(4)), by the instructor or evaluator who found it. */
export function ReportDiscrepancyDialog({ device }: { device: DeviceDetail }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const report = useReportDiscrepancy(device.id);
  const empty = (): DiscrepancyFormInput => ({
    reportedAt: nowInput(),
    reportedBy: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    session: '',
    componentId: NONE,
    component: '',
    ataChapter: '',
    description: '',
    severity: 'no_impact',
    status: 'open',
    trainingMinutesLost: '',
  });
  const form = useForm<DiscrepancyFormInput, unknown, z.output<typeof discrepancyFormSchema>>({
    resolver: zodResolver(discrepancyFormSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;
  const installed = device.components.filter((c) => !c.removedAt);
  const componentOptions = [
    { value: NONE, label: 'Not linked to a recorded unit' },
    ...installed.map((c) => ({
      value: c.id,
      label: `${c.name}${c.serialNumber ? ` ${c.serialNumber}` : ''}`,
    })),
  ];

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty());
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
      toast({ title: 'Discrepancy recorded', description: values.description });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Report discrepancy"
      description={`An entry of ${device.name}’s discrepancy log. A write-up that puts the device down or restricts training changes its status at once.`}
      trigger={
        <Button variant="outline" size="sm">
          <FilePlus2 aria-hidden /> Report discrepancy
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Report discrepancy" className="grid gap-4">
        <FormField
          id="discrepancy-description"
          label="What was found"
          error={errors.description?.message}
        >
          <Textarea
            id="discrepancy-description"
            rows={3}
            aria-invalid={!!errors.description}
            {...form.register('description')}
          />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            id="discrepancy-severity"
            label="Training impact"
            error={errors.severity?.message}
          >
            <Controller
              control={form.control}
              name="severity"
              render={({ field }) => (
                <SelectBox
                  id="discrepancy-severity"
                  value={field.value}
                  onChange={field.onChange}
                  options={SEVERITY_OPTIONS}
                />
              )}
            />
          </FormField>
          <FormField id="discrepancy-status" label="Status" error={errors.status?.message}>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <SelectBox
                  id="discrepancy-status"
                  value={field.value}
                  onChange={field.onChange}
                  options={STATUS_OPTIONS}
                />
              )}
            />
          </FormField>
          <TextField
            id="discrepancy-reported-at"
            label="Reported at"
            type="datetime-local"
            error={errors.reportedAt?.message}
            registration={form.register('reportedAt')}
          />
          <TextField
            id="discrepancy-reported-by"
            label="Reported by"
            error={errors.reportedBy?.message}
            registration={form.register('reportedBy')}
          />
          <FormField id="discrepancy-component-id" label="Unit" error={errors.componentId?.message}>
            <Controller
              control={form.control}
              name="componentId"
              render={({ field }) => (
                <SelectBox
                  id="discrepancy-component-id"
                  value={field.value}
                  onChange={field.onChange}
                  options={componentOptions}
                />
              )}
            />
          </FormField>
          <TextField
            id="discrepancy-component"
            label="Component (if no unit)"
            error={errors.component?.message}
            registration={form.register('component')}
          />
          <TextField
            id="discrepancy-ata"
            label="ATA chapter"
            inputMode="numeric"
            hint="Two digits, e.g. 34"
            error={errors.ataChapter?.message}
            registration={form.register('ataChapter')}
          />
          <TextField
            id="discrepancy-session"
            label="Session"
            hint="Which session it was found in"
            error={errors.session?.message}
            registration={form.register('session')}
          />
          <TextField
            id="discrepancy-minutes-lost"
            label="Training minutes lost"
            inputMode="numeric"
            hint="Lowers availability; 0 if none"
            error={errors.trainingMinutesLost?.message}
            registration={form.register('trainingMinutesLost')}
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Record discrepancy"
          busyLabel="Recording…"
        />
      </form>
    </FormDialog>
  );
}
