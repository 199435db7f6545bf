import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { okResponse } from '@shared/api/auth';
import {
  codeInput,
  totpEnableResponse,
  totpSetupResponse,
  twoFactorStatus,
  type TotpSetupResponse,
} from '@shared/api/two-factor';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { AUTH_KEY } from '../auth/use-auth';
import { applyServerError, FormError } from '../users/form-errors';

export const TWO_FACTOR_KEY = ['/api/auth/two-factor'] as const;

const codeForm = z.object({ code: codeInput });
type CodeForm = z.infer<typeof codeForm>;

function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: () => apiRequest('GET', '/api/auth/two-factor', undefined, twoFactorStatus),
  });
}

/** After any change: this section, and the signed-in user (whom a required enrolment gates). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
      queryClient.invalidateQueries({ queryKey: AUTH_KEY }),
    ]);
}

/** One code field and a button: enabling, turning off and new recovery codes all ask for one. */
function CodeForm({
  id,
  label,
  hint,
  submit,
  busyLabel,
  onCode,
  variant = 'default',
  onCancel,
}: {
  id: string;
  label: string;
  hint: string;
  submit: string;
  busyLabel: string;
  onCode: (code: string) => Promise<void>;
  variant?: 'default' | 'destructive';
  onCancel?: () => void;
}) {
  const form = useForm<CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
      form.reset({ code: '' });
    } catch (error) {
      applyServerError(form.setError, error, ['code']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-sm">
      <TextField
        id={id}
        label={label}
        hint={hint}
        error={errors.code?.message}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        registration={form.register('code')}
      />
      <FormError message={errors.root?.message} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant={variant} disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submit}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const text = `Centerline recovery codes for ${email}\nEach code signs in once, in place of the authenticator app.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'centerline-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <p className="text-sm font-medium">Save your recovery codes now</p>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once. They are shown only this
        time; Centerline keeps only their fingerprints.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:max-w-xs"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast({ title: 'Recovery codes copied' }))
          }
        >
          <Copy aria-hidden className="size-4" /> Copy
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={download}>
          <Download aria-hidden className="size-4" /> Download
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function Enrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const refresh = useRefresh();
  const enable = useMutation({
    mutationFn: (code: string) =>
      apiRequest('POST', '/api/auth/totp/enable', { code }, totpEnableResponse),
  });
  return (
    <div className="grid gap-4 rounded-md border p-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Authy…).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to add Centerline to an authenticator app"
          className="size-44 rounded bg-white p-1"
        />
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">Key for typing in</span>
          <code className="break-all font-mono text-sm" aria-label="Set-up key">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <CodeForm
        id="totp-confirm"
        label="Code from the app"
        hint="Proves the app is set up. The set-up expires after 10 minutes."
        submit="Turn on two-factor sign-in"
        busyLabel="Checking…"
        onCancel={onCancel}
        onCode={async (code) => {
          const { recoveryCodes } = await enable.mutateAsync(code);
          await refresh();
          onEnabled(recoveryCodes);
          toast({
            title: 'Two-factor sign-in is on',
            description: 'You will be asked for a code at each sign-in.',
          });
        }}
      />
    </div>
  );
}

type Mode = 'idle' | 'disabling' | 'regenerating';

/** Settings → Security: the authenticator app as a second factor, with its recovery codes. */
export function TwoFactorSection({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const refresh = useRefresh();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const start = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/totp/setup', {}, totpSetupResponse),
    onSuccess: setSetup,
  });
  const data = status.data;
  const enabled = data?.totpEnabled ?? false;

  return (
    <section aria-labelledby="two-factor-title" className="grid gap-3">
      <div className="flex items-start justify-between gap-4">
        <div className="flex gap-3">
          {enabled ? (
            <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          ) : (
            <ShieldOff aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          )}
          <div className="grid gap-0.5">
            <h4 id="two-factor-title" className="text-sm font-medium">
              Two-factor authentication: authenticator app
            </h4>
            <p className="text-sm text-muted-foreground">
              {status.isLoading
                ? 'Loading…'
                : enabled
                  ? `On since ${formatDate(data!.totpEnabledAt!)}: a code from your authenticator app at each sign-in. ${data!.recoveryCodesLeft} of 10 recovery codes left.`
                  : data?.required
                    ? 'Your organization requires a second step at sign-in: set up an authenticator app here, or add a passkey.'
                    : 'Add a code from an authenticator app to your password, so a stolen password alone cannot sign in.'}
            </p>
          </div>
        </div>
        {data && (
          <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
        )}
      </div>
      {status.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load the two-factor settings. Reload the page to try again.
        </p>
      )}
      {codes && <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />}
      {!enabled && data && !setup && (
        <div className="grid gap-2">
          <Button
            type="button"
            size="sm"
            className="justify-self-start"
            onClick={() => start.mutate()}
            disabled={start.isPending}
          >
            {start.isPending ? 'Preparing…' : 'Set up authenticator app'}
          </Button>
          {start.isError && (
            <p role="alert" className="text-sm text-destructive">
              {start.error instanceof Error ? start.error.message : 'Could not start the set-up.'}
            </p>
          )}
        </div>
      )}
      {!enabled && setup && (
        <Enrolment
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
          }}
        />
      )}
      {enabled && mode === 'idle' && !codes && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => setMode('regenerating')}>
            New recovery codes
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setMode('disabling')}>
            Turn off
          </Button>
        </div>
      )}
      {enabled && mode === 'regenerating' && (
        <CodeForm
          id="totp-regenerate"
          label="Code from your app, or a recovery code"
          hint="The ten new codes replace every earlier one."
          submit="Make new recovery codes"
          busyLabel="Making codes…"
          onCancel={() => setMode('idle')}
          onCode={async (code) => {
            const { recoveryCodes } = await apiRequest(
              'POST',
              '/api/auth/recovery-codes',
              { code },
              totpEnableResponse,
            );
            await refresh();
            setMode('idle');
            setCodes(recoveryCodes);
          }}
        />
      )}
      {enabled && mode === 'disabling' && (
        <CodeForm
          id="totp-disable"
          label="Code from your app, or a recovery code"
          hint={
            data?.required
              ? 'Your organization requires two-factor sign-in: you will be asked to set up a new app straight away.'
              : 'Sign-in will then ask for your password only.'
          }
          submit="Turn off two-factor sign-in"
          busyLabel="Turning off…"
          variant="destructive"
          onCancel={() => setMode('idle')}
          onCode={async (code) => {
            await apiRequest('POST', '/api/auth/totp/disable', { code }, okResponse);
            await refresh();
            setMode('idle');
            toast({ title: 'Two-factor sign-in is off' });
          }}
        />
      )}
    </section>
  );
}
