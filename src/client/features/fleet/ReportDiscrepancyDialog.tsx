import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DISCREPANCY_SEVERITIES, type DeviceDetail } from '@shared/api/maintenance';
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

/** The statuses a new write-up may have; a closed one is closed from the log. */
const NEW_STATUSES = ['open', 'deferred'] as const;

/** A write-up of the discrepancy log (142.59(c)(4)), by the instructor or evaluator who found it. */
export function ReportDiscrepancyDialog({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('fleet');
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
    { value: NONE, label: t('report.notLinked') },
    ...installed.map((c) => ({
      value: c.id,
      label: `${c.name}${c.serialNumber ? ` ${c.serialNumber}` : ''}`,
    })),
  ];
  const severityOptions = DISCREPANCY_SEVERITIES.map((s) => ({
    value: s,
    label: t(`discrepancySeverity.${s}`),
  }));
  const statusOptions = NEW_STATUSES.map((s) => ({
    value: s,
    label: t(`discrepancyStatus.${s}`),
  }));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty());
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
      toast({ title: t('report.toast'), description: values.description });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('form.requestFailed'));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('report.title')}
      description={t('report.description', { device: device.name })}
      trigger={
        <Button variant="outline" size="sm">
          <FilePlus2 aria-hidden /> {t('report.title')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('report.title')} className="grid gap-4">
        <FormField
          id="discrepancy-description"
          label={t('report.fields.description')}
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
            label={t('report.fields.severity')}
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
                  options={severityOptions}
                />
              )}
            />
          </FormField>
          <FormField
            id="discrepancy-status"
            label={t('report.fields.status')}
            error={errors.status?.message}
          >
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <SelectBox
                  id="discrepancy-status"
                  value={field.value}
                  onChange={field.onChange}
                  options={statusOptions}
                />
              )}
            />
          </FormField>
          <TextField
            id="discrepancy-reported-at"
            label={t('report.fields.reportedAt')}
            type="datetime-local"
            error={errors.reportedAt?.message}
            registration={form.register('reportedAt')}
          />
          <TextField
            id="discrepancy-reported-by"
            label={t('report.fields.reportedBy')}
            error={errors.reportedBy?.message}
            registration={form.register('reportedBy')}
          />
          <FormField
            id="discrepancy-component-id"
            label={t('report.fields.unit')}
            error={errors.componentId?.message}
          >
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
            label={t('report.fields.component')}
            error={errors.component?.message}
            registration={form.register('component')}
          />
          <TextField
            id="discrepancy-ata"
            label={t('form.ataChapter')}
            inputMode="numeric"
            hint={t('form.ataChapterHint')}
            error={errors.ataChapter?.message}
            registration={form.register('ataChapter')}
          />
          <TextField
            id="discrepancy-session"
            label={t('report.fields.session')}
            hint={t('report.fields.sessionHint')}
            error={errors.session?.message}
            registration={form.register('session')}
          />
          <TextField
            id="discrepancy-minutes-lost"
            label={t('form.minutesLost')}
            inputMode="numeric"
            hint={t('report.fields.minutesLostHint')}
            error={errors.trainingMinutesLost?.message}
            registration={form.register('trainingMinutesLost')}
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('report.submit')}
          busyLabel={t('form.recording')}
        />
      </form>
    </FormDialog>
  );
}
