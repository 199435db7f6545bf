import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { DeviceDetail, Preflight } from '@shared/api/maintenance';
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
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { applyServerError } from '../users/form-errors';
import { FormActions } from './form-parts';
import { preflightFormSchema, todayInput, type PreflightFormInput } from './form-schemas';
import { useRecordPreflight } from './use-fleet';

const FIELDS = ['date', 'passed', 'items', 'remarks'] as const;

/** The result's radio buttons: the form's value and the catalogue's word for it. */
const RESULTS = [
  { value: 'yes', label: 'passed' },
  { value: 'no', label: 'failed' },
] as const;

/** Today's check starts from the items of the last one, all marked working. */
const startingValues = (last: Preflight | undefined): PreflightFormInput => ({
  date: todayInput(),
  passed: '',
  items: (last?.items ?? []).map((i) => ({ item: i.item, ok: true })),
  remarks: '',
});

function PreflightForm({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('fleet');
  const record = useRecordPreflight(device.id);
  const form = useForm<PreflightFormInput, unknown, z.output<typeof preflightFormSchema>>({
    resolver: zodResolver(preflightFormSchema),
    defaultValues: startingValues(device.preflights[0]),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await record.mutateAsync(values);
      toast({
        title: values.passed ? t('preflight.toast.passed') : t('preflight.toast.failed'),
        description: saved.release.released
          ? t('preflight.toast.released')
          : t('preflight.toast.notReleased', { reason: saved.release.reason }),
      });
      form.reset(startingValues(saved.preflights[0]));
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('form.requestFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('preflight.record')} className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="preflight-date"
          label={t('preflight.date')}
          type="date"
          required
          error={errors.date?.message}
          registration={form.register('date')}
        />
        <fieldset
          className="grid gap-1.5"
          aria-describedby={errors.passed ? 'preflight-passed-error' : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium leading-none">
            {t('preflight.result')}
          </legend>
          <div className="flex h-9 items-center gap-4">
            {RESULTS.map((o) => (
              <label key={o.value} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={o.value}
                  className="size-4"
                  {...form.register('passed')}
                />
                {t(`preflight.${o.label}`)}
              </label>
            ))}
          </div>
          {errors.passed && (
            <p
              id="preflight-passed-error"
              role="alert"
              className="text-xs font-medium text-destructive"
            >
              {errors.passed.message}
            </p>
          )}
        </fieldset>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('preflight.items.legend')}</legend>
        {items.fields.length === 0 && (
          <p className="text-xs text-muted-foreground">{t('preflight.items.none')}</p>
        )}
        <ul className="grid gap-2">
          {items.fields.map((field, index) => {
            const error = errors.items?.[index]?.item?.message;
            return (
              <li key={field.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Input
                    aria-label={t('preflight.items.item', { number: index + 1 })}
                    aria-invalid={!!error}
                    placeholder={t('preflight.items.placeholder')}
                    {...form.register(`items.${index}.item`)}
                  />
                  <label className="flex shrink-0 cursor-pointer items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      {...form.register(`items.${index}.ok`)}
                    />
                    {t('preflight.items.working')}
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('preflight.items.remove', { number: index + 1 })}
                    onClick={() => items.remove(index)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {error && (
                  <p role="alert" className="text-xs font-medium text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => items.append({ item: '', ok: true })}
        >
          <Plus aria-hidden /> {t('preflight.items.add')}
        </Button>
        {errors.items?.message && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {errors.items.message}
          </p>
        )}
      </fieldset>
      <FormField
        id="preflight-remarks"
        label={t('preflight.remarks')}
        error={errors.remarks?.message}
      >
        <Textarea id="preflight-remarks" rows={2} {...form.register('remarks')} />
      </FormField>
      <FormActions
        inDialog={false}
        error={errors.root?.message}
        submitting={isSubmitting}
        label={t('preflight.record')}
        busyLabel={t('form.recording')}
      />
    </form>
  );
}

function PreflightList({ preflights }: { preflights: readonly Preflight[] }) {
  const { t } = useTranslation('fleet');
  if (preflights.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('preflight.list.none')}</p>;
  }
  return (
    <ul aria-label={t('preflight.list.label')} className="grid gap-2">
      {preflights.slice(0, 5).map((p) => {
        const failed = p.items.filter((i) => !i.ok).map((i) => i.item);
        return (
          <li key={p.id} className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{formatDate(p.date)}</span>
              <Badge variant={p.passed ? 'success' : 'destructive'}>
                {p.passed ? t('preflight.passed') : t('preflight.failed')}
              </Badge>
              <span className="ml-auto text-xs text-muted-foreground">
                {formatDateTime(p.performedAt)}
              </span>
            </div>
            {p.items.length > 0 && (
              <p className="text-xs text-muted-foreground">
                {failed.length > 0
                  ? t('preflight.list.notWorking', {
                      count: p.items.length,
                      items: failed.join(', '),
                    })
                  : t('preflight.list.allWorking', { count: p.items.length })}
              </p>
            )}
            {p.remarks && <p className="text-xs">{p.remarks}</p>}
          </li>
        );
      })}
    </ul>
  );
}

export function PreflightCard({ device, canLog }: { device: DeviceDetail; canLog: boolean }) {
  const { t } = useTranslation('fleet');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preflight.title')}</CardTitle>
        <CardDescription>{t('preflight.description')}</CardDescription>
      </CardHeader>
      <CardContent className={cn('grid items-start gap-6', canLog && 'lg:grid-cols-2')}>
        {canLog && <PreflightForm key={device.id} device={device} />}
        <section aria-labelledby="recent-preflights" className="grid gap-2">
          <h4 id="recent-preflights" className="text-sm font-semibold">
            {t('preflight.list.heading')}
          </h4>
          <PreflightList preflights={device.preflights} />
        </section>
      </CardContent>
    </Card>
  );
}
