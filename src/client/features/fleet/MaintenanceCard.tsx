import { MarkDoneDialog } from './MarkDoneDialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { DeviceDetail, MaintenanceItem } from '@shared/api/maintenance';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { t } from '../../i18n/app';
import { formatDate } from '../../lib/format';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog, SelectBox } from './form-parts';
import { fixed } from './figure-format';
import { maintenanceFormSchema, NONE, type MaintenanceFormInput } from './form-schemas';
import { useAddMaintenanceItem } from './use-fleet';

const FIELDS = [
  'title',
  'kind',
  'componentId',
  'intervalDays',
  'intervalHours',
  'lastDoneAt',
  'lastDoneHours',
  'dueAt',
  'dueHours',
] as const;

const EMPTY: MaintenanceFormInput = {
  title: '',
  kind: 'scheduled',
  componentId: NONE,
  intervalDays: '',
  intervalHours: '',
  lastDoneAt: '',
  lastDoneHours: '',
  dueAt: '',
  dueHours: '',
};

function AddMaintenanceDialog({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('fleet');
  const [open, setOpen] = useState(false);
  const add = useAddMaintenanceItem(device.id);
  const form = useForm<MaintenanceFormInput, unknown, z.output<typeof maintenanceFormSchema>>({
    resolver: zodResolver(maintenanceFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const components = [
    { value: NONE, label: t('maintenance.wholeDevice') },
    ...device.components
      .filter((c) => !c.removedAt)
      .map((c) => ({
        value: c.id,
        label: `${c.name}${c.serialNumber ? ` ${c.serialNumber}` : ''}`,
      })),
  ];
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(EMPTY);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast({ title: t('maintenance.toast'), description: values.title });
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
      title={t('maintenance.schedule')}
      description={t('maintenance.dialogDescription')}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> {t('maintenance.schedule')}
        </Button>
      }
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('maintenance.schedule')}
        className="grid gap-4"
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="maintenance-title"
            label={t('maintenance.fields.task')}
            required
            error={errors.title?.message}
            registration={form.register('title')}
          />
          <FormField
            id="maintenance-kind"
            label={t('maintenance.fields.kind')}
            error={errors.kind?.message}
          >
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <SelectBox
                  id="maintenance-kind"
                  value={field.value}
                  onChange={field.onChange}
                  options={[
                    { value: 'scheduled', label: t('maintenance.kind.scheduled') },
                    { value: 'inspection', label: t('maintenance.kind.inspection') },
                  ]}
                />
              )}
            />
          </FormField>
          <FormField
            id="maintenance-component"
            label={t('maintenance.fields.for')}
            error={errors.componentId?.message}
          >
            <Controller
              control={form.control}
              name="componentId"
              render={({ field }) => (
                <SelectBox
                  id="maintenance-component"
                  value={field.value}
                  onChange={field.onChange}
                  options={components}
                />
              )}
            />
          </FormField>
          <TextField
            id="maintenance-due-at"
            label={t('maintenance.fields.dueAt')}
            type="date"
            error={errors.dueAt?.message}
            registration={form.register('dueAt')}
          />
          <TextField
            id="maintenance-due-hours"
            label={t('maintenance.fields.dueHours')}
            inputMode="decimal"
            error={errors.dueHours?.message}
            registration={form.register('dueHours')}
          />
          <TextField
            id="maintenance-last-done"
            label={t('maintenance.fields.lastDoneAt')}
            type="date"
            error={errors.lastDoneAt?.message}
            registration={form.register('lastDoneAt')}
          />
          <TextField
            id="maintenance-last-hours"
            label={t('maintenance.fields.lastDoneHours')}
            inputMode="decimal"
            error={errors.lastDoneHours?.message}
            registration={form.register('lastDoneHours')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="maintenance-interval-days"
              label={t('maintenance.fields.intervalDays')}
              inputMode="numeric"
              error={errors.intervalDays?.message}
              registration={form.register('intervalDays')}
            />
            <TextField
              id="maintenance-interval-hours"
              label={t('maintenance.fields.intervalHours')}
              inputMode="decimal"
              error={errors.intervalHours?.message}
              registration={form.register('intervalHours')}
            />
          </div>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('maintenance.submit')}
          busyLabel={t('form.saving')}
        />
      </form>
    </FormDialog>
  );
}

const either = (parts: string[]) => parts.join(t('fleet:maintenance.or'));

function dueText(item: MaintenanceItem) {
  const parts = [
    item.dueAt ? formatDate(item.dueAt) : '',
    item.dueHours !== null
      ? t('fleet:maintenance.dueAtHours', { hours: fixed(item.dueHours, 1) })
      : '',
  ].filter(Boolean);
  return parts.length ? either(parts) : t('fleet:maintenance.notSet');
}

function intervalText(item: MaintenanceItem) {
  const parts = [
    item.intervalDays ? t('fleet:units.days', { value: item.intervalDays }) : '',
    item.intervalHours ? `${item.intervalHours} h` : '',
  ].filter(Boolean);
  return parts.length
    ? t('fleet:maintenance.every', { interval: either(parts) })
    : t('fleet:maintenance.once');
}

export function MaintenanceCard({
  device,
  canManage,
}: {
  device: DeviceDetail;
  canManage: boolean;
}) {
  const { t } = useTranslation('fleet');
  const componentName = (id: string | null) =>
    id
      ? (device.components.find((c) => c.id === id)?.name ?? t('maintenance.removedUnit'))
      : t('maintenance.device');
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('maintenance.title')}</CardTitle>
          <CardDescription>
            {t('maintenance.deviceAt', {
              hours: fixed(device.totalHours, 1),
              cycles: device.totalCycles,
            })}
          </CardDescription>
        </div>
        {canManage && <AddMaintenanceDialog device={device} />}
      </CardHeader>
      <CardContent>
        {device.maintenance.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('maintenance.none')}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t('maintenance.title')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('maintenance.columns.task')}</TableHead>
                <TableHead scope="col">{t('maintenance.columns.for')}</TableHead>
                <TableHead scope="col">{t('maintenance.columns.interval')}</TableHead>
                <TableHead scope="col">{t('maintenance.columns.lastDone')}</TableHead>
                <TableHead scope="col">{t('maintenance.columns.due')}</TableHead>
                {canManage && (
                  <TableHead scope="col">
                    <span className="sr-only">{t('form.actions')}</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {device.maintenance.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="align-top">
                    <span className="font-medium">{item.title}</span>
                    <div className="text-xs text-muted-foreground">
                      {t(`maintenance.kind.${item.kind}`)}
                    </div>
                  </TableCell>
                  <TableCell className="align-top">{componentName(item.componentId)}</TableCell>
                  <TableCell className="align-top text-xs">{intervalText(item)}</TableCell>
                  <TableCell className="align-top text-xs whitespace-nowrap">
                    {item.lastDoneAt ? formatDate(item.lastDoneAt) : '—'}
                    {item.lastDoneHours !== null &&
                      ` ${t('maintenance.doneAtHours', { hours: fixed(item.lastDoneHours, 1) })}`}
                  </TableCell>
                  <TableCell className="align-top whitespace-nowrap">
                    <div className="flex items-center gap-2">
                      {dueText(item)}
                      {item.overdue && (
                        <Badge variant="destructive">{t('maintenance.overdue')}</Badge>
                      )}
                    </div>
                  </TableCell>
                  {canManage && (
                    <TableCell className="align-top text-right">
                      <MarkDoneDialog deviceId={device.id} item={item} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
