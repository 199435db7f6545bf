import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addLedgerWitness, type AddLedgerWitness } from '@shared/api/ledger';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useAddWitness } from './use-ledger';

const EMPTY: AddLedgerWitness = { url: '', vkey: '' };

/** Adds a witness by its address and cosignature verifier key; the server's word goes by the field. */
export function AddWitnessForm() {
  const { t } = useTranslation('admin');
  const add = useAddWitness();
  const form = useForm<AddLedgerWitness>({
    resolver: zodResolver(addLedgerWitness),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const witness = await add.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        title: t('addWitness.added'),
        description: t('addWitness.addedDescription', { name: witness.name }),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: t('addWitness.notAdded') });
        return;
      }
      const issues = error.body?.issues ?? [];
      const placed = issues.filter((i) => i.path === 'url' || i.path === 'vkey');
      for (const issue of placed) {
        form.setError(issue.path as keyof AddLedgerWitness, { message: error.userMessage });
      }
      // A duplicate is about the witness's name, which comes from its key.
      if (placed.length === 0) {
        form.setError(error.status === 409 || error.status === 422 ? 'vkey' : 'root', {
          message: error.userMessage,
        });
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-witness-title"
      className="grid gap-3 rounded-md border p-4"
    >
      <h4 id="add-witness-title" className="text-sm font-semibold">
        {t('addWitness.title')}
      </h4>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TextField
          id="witness-url"
          label={t('addWitness.url')}
          hint={t('addWitness.urlHint')}
          error={errors.url?.message}
          autoComplete="off"
          inputMode="url"
          registration={form.register('url')}
        />
        <TextField
          id="witness-vkey"
          label={t('addWitness.vkey')}
          hint={t('addWitness.vkeyHint')}
          error={errors.vkey?.message}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs"
          registration={form.register('vkey')}
        />
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={t('addWitness.adding')} /> : <Plus />}{' '}
        {t('addWitness.submit')}
      </Button>
    </form>
  );
}
