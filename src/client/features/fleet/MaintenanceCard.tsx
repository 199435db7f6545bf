import { MarkDoneDialog } from './MarkDoneDialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { formatDate } from '../../lib/format';
import { applyServerError } from '../users/form-errors';
import { FormActions, FormDialog, SelectBox } from './form-parts';
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
  const [open, setOpen] = useState(false);
  const add = useAddMaintenanceItem(device.id);
  const form = useForm<MaintenanceFormInput, unknown, z.output<typeof maintenanceFormSchema>>({
    resolver: zodResolver(maintenanceFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const components = [
    { value: NONE, label: 'The whole device' },
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
      toast({ title: 'Maintenance scheduled', description: values.title });
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
      title="Schedule maintenance"
      description="Give a due date, due hours, or an interval from when it was last done; an overdue inspection puts the device in inspection status."
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> Schedule maintenance
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Schedule maintenance" className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="maintenance-title"
            label="Task"
            required
            error={errors.title?.message}
            registration={form.register('title')}
          />
          <FormField id="maintenance-kind" label="Kind" error={errors.kind?.message}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <SelectBox
                  id="maintenance-kind"
                  value={field.value}
                  onChange={field.onChange}
                  options={[
                    { value: 'scheduled', label: 'Scheduled maintenance' },
                    { value: 'inspection', label: 'Inspection' },
                  ]}
                />
              )}
            />
          </FormField>
          <FormField id="maintenance-component" label="For" error={errors.componentId?.message}>
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
            label="Due on"
            type="date"
            error={errors.dueAt?.message}
            registration={form.register('dueAt')}
          />
          <TextField
            id="maintenance-due-hours"
            label="Due at device hours"
            inputMode="decimal"
            error={errors.dueHours?.message}
            registration={form.register('dueHours')}
          />
          <TextField
            id="maintenance-last-done"
            label="Last done on"
            type="date"
            error={errors.lastDoneAt?.message}
            registration={form.register('lastDoneAt')}
          />
          <TextField
            id="maintenance-last-hours"
            label="Last done at device hours"
            inputMode="decimal"
            error={errors.lastDoneHours?.message}
            registration={form.register('lastDoneHours')}
          />
          <div className="grid grid-cols-2 items-start gap-4">
            <TextField
              id="maintenance-interval-days"
              label="Every (days)"
              inputMode="numeric"
              error={errors.intervalDays?.message}
              registration={form.register('intervalDays')}
            />
            <TextField
              id="maintenance-interval-hours"
              label="Every (hours)"
              inputMode="decimal"
              error={errors.intervalHours?.message}
              registration={form.register('intervalHours')}
            />
          </div>
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Schedule"
          busyLabel="Saving…"
        />
      </form>
    </FormDialog>
  );
}

function dueText(item: MaintenanceItem) {
  const parts = [
    item.dueAt && formatDate(item.dueAt),
    item.dueHours !== null && `at ${item.dueHours.toFixed(1)} h`,
  ].filter(Boolean);
  return parts.length ? parts.join(' or ') : 'Not set';
}

function intervalText(item: MaintenanceItem) {
  const parts = [
    item.intervalDays && `${item.intervalDays} days`,
    item.intervalHours && `${item.intervalHours} h`,
  ].filter(Boolean);
  return parts.length ? `Every ${parts.join(' or ')}` : 'Once';
}

export function MaintenanceCard({
  device,
  canManage,
}: {
  device: DeviceDetail;
  canManage: boolean;
}) {
  const componentName = (id: string | null) =>
    id ? (device.components.find((c) => c.id === id)?.name ?? 'A removed unit') : 'Device';
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Scheduled maintenance</CardTitle>
          <CardDescription>
            Device at {device.totalHours.toFixed(1)} h and {device.totalCycles} cycles
          </CardDescription>
        </div>
        {canManage && <AddMaintenanceDialog device={device} />}
      </CardHeader>
      <CardContent>
        {device.maintenance.length === 0 ? (
          <p className="text-sm text-muted-foreground">No scheduled maintenance recorded.</p>
        ) : (
          <Table>
            <caption className="sr-only">Scheduled maintenance</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Task</TableHead>
                <TableHead scope="col">For</TableHead>
                <TableHead scope="col">Interval</TableHead>
                <TableHead scope="col">Last done</TableHead>
                <TableHead scope="col">Due</TableHead>
                {canManage && (
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
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
                      {item.kind === 'inspection' ? 'Inspection' : 'Scheduled maintenance'}
                    </div>
                  </TableCell>
                  <TableCell className="align-top">{componentName(item.componentId)}</TableCell>
                  <TableCell className="align-top text-xs">{intervalText(item)}</TableCell>
                  <TableCell className="align-top text-xs whitespace-nowrap">
                    {item.lastDoneAt ? formatDate(item.lastDoneAt) : '—'}
                    {item.lastDoneHours !== null && ` at ${item.lastDoneHours.toFixed(1)} h`}
                  </TableCell>
                  <TableCell className="align-top whitespace-nowrap">
                    <div className="flex items-center gap-2">
                      {dueText(item)}
                      {item.overdue && <Badge variant="destructive">Overdue</Badge>}
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
