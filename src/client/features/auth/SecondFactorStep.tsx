import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { codeInput } from '@shared/api/two-factor';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { useSecondFactor } from './use-auth';

const codeForm = z.object({ code: codeInput });
type CodeForm = z.infer<typeof codeForm>;

/**
 * The second step of a sign-in whose password was right: the 6-digit code of the authenticator
 * app, or one of the recovery codes. A sign-in that expired (5 minutes, or 5 wrong codes) goes
 * back to the password.
 */
export function SecondFactorStep({
  onDone,
  onRestart,
}: {
  onDone: () => void;
  /** Back to the password, with the reason when the server ended this sign-in. */
  onRestart: (message?: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const complete = useSecondFactor();
  const form = useForm<CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await complete.mutateAsync(code);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onRestart(error.userMessage);
        return;
      }
      form.setError('code', {
        message:
          error instanceof ApiError
            ? error.userMessage
            : 'Could not reach Centerline. Check your connection and try again.',
      });
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        id="code"
        label={recovery ? 'Recovery code' : 'Authentication code'}
        hint={
          recovery
            ? 'One of the ten codes you saved when you set up two-factor sign-in, like k7p2m-x9q4r. Each works once.'
            : 'The 6-digit code your authenticator app shows for Centerline.'
        }
        error={errors.code?.message}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        registration={form.register('code')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setRecovery((r) => !r);
            form.reset({ code: '' });
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button
          type="button"
          className="text-muted-foreground underline-offset-4 hover:underline"
          onClick={() => onRestart()}
        >
          Start again
        </button>
      </div>
    </form>
  );
}
