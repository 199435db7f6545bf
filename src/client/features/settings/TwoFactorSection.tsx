import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
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
            {t('twoFactor.cancel')}
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
  const { t } = useTranslation('settings');
  const text = `${t('twoFactor.recovery.fileTitle', { email })}\n${t('twoFactor.recovery.fileNote')}\n\n${codes.join('\n')}\n`;
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
      <p className="text-sm font-medium">{t('twoFactor.recovery.title')}</p>
      <p className="text-sm text-muted-foreground">{t('twoFactor.recovery.description')}</p>
      <ul
        aria-label={t('twoFactor.recovery.list')}
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
              .then(() => toast({ title: t('twoFactor.recovery.copied') }))
          }
        >
          <Copy aria-hidden className="size-4" /> {t('twoFactor.recovery.copy')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={download}>
          <Download aria-hidden className="size-4" /> {t('twoFactor.recovery.download')}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {t('twoFactor.recovery.done')}
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
  const { t } = useTranslation('settings');
  const refresh = useRefresh();
  const enable = useMutation({
    mutationFn: (code: string) =>
      apiRequest('POST', '/api/auth/totp/enable', { code }, totpEnableResponse),
  });
  return (
    <div className="grid gap-4 rounded-md border p-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>{t('twoFactor.enrol.step1')}</li>
        <li>{t('twoFactor.enrol.step2')}</li>
        <li>{t('twoFactor.enrol.step3')}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t('twoFactor.enrol.qr')}
          className="size-44 rounded bg-white p-1"
        />
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('twoFactor.enrol.keyLabel')}</span>
          <code className="break-all font-mono text-sm" aria-label={t('twoFactor.enrol.key')}>
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <CodeForm
        id="totp-confirm"
        label={t('twoFactor.enrol.code')}
        hint={t('twoFactor.enrol.codeHint')}
        submit={t('twoFactor.enrol.submit')}
        busyLabel={t('twoFactor.enrol.checking')}
        onCancel={onCancel}
        onCode={async (code) => {
          const { recoveryCodes } = await enable.mutateAsync(code);
          await refresh();
          onEnabled(recoveryCodes);
          toast({
            title: t('twoFactor.enrol.enabled'),
            description: t('twoFactor.enrol.enabledDescription'),
          });
        }}
      />
    </div>
  );
}

type Mode = 'idle' | 'disabling' | 'regenerating';

/** Settings → Security: the authenticator app as a second factor, with its recovery codes. */
export function TwoFactorSection({ email }: { email: string }) {
  const { t } = useTranslation('settings');
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
              {t('twoFactor.title')}
            </h4>
            <p className="text-sm text-muted-foreground">
              {status.isLoading
                ? t('twoFactor.loading')
                : enabled
                  ? t('twoFactor.onSince', {
                      date: formatDate(data!.totpEnabledAt!),
                      count: data!.recoveryCodesLeft,
                    })
                  : data?.required
                    ? t('twoFactor.requiredOff')
                    : t('twoFactor.off')}
            </p>
          </div>
        </div>
        {data && (
          <Badge variant={enabled ? 'default' : 'secondary'}>
            {enabled ? t('twoFactor.badgeOn') : t('twoFactor.badgeOff')}
          </Badge>
        )}
      </div>
      {status.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('twoFactor.loadError')}
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
            {start.isPending ? t('twoFactor.preparing') : t('twoFactor.setUp')}
          </Button>
          {start.isError && (
            <p role="alert" className="text-sm text-destructive">
              {start.error instanceof Error ? start.error.message : t('twoFactor.setUpFailed')}
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
            {t('twoFactor.newCodes')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setMode('disabling')}>
            {t('twoFactor.turnOff')}
          </Button>
        </div>
      )}
      {enabled && mode === 'regenerating' && (
        <CodeForm
          id="totp-regenerate"
          label={t('twoFactor.codeOrRecovery')}
          hint={t('twoFactor.regenerate.hint')}
          submit={t('twoFactor.regenerate.submit')}
          busyLabel={t('twoFactor.regenerate.busy')}
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
          label={t('twoFactor.codeOrRecovery')}
          hint={data?.required ? t('twoFactor.disable.hintRequired') : t('twoFactor.disable.hint')}
          submit={t('twoFactor.disable.submit')}
          busyLabel={t('twoFactor.disable.busy')}
          variant="destructive"
          onCancel={() => setMode('idle')}
          onCode={async (code) => {
            await apiRequest('POST', '/api/auth/totp/disable', { code }, okResponse);
            await refresh();
            setMode('idle');
            toast({ title: t('twoFactor.disable.done') });
          }}
        />
      )}
    </section>
  );
}
