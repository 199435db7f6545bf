import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('fleet');
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
        title: t('sessions.toast.title'),
        description: flagged
          ? t('sessions.toast.flagged')
          : t('sessions.toast.used', {
              used: values.usedMinutes,
              scheduled: values.scheduledMinutes,
            }),
      });
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('form.requestFailed'));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sessions.record')}
      description={t('sessions.dialogDescription')}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden /> {t('sessions.record')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('sessions.record')} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            id="session-starts"
            label={t('sessions.fields.startedAt')}
            type="datetime-local"
            error={errors.startsAt?.message}
            registration={form.register('startsAt')}
          />
          <TextField
            id="session-instructor"
            label={t('sessions.fields.instructor')}
            error={errors.instructor?.message}
            registration={form.register('instructor')}
          />
          <TextField
            id="session-scheduled"
            label={t('sessions.fields.scheduled')}
            inputMode="numeric"
            required
            error={errors.scheduledMinutes?.message}
            registration={form.register('scheduledMinutes')}
          />
          <TextField
            id="session-used"
            label={t('sessions.fields.used')}
            inputMode="numeric"
            required
            error={errors.usedMinutes?.message}
            registration={form.register('usedMinutes')}
          />
          <TextField
            id="session-cycles"
            label={t('sessions.fields.cycles')}
            inputMode="numeric"
            error={errors.cycles?.message}
            registration={form.register('cycles')}
          />
          <CheckBox
            id="session-interrupted"
            label={t('sessions.fields.interrupted')}
            hint={t('sessions.fields.interruptedHint')}
            registration={form.register('interrupted')}
            className="sm:mt-7"
          />
        </div>
        <FormActions
          error={errors.root?.message}
          submitting={isSubmitting}
          label={t('sessions.record')}
          busyLabel={t('form.recording')}
        />
      </form>
    </FormDialog>
  );
}

export function SessionsCard({ device, canLog }: { device: DeviceDetail; canLog: boolean }) {
  const { t } = useTranslation('fleet');
  const sessions = device.sessions;
  const { shown, toggle } = useFirstRows(sessions, 15, 'sessions');
  const unreleased = sessions.filter((s) => s.unreleased).length;
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('sessions.title')}</CardTitle>
          <CardDescription>
            {sessions.length === 0
              ? t('sessions.empty')
              : unreleased
                ? t('sessions.countUnreleased', { count: sessions.length, unreleased })
                : t('sessions.count', { count: sessions.length })}
          </CardDescription>
        </div>
        {canLog && <RecordSessionDialog device={device} />}
      </CardHeader>
      <CardContent>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.none')}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t('sessions.caption')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('sessions.columns.started')}</TableHead>
                <TableHead scope="col">{t('sessions.columns.instructor')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('sessions.columns.usedScheduled')}
                </TableHead>
                <TableHead scope="col" className="text-right">
                  {t('sessions.columns.cycles')}
                </TableHead>
                <TableHead scope="col">{t('sessions.columns.flags')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(s.startsAt)}</TableCell>
                  <TableCell>{s.instructor ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums whitespace-nowrap">
                    {t('sessions.minutes', { used: s.usedMinutes, scheduled: s.scheduledMinutes })}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{s.cycles}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {s.unreleased && (
                        <Badge variant="warning" title={t('sessions.notReleasedTitle')}>
                          {t('release.notReleased')}
                        </Badge>
                      )}
                      {s.interrupted && (
                        <Badge variant="secondary">{t('sessions.interrupted')}</Badge>
                      )}
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
