import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginRequest, setupStatus, type LoginRequest } from '@shared/api/auth';
import { findPlan } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { BrandMark } from '../../components/brand';
import { useSignIn } from '../../features/auth/use-auth';
import { SecondFactorStep } from '../../features/auth/SecondFactorStep';
import {
  passkeyErrorMessage,
  passkeysSupported,
  signInWithPasskey,
} from '../../features/auth/passkeys';
import type { SecondFactorMethod } from '@shared/api/two-factor';
import { KeyRound } from 'lucide-react';
import { apiRequest, ApiError } from '../../lib/api';
import { useSignupStatus } from '../../features/admin/use-admin';

/** Only same-site paths are followed after sign-in. */
function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/api/')
    ? value
    : '/dashboard';
}

export default function SignIn() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const plan = findPlan(params.get('plan') ?? '');
  const next = safeNext(params.get('next'));
  const signIn = useSignIn();
  const setup = useQuery({
    queryKey: ['/api/setup/status'],
    queryFn: () => apiRequest('GET', '/api/setup/status', undefined, setupStatus),
  });
  const signup = useSignupStatus();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);
  const needsCode = methods !== null;
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const target = plan ? `${next}${next.includes('?') ? '&' : '?'}plan=${plan.id}` : next;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync(values);
      if ('twoFactorRequired' in answer) {
        setMethods(answer.methods);
        return;
      }
      window.location.assign(target);
    } catch (error) {
      form.setError('root', {
        message: error instanceof ApiError ? error.userMessage : t('signIn.failed'),
      });
    }
  });

  const setupHref = `/setup${plan ? `?plan=${plan.id}` : ''}`;
  const { errors, isSubmitting } = form.formState;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-[#0b2545] to-[#13315c] p-6">
      <Link to="/" className="text-white">
        <BrandMark tone="light" className="text-lg" />
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="text-xl">
            {needsCode ? t('signIn.twoFactorTitle') : t('signIn.title')}
          </CardTitle>
          <CardDescription>
            {needsCode ? (
              t('signIn.twoFactorDescription')
            ) : plan ? (
              <Trans
                t={t}
                i18nKey="signIn.chosenPlan"
                values={{ plan: t(`plans.${plan.id}.name`) }}
                components={{ strong: <strong /> }}
              />
            ) : (
              t('signIn.description')
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {needsCode ? (
            <SecondFactorStep
              methods={methods}
              onDone={() => window.location.assign(target)}
              onRestart={(message) => {
                setMethods(null);
                form.resetField('password');
                if (message) form.setError('root', { message });
              }}
            />
          ) : setup.data?.open ? (
            <div className="grid gap-3 text-sm">
              <p>{t('signIn.noOrganization')}</p>
              <Button asChild>
                <Link to={setupHref}>{t('signIn.setUp')}</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <TextField
                id="email"
                label={t('signIn.email')}
                error={errors.email?.message}
                type="email"
                autoComplete="username"
                autoFocus
                registration={form.register('email')}
              />
              <TextField
                id="password"
                label={t('signIn.password')}
                error={errors.password?.message}
                type="password"
                autoComplete="current-password"
                registration={form.register('password')}
              />
              {errors.root && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
                  {errors.root.message}
                </p>
              )}
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('signIn.signingIn') : t('signIn.submit')}
              </Button>
              {passkeysSupported() && (
                <div className="grid gap-2 border-t pt-4">
                  <Button
                    type="button"
                    variant="outline"
                    disabled={passkeyBusy}
                    onClick={async () => {
                      setPasskeyBusy(true);
                      setPasskeyError(null);
                      try {
                        await signInWithPasskey();
                        window.location.assign(target);
                      } catch (error) {
                        setPasskeyError(
                          error instanceof ApiError
                            ? error.userMessage
                            : passkeyErrorMessage(error),
                        );
                        setPasskeyBusy(false);
                      }
                    }}
                  >
                    <KeyRound aria-hidden />{' '}
                    {passkeyBusy ? t('passkey.waiting') : t('signIn.withPasskey')}
                  </Button>
                  {passkeyError && (
                    <p role="alert" className="text-sm text-destructive">
                      {passkeyError}
                    </p>
                  )}
                </div>
              )}
              <Link to="/reset-password" className="text-sm text-primary hover:underline">
                {t('signIn.forgot')}
              </Link>
              {signup.data?.open && (
                <Link to="/signup" className="text-sm font-medium text-primary hover:underline">
                  {t('signup.startTrial')}
                </Link>
              )}
              <p className="text-xs text-muted-foreground">{t('signIn.noAccount')}</p>
            </form>
          )}
        </CardContent>
      </Card>
      <Link to="/" className="text-sm text-sky-100 hover:underline">
        {t('signIn.back')}
      </Link>
    </div>
  );
}
