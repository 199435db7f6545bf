import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { codeInput, type SecondFactorMethod } from '@shared/api/two-factor';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { passkeyErrorMessage, passkeySecondFactor } from './passkeys';
import { useSecondFactor } from './use-auth';

const codeForm = z.object({ code: codeInput });

/** The passkey choice of the step, with what went wrong under it. */
function PasskeyButton({
  label,
  busy,
  error,
  onClick,
  primary = false,
}: {
  label: string;
  busy: boolean;
  error: string | null;
  onClick: () => void;
  primary?: boolean;
}) {
  return (
    <>
      <Button
        type="button"
        variant={primary ? 'default' : 'outline'}
        onClick={onClick}
        disabled={busy}
        autoFocus={primary}
      >
        <KeyRound aria-hidden /> {busy ? 'Waiting for the passkey…' : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
type CodeForm = z.infer<typeof codeForm>;

/**
 * The second step of a sign-in whose password was right: the 6-digit code of the authenticator
 * app, or one of the recovery codes. A sign-in that expired (5 minutes, or 5 wrong codes) goes
 * back to the password.
 */
export function SecondFactorStep({
  methods,
  onDone,
  onRestart,
}: {
  /** What this account has: its authenticator app (with recovery codes), passkeys. */
  methods: SecondFactorMethod[];
  onDone: () => void;
  /** Back to the password, with the reason when the server ended this sign-in. */
  onRestart: (message?: string) => void;
}) {
  const hasApp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [recovery, setRecovery] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  async function signInWithPasskeyStep() {
    setPasskeyBusy(true);
    setPasskeyError(null);
    try {
      await passkeySecondFactor();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onRestart(error.userMessage);
        return;
      }
      setPasskeyError(error instanceof ApiError ? error.userMessage : passkeyErrorMessage(error));
      setPasskeyBusy(false);
    }
  }
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

  if (!hasApp) {
    return (
      <div className="grid gap-4">
        <PasskeyButton
          label="Use your passkey"
          busy={passkeyBusy}
          error={passkeyError}
          onClick={() => void signInWithPasskeyStep()}
          primary
        />
        <button
          type="button"
          className="justify-self-start text-sm text-muted-foreground underline-offset-4 hover:underline"
          onClick={() => onRestart()}
        >
          Start again
        </button>
      </div>
    );
  }

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
      {hasPasskey && (
        <PasskeyButton
          label="Use a passkey instead"
          busy={passkeyBusy}
          error={passkeyError}
          onClick={() => void signInWithPasskeyStep()}
        />
      )}
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
