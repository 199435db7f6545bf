import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { watchedSourceInput, type WatchedSourceInput } from '@shared/api/regulatory';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useWatchSource } from './use-regulatory';

const EMPTY: WatchedSourceInput = { country: '', title: '', url: '' };
const FIELDS = ['country', 'title', 'url'] as const;

/**
 * Watches a further regulation (another country's rules, an FAA page the centre depends on): its
 * page joins the Link Monitor, which reports when it changes. Admins only.
 */
export function WatchRegulationForm() {
  const watch = useWatchSource();
  const form = useForm<WatchedSourceInput>({
    resolver: zodResolver(watchedSourceInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const source = await watch.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        title: 'Regulation watched',
        description: `${source.title} (${source.country}) is checked by the Link Monitor from now on.`,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: 'The regulation was not added. Check your connection.' });
        return;
      }
      const placed = (error.body?.issues ?? []).filter((i) =>
        (FIELDS as readonly string[]).includes(i.path),
      );
      for (const issue of placed) {
        form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
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
          Watch another regulation
        </h3>
        <p className="text-xs text-muted-foreground">
          Its page is added to the Link Monitor, which says when the page changes. Centerline holds
          versioned text of 14 CFR Part 142 only, so a watched page gets no compliance level of its
          own.
        </p>
      </div>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,3fr)]">
        <TextField
          id="watch-country"
          label="Country"
          error={errors.country?.message}
          autoComplete="country-name"
          registration={form.register('country')}
        />
        <TextField
          id="watch-title"
          label="Regulation"
          hint="e.g. CARs Standard 421"
          error={errors.title?.message}
          autoComplete="off"
          registration={form.register('title')}
        />
        <TextField
          id="watch-url"
          label="Page address"
          hint="The page that publishes its current text"
          error={errors.url?.message}
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
        {isSubmitting ? <Spinner label="Adding the regulation" /> : <Plus />} Watch regulation
      </Button>
    </form>
  );
}
