import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
type Field = (typeof FIELDS)[number];
/** The example address in the URL box: an address, not words. */
const URL_EXAMPLE = 'https://www.ecfr.gov/…';
/** What the shared schema refuses, said in the reader's language (the server's words stay its own). */
const SCHEMA_ERRORS: Partial<Record<Field, string[]>> = {
  name: ['too_small'],
  url: ['custom', 'invalid_type'],
  ignorePattern: ['custom'],
};

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
  const { t } = useTranslation('links');
  const add = useAddLink();
  const edit = useEditLink();
  const form = useForm<FormValues>({
    resolver: zodResolver(linkInput),
    defaultValues: defaults(link),
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: Field, error: FieldError | undefined) =>
    error && SCHEMA_ERRORS[field]?.includes(error.type)
      ? t(`form.errors.${field}`)
      : error?.message;

  useEffect(() => {
    if (open) form.reset(defaults(link));
  }, [open, link, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const input = { ...values, intervalMinutes: Number(values.intervalMinutes) };
      if (link) await edit.mutateAsync({ id: link.id, patch: input });
      else await add.mutateAsync(input);
      toast({ title: link ? t('form.saved') : t('form.added'), description: values.name });
      onOpenChange(false);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: t('form.notSaved') });
        return;
      }
      const placed = (error.body?.issues ?? []).filter((i) =>
        (FIELDS as readonly string[]).includes(i.path),
      );
      for (const issue of placed) {
        form.setError(issue.path as Field, { type: 'server', message: issue.message });
      }
      if (placed.length === 0) {
        form.setError(error.status === 409 ? 'url' : 'root', {
          type: 'server',
          message: error.userMessage,
        });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{link ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-3"
          aria-label={link ? t('form.editTitle') : t('form.addTitle')}
        >
          <TextField
            id="link-name"
            label={t('form.name')}
            error={errorOf('name', errors.name)}
            registration={form.register('name')}
          />
          <TextField
            id="link-url"
            label={t('form.url')}
            inputMode="url"
            placeholder={URL_EXAMPLE}
            error={errorOf('url', errors.url)}
            registration={form.register('url')}
          />
          <TextField
            id="link-keyword"
            label={t('form.keyword')}
            hint={t('form.keywordHint')}
            error={errorOf('expectedKeyword', errors.expectedKeyword)}
            registration={form.register('expectedKeyword')}
          />
          <TextField
            id="link-ignore"
            label={t('form.ignore')}
            hint={t('form.ignoreHint')}
            className="font-mono text-xs"
            spellCheck={false}
            error={errorOf('ignorePattern', errors.ignorePattern)}
            registration={form.register('ignorePattern')}
          />
          <FormField
            id="link-interval"
            label={t('form.interval')}
            error={errorOf('intervalMinutes', errors.intervalMinutes)}
          >
            <select
              id="link-interval"
              className="h-9 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              {...form.register('intervalMinutes', { valueAsNumber: true })}
            >
              {INTERVAL_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t(`interval.${minutes}`)}
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
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner label={t('form.saving')} />}
              {link ? t('form.save') : t('form.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
