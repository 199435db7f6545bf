import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { linkInput, type LinkStatus } from '@shared/api/links';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField, TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { INTERVAL_CHOICES } from './links';
import { useAddLink, useEditLink } from './use-links';

type FormValues = z.input<typeof linkInput>;
const FIELDS = ['name', 'url', 'expectedKeyword', 'ignorePattern', 'intervalMinutes'] as const;

function defaults(link: LinkStatus | null): FormValues {
  return {
    name: link?.name ?? '',
    url: link?.url ?? '',
    expectedKeyword: link?.expectedKeyword ?? '',
    ignorePattern: link?.ignorePattern ?? '',
    intervalMinutes: link?.intervalMinutes ?? 1440,
  };
}

/** Adds a link, or edits one when `link` is given; the server's objections go by their field. */
export function LinkFormDialog({
  open,
  link,
  onOpenChange,
}: {
  open: boolean;
  link: LinkStatus | null;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddLink();
  const edit = useEditLink();
  const form = useForm<FormValues>({
    resolver: zodResolver(linkInput),
    defaultValues: defaults(link),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(defaults(link));
  }, [open, link, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const input = { ...values, intervalMinutes: Number(values.intervalMinutes) };
      if (link) await edit.mutateAsync({ id: link.id, patch: input });
      else await add.mutateAsync(input);
      toast({ title: link ? 'Link saved' : 'Link added', description: values.name });
      onOpenChange(false);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: 'The link was not saved. Check your connection.' });
        return;
      }
      const placed = (error.body?.issues ?? []).filter((i) =>
        (FIELDS as readonly string[]).includes(i.path),
      );
      for (const issue of placed) {
        form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
      }
      if (placed.length === 0) {
        form.setError(error.status === 409 ? 'url' : 'root', { message: error.userMessage });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{link ? 'Edit link' : 'Add a link'}</DialogTitle>
          <DialogDescription>
            The page is fetched on its schedule and on Refresh Status; its readable text is compared
            with the last check.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-3"
          aria-label={link ? 'Edit link' : 'Add a link'}
        >
          <TextField
            id="link-name"
            label="Name"
            error={errors.name?.message}
            registration={form.register('name')}
          />
          <TextField
            id="link-url"
            label="URL"
            inputMode="url"
            placeholder="https://www.ecfr.gov/…"
            error={errors.url?.message}
            registration={form.register('url')}
          />
          <TextField
            id="link-keyword"
            label="Expected keyword (optional)"
            hint="An alert is raised when the page no longer contains it"
            error={errors.expectedKeyword?.message}
            registration={form.register('expectedKeyword')}
          />
          <TextField
            id="link-ignore"
            label="Ignore pattern (optional)"
            hint="A regular expression; matching text (a date, a counter) is left out of the comparison"
            className="font-mono text-xs"
            spellCheck={false}
            error={errors.ignorePattern?.message}
            registration={form.register('ignorePattern')}
          />
          <FormField
            id="link-interval"
            label="Check interval"
            error={errors.intervalMinutes?.message}
          >
            <select
              id="link-interval"
              className="h-9 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              {...form.register('intervalMinutes', { valueAsNumber: true })}
            >
              {INTERVAL_CHOICES.map((c) => (
                <option key={c.minutes} value={c.minutes}>
                  {c.label}
                </option>
              ))}
            </select>
          </FormField>
          {errors.root && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          )}
          <DialogFooter className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner label="Saving" />}
              {link ? 'Save' : 'Add link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
