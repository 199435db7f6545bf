import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');
  return (
    <>
      <Button
        type="button"
        variant={primary ? 'default' : 'outline'}
        onClick={onClick}
        disabled={busy}
        autoFocus={primary}
      >
        <KeyRound aria-hidden /> {busy ? t('passkey.waiting') : label}
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
  const { t } = useTranslation('auth');
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
        message: error instanceof ApiError ? error.userMessage : t('secondFactor.unreachable'),
      });
      form.setFocus('code');
    }
  });

  if (!hasApp) {
    return (
      <div className="grid gap-4">
        <PasskeyButton
          label={t('secondFactor.usePasskey')}
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
          {t('secondFactor.startAgain')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        id="code"
        label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.appCode')}
        hint={recovery ? t('secondFactor.recoveryHint') : t('secondFactor.appHint')}
        error={errors.code?.message}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        registration={form.register('code')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('secondFactor.checking') : t('secondFactor.submit')}
      </Button>
      {hasPasskey && (
        <PasskeyButton
          label={t('secondFactor.passkeyInstead')}
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
          {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </button>
        <button
          type="button"
          className="text-muted-foreground underline-offset-4 hover:underline"
          onClick={() => onRestart()}
        >
          {t('secondFactor.startAgain')}
        </button>
      </div>
    </form>
  );
}
