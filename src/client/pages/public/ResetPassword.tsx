import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  passwordResetAccepted,
  passwordResetConfirm,
  passwordResetRequest,
  type PasswordResetRequest,
} from '@shared/api/account';
import { okResponse, withPasswordConfirmation } from '@shared/api/auth';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { NewPasswordFields, TextField } from '../../components/ui/form-field';
import { applyServerError, FormError } from '../../features/users/form-errors';
import { PublicFrame } from '../../features/users/PublicFrame';
import { apiRequest } from '../../lib/api';

/** Asks for a link by e-mail; says the same whether or not the address has an account. */
function AskForLink() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<{ mailEnabled: boolean } | null>(null);
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setSent(await apiRequest('POST', '/api/auth/password-reset', values, passwordResetAccepted));
    } catch (error) {
      applyServerError(form.setError, error, ['email'], t('reset.failed'));
    }
  });

  if (sent) {
    return (
      <p role="status" className="text-sm">
        {sent.mailEnabled ? t('reset.sent') : t('reset.noMail')}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="reset-email"
        label={t('reset.email')}
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('reset.sending') : t('reset.send')}
      </Button>
    </form>
  );
}

const newPasswordSchema = (repeat: string) =>
  withPasswordConfirmation(passwordResetConfirm.pick({ password: true }), 'password', repeat);
type NewPassword = z.infer<ReturnType<typeof newPasswordSchema>>;

/** Chooses the new password with the link's token; the link works once. */
function ChooseNewPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  const schema = useMemo(() => newPasswordSchema(t('password.repeat')), [t]);
  const form = useForm<NewPassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await apiRequest('POST', '/api/auth/password-reset/confirm', { token, password }, okResponse);
      setDone(true);
    } catch (error) {
      applyServerError(form.setError, error, ['password'], t('reset.failed'));
    }
  });

  if (done) {
    return (
      <div className="grid gap-3">
        <p role="status" className="text-sm">
          {t('reset.done')}
        </p>
        <Button asChild>
          <a href="/api/login">{t('reset.signIn')}</a>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <NewPasswordFields
        form={form}
        name="password"
        hint={t('password.hint')}
        labels={{ password: t('reset.newPassword'), confirm: t('password.confirm') }}
        autoFocus
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('reset.saving') : t('reset.save')}
      </Button>
    </form>
  );
}

/**
 * /reset-password: without a token, asks for a link by e-mail; with the link's token, chooses
 * the new password (every session of the account ends; a second factor is still asked).
 */
export default function ResetPassword() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <PublicFrame title={t('reset.pageTitle')}>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            {token ? (
              <KeyRound aria-hidden className="size-5" />
            ) : (
              <MailCheck aria-hidden className="size-5" />
            )}{' '}
            {token ? t('reset.chooseTitle') : t('reset.title')}
          </CardTitle>
          <CardDescription>
            {token ? t('reset.chooseDescription') : t('reset.description')}
          </CardDescription>
        </CardHeader>
        <CardContent>{token ? <ChooseNewPassword token={token} /> : <AskForLink />}</CardContent>
      </Card>
      <Link to="/api/login" className="text-sm text-sky-100 hover:underline">
        {t('reset.back')}
      </Link>
    </PublicFrame>
  );
}
