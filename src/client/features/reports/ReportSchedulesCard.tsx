import { CalendarClock, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createScheduleRequest,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_SCOPES,
  REPORT_TYPES,
  type ReportScope,
} from '@shared/api/reports';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { readerMessage } from '../../i18n/messages';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useUsers } from '../users/use-users';
import { useCreateSchedule, useDeleteSchedule, useSchedules } from './use-reports';
import { HelpLink } from '../support/HelpLink';

type Frequency = (typeof REPORT_FREQUENCIES)[number];
type ReportType = (typeof REPORT_TYPES)[number];
type ReportFormat = (typeof REPORT_FORMATS)[number];

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  text,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  text: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <FormField id={id} label={label}>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {text(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/**
 * Admin: reports generated every week (the seven days before) or month (the calendar month
 * before), as the admin who set them sees the data, and announced to the chosen people.
 */
export function ReportSchedulesCard() {
  const { t } = useTranslation('reports');
  const schedules = useSchedules();
  const users = useUsers();
  const create = useCreateSchedule();
  const remove = useDeleteSchedule();
  const [type, setType] = useState<ReportType>('summary');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [scopeKind, setScopeKind] = useState<ReportScope['kind']>('organization');
  const [scopeValue, setScopeValue] = useState('');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const people = (users.data ?? []).filter((u) => u.status !== 'deactivated');
  const nameOf = (id: string) => {
    const person = users.data?.find((u) => u.id === id);
    return person ? `${person.firstName} ${person.lastName}` : t('schedules.formerUser');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createScheduleRequest.safeParse({
      type,
      format,
      frequency,
      scope:
        scopeKind === 'organization' ? { kind: scopeKind } : { kind: scopeKind, value: scopeValue },
      recipientIds: recipients,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ path: issue?.path.join('.') ?? '', message: issue?.message ?? '' });
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      setRecipients([]);
      toast({ title: t('schedules.created') });
    } catch (failure) {
      setError({
        path: '',
        message: failure instanceof ApiError ? failure.userMessage : t('schedules.checkConnection'),
      });
    }
  };
  const onDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      toast({ title: t('schedules.deleted') });
    } catch (failure) {
      toast({
        title: t('schedules.deleteFailed'),
        description:
          failure instanceof ApiError ? failure.userMessage : t('schedules.checkConnection'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('schedules.title')}</CardTitle>
        <CardDescription>{t('schedules.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {schedules.isLoading ? (
          <Spinner label={t('schedules.loading')} />
        ) : schedules.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {schedules.error instanceof ApiError
              ? schedules.error.userMessage
              : t('schedules.checkConnection')}
          </p>
        ) : schedules.data?.length ? (
          <ul className="grid gap-2" aria-label={t('schedules.listLabel')}>
            {schedules.data.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
              >
                <div className="grid gap-0.5">
                  <p className="font-medium">
                    {t('schedules.line', {
                      frequency: t(`schedules.frequencies.${s.frequency}`),
                      type: t(`types.${s.type}`),
                      format: t(`formats.${s.format}`),
                      scope:
                        s.scope.kind === 'organization'
                          ? t('scopes.organization')
                          : `${t(`scopeValue.${s.scope.kind}`)}: ${s.scope.value ?? ''}`,
                    })}
                  </p>
                  <p className="text-muted-foreground">
                    {t('schedules.recipients', { names: s.recipientIds.map(nameOf).join(', ') })}
                  </p>
                  <p className="text-muted-foreground">
                    {t('schedules.runs', {
                      next: formatDateTime(s.nextRunAt),
                      last: s.lastRunAt ? formatDateTime(s.lastRunAt) : t('schedules.never'),
                    })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void onDelete(s.id)}
                  disabled={remove.isPending}
                >
                  <Trash2 /> {t('schedules.delete')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={CalendarClock} title={t('schedules.empty')}>
            {t('schedules.emptyDescription')}
            <HelpLink article="reports" />
          </EmptyState>
        )}

        <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4">
          <h3 className="text-sm font-semibold">{t('schedules.add')}</h3>
          <div className="grid gap-4 sm:grid-cols-3">
            <Choice
              id="schedule-type"
              label={t('type')}
              value={type}
              options={REPORT_TYPES}
              text={(o) => t(`types.${o}`)}
              onChange={setType}
            />
            <Choice
              id="schedule-format"
              label={t('format')}
              value={format}
              options={REPORT_FORMATS}
              text={(o) => t(`formats.${o}`)}
              onChange={setFormat}
            />
            <Choice
              id="schedule-frequency"
              label={t('schedules.frequency')}
              value={frequency}
              options={REPORT_FREQUENCIES}
              text={(o) => t(`schedules.frequencies.${o}`)}
              onChange={setFrequency}
            />
            <Choice
              id="schedule-scope"
              label={t('scope')}
              value={scopeKind}
              options={REPORT_SCOPES}
              text={(o) => t(`scopes.${o}`)}
              onChange={setScopeKind}
            />
            {scopeKind !== 'organization' && (
              <TextField
                id="schedule-scope-value"
                label={t(`scopeValue.${scopeKind}`)}
                value={scopeValue}
                error={error?.path === 'scope.value' ? readerMessage(error.message) : undefined}
                onChange={(e) => setScopeValue(e.target.value)}
              />
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('schedules.recipientsLegend')}</legend>
            <div className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {people.map((person) => (
                <label key={person.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={recipients.includes(person.id)}
                    onChange={(e) =>
                      setRecipients((list) =>
                        e.target.checked
                          ? [...list, person.id]
                          : list.filter((id) => id !== person.id),
                      )
                    }
                  />
                  <span>
                    {person.firstName} {person.lastName}
                    <span className="text-muted-foreground"> · {person.email}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {error && error.path !== 'scope.value' && (
            <p role="alert" className="text-sm text-destructive">
              {readerMessage(error.message)}
            </p>
          )}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('schedules.saving') : t('schedules.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
