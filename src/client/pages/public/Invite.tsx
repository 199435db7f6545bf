import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { acceptInviteRequest, withPasswordConfirmation } from '@shared/api/auth';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { NewPasswordFields, TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { applyServerError, FormError } from '../../features/users/form-errors';
import { PublicFrame } from '../../features/users/PublicFrame';
import { useAcceptInvite, useInviteDetails } from '../../features/users/use-invite';
import { ApiError } from '../../lib/api';

const choosePasswordSchema = (repeatMessage: string) =>
  withPasswordConfirmation(acceptInviteRequest.pick({ password: true }), 'password', repeatMessage);
type ChoosePassword = z.infer<ReturnType<typeof choosePasswordSchema>>;

function InvalidInvite({ message, title }: { message: string; title?: string }) {
  const { t } = useTranslation('auth');
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <AlertCircle aria-hidden className="size-5 text-destructive" />{' '}
          {title ?? t('invite.invalidTitle')}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">{t('invite.invalidHelp')}</p>
        <Button asChild variant="outline" className="w-full">
          <a href="/api/login">{t('invite.signIn')}</a>
        </Button>
      </CardContent>
    </Card>
  );
}

function AcceptForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('auth');
  const accept = useAcceptInvite();
  // Built again when the language changes, so that its message is in the reader's language.
  const choosePassword = useMemo(() => choosePasswordSchema(t('password.repeat')), [t]);
  const form = useForm<ChoosePassword>({
    resolver: zodResolver(choosePassword),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await accept.mutateAsync({ token, password });
      window.location.assign('/dashboard');
    } catch (error) {
      applyServerError(form.setError, error, ['password'], t('invite.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="email"
        label={t('invite.email')}
        type="email"
        autoComplete="username"
        value={email}
        readOnly
        className="bg-muted"
      />
      <NewPasswordFields
        form={form}
        name="password"
        hint={t('password.hint')}
        labels={{ password: t('password.password'), confirm: t('password.confirm') }}
        autoFocus
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('invite.joining') : t('invite.submit')}
      </Button>
    </form>
  );
}

export default function Invite() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invite = useInviteDetails(token);

  let content;
  if (!token) {
    content = <InvalidInvite message={t('invite.noToken')} />;
  } else if (invite.isLoading) {
    content = <Spinner className="size-8 text-sky-100" label={t('invite.checking')} />;
  } else if (invite.isError || !invite.data) {
    const { error } = invite;
    // 404 carries the server's own wording; 422 is a malformed token, which is just as invalid.
    if (error instanceof ApiError && error.status < 500) {
      content = (
        <InvalidInvite message={error.status === 404 ? error.userMessage : t('invite.notValid')} />
      );
    } else {
      content = (
        <InvalidInvite title={t('invite.uncheckedTitle')} message={t('invite.unchecked')} />
      );
    }
  } else {
    const { email, firstName, organizationName } = invite.data;
    content = (
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="text-xl">
            {t('invite.join', { organization: organizationName })}
          </CardTitle>
          <CardDescription>{t('invite.welcome', { name: firstName })}</CardDescription>
        </CardHeader>
        <CardContent>
          <AcceptForm token={token} email={email} />
        </CardContent>
      </Card>
    );
  }
  const title = invite.data
    ? t('invite.join', { organization: invite.data.organizationName })
    : t('invite.title');
  return <PublicFrame title={title}>{content}</PublicFrame>;
}
