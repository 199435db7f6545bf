import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { DeviceDetail } from '@shared/api/maintenance';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';
import { applyServerError } from '../users/form-errors';
import { plural } from './badges';
import { CheckBox, FormActions, FormDialog } from './form-parts';
import { nowInput, sessionFormSchema, type SessionFormInput } from './form-schemas';
import { useFirstRows } from './show-more';
import { useRecordSession } from './use-fleet';

const FIELDS = [
  'startsAt',
  'scheduledMinutes',
  'usedMinutes',
  'interrupted',
  'instructor',
  'cycles',
] as const;

const empty = (): SessionFormInput => ({
  startsAt: nowInput(),
  scheduledMinutes: '',
  usedMinutes: '',
  interrupted: false,
  instructor: '',
  cycles: '',
});

function RecordSessionDialog({ device }: { device: DeviceDetail }) {
  const [open, setOpen] = useState(false);
  const record = useRecordSession(device.id);
  const form = useForm<SessionFormInput, unknown, z.output<typeof sessionFormSchema>>({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty());
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await record.mutateAsync(values);
      const flagged = saved.sessions.find((s) => s.startsAt === values.startsAt)?.unreleased;
      toast({
        title: 'Session recorded',
        description: flagged
          ? 'No passing preflight that day: the session is flagged as given on a device not released.'
          : `${values.usedMinutes} of ${values.scheduledMinutes} minutes used.`,
      });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record session"
      description="A session given on the device: scheduled and used time feed its availability and hours."
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> Record session
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Record session" className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="session-starts"
            label="Started at"
            type="datetime-local"
            error={errors.startsAt?.message}
            registration={form.register('startsAt')}
          />
          <TextField
            id="session-instructor"
            label="Instructor"
            error={errors.instructor?.message}
            registration={form.register('instructor')}
          />
          <TextField
            id="session-scheduled"
            label="Minutes scheduled"
            inputMode="numeric"
            required
            error={errors.scheduledMinutes?.message}
            registration={form.register('scheduledMinutes')}
          />
          <TextField
            id="session-used"
            label="Minutes used"
            inputMode="numeric"
            required
            error={errors.usedMinutes?.message}
            registration={form.register('usedMinutes')}
          />
          <TextField
            id="session-cycles"
            label="Cycles"
            inputMode="numeric"
            error={errors.cycles?.message}
            registration={form.register('cycles')}
          />
          <CheckBox
            id="session-interrupted"
            label="Interrupted"
            hint="The session was cut short"
            registration={form.register('interrupted')}
            className="sm:mt-7"
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label="Record session"
          busyLabel="Recording…"
        />
      </form>
    </FormDialog>
  );
}

export function SessionsCard({ device, canLog }: { device: DeviceDetail; canLog: boolean }) {
  const sessions = device.sessions;
  const { shown, toggle } = useFirstRows(sessions, 15, 'sessions');
  const unreleased = sessions.filter((s) => s.unreleased).length;
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            {sessions.length === 0
              ? 'Sessions given on the device, with their scheduled and used time.'
              : `${plural(sessions.length, 'session')}${unreleased ? `, ${unreleased} on a day not released` : ''}`}
          </CardDescription>
        </div>
        {canLog && <RecordSessionDialog device={device} />}
      </CardHeader>
      <CardContent>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No session recorded.</p>
        ) : (
          <Table>
            <caption className="sr-only">Sessions, newest first</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Started</TableHead>
                <TableHead scope="col">Instructor</TableHead>
                <TableHead scope="col" className="text-right">
                  Used / scheduled
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Cycles
                </TableHead>
                <TableHead scope="col">Flags</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(s.startsAt)}</TableCell>
                  <TableCell>{s.instructor ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums whitespace-nowrap">
                    {s.usedMinutes} / {s.scheduledMinutes} min
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{s.cycles}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {s.unreleased && (
                        <Badge
                          variant="warning"
                          title="No passing preflight on the session’s day (14 CFR 142.59(c)(3))"
                        >
                          Not released
                        </Badge>
                      )}
                      {s.interrupted && <Badge variant="secondary">Interrupted</Badge>}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {toggle}
      </CardContent>
    </Card>
  );
}
