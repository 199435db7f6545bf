import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { watchedSourceInput, type WatchedSourceInput } from '@shared/api/regulatory';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useWatchSource } from './use-regulatory';

const EMPTY: WatchedSourceInput = { country: '', title: '', url: '' };
const FIELDS = ['country', 'title', 'url'] as const;
type Field = (typeof FIELDS)[number];
/** What the shared schema refuses, said in the reader's language (the server's words stay its own). */
const SCHEMA_ERRORS: Record<Field, string[]> = {
  country: ['too_small'],
  title: ['too_small'],
  url: ['invalid_format', 'invalid_type'],
};

/**
 * Watches a further regulation (another country's rules, an FAA page the centre depends on): its
 * page joins the Link Monitor, which reports when it changes. Admins only.
 */
export function WatchRegulationForm() {
  const { t } = useTranslation('regulatory');
  const watch = useWatchSource();
  const form = useForm<WatchedSourceInput>({
    resolver: zodResolver(watchedSourceInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: Field, error: FieldError | undefined) =>
    error && SCHEMA_ERRORS[field].includes(error.type)
      ? t(`watch.errors.${field}`)
      : error?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const source = await watch.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        title: t('watch.watched'),
        description: t('watch.watchedDescription', {
          title: source.title,
          country: source.country,
        }),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: t('watch.notAdded') });
        return;
      }
      const placed = (error.body?.issues ?? []).filter((i) =>
        (FIELDS as readonly string[]).includes(i.path),
      );
      for (const issue of placed) {
        form.setError(issue.path as Field, { type: 'server', message: issue.message });
      }
      if (placed.length === 0) form.setError('root', { message: error.userMessage });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="watch-regulation-title"
      className="grid gap-3 rounded-md border bg-card p-4"
    >
      <div className="grid gap-1">
        <h3 id="watch-regulation-title" className="text-sm font-semibold">
          {t('watch.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('watch.description')}</p>
      </div>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,3fr)]">
        <TextField
          id="watch-country"
          label={t('watch.country')}
          error={errorOf('country', errors.country)}
          autoComplete="country-name"
          registration={form.register('country')}
        />
        <TextField
          id="watch-title"
          label={t('watch.regulation')}
          hint={t('watch.regulationHint')}
          error={errorOf('title', errors.title)}
          autoComplete="off"
          registration={form.register('title')}
        />
        <TextField
          id="watch-url"
          label={t('watch.url')}
          hint={t('watch.urlHint')}
          error={errorOf('url', errors.url)}
          autoComplete="off"
          inputMode="url"
          registration={form.register('url')}
        />
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={t('watch.adding')} /> : <Plus />} {t('watch.submit')}
      </Button>
    </form>
  );
}
