import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Rocket } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { signupAccepted, signupRequest } from '@shared/api/users';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { locale } from '../../i18n/app';
import { useSignupStatus } from '../../features/admin/use-admin';
import { applyServerError, FormError } from '../../features/users/form-errors';
import { PublicFrame } from '../../features/users/PublicFrame';
import { apiRequest } from '../../lib/api';

type SignupForm = z.input<typeof signupRequest>;
const FIELDS = ['organizationName', 'firstName', 'lastName', 'email'] as const;

function SignupFields({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupRequest),
    defaultValues: { organizationName: '', firstName: '', lastName: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The confirmation e-mail is written in the language this page is read in.
      const sent = await apiRequest(
        'POST',
        '/api/signup',
        { ...values, language: locale() },
        signupAccepted,
      );
      onSent(sent.email);
    } catch (error) {
      applyServerError(form.setError, error, [...FIELDS], t('signup.failed'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="signup-organization"
        label={t('signup.organization')}
        autoComplete="organization"
        autoFocus
        error={errors.organizationName?.message}
        registration={form.register('organizationName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="signup-first"
          label={t('signup.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          registration={form.register('firstName')}
        />
        <TextField
          id="signup-last"
          label={t('signup.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          registration={form.register('lastName')}
        />
      </div>
      <TextField
        id="signup-email"
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        hint={t('signup.emailHint')}
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner label={t('signup.sending')} />} {t('signup.submit')}
      </Button>
    </form>
  );
}

/**
 * /signup (SIGNUP=open): a Trial organization and its administrator, confirmed by the link the
 * server e-mails; the administrator chooses a password from it, as an invited user does.
 */
export default function SignUp() {
  const { t } = useTranslation('auth');
  const status = useSignupStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <PublicFrame title={t('signup.pageTitle')}>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            {sentTo ? (
              <MailCheck aria-hidden className="size-5" />
            ) : (
              <Rocket aria-hidden className="size-5" />
            )}{' '}
            {sentTo ? t('signup.sentTitle') : t('signup.title')}
          </CardTitle>
          <CardDescription>
            {sentTo ? t('signup.sent', { email: sentTo }) : t('signup.description')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sentTo ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t('signup.sentHint')}
            </p>
          ) : status.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('signup.loading')} />
            </div>
          ) : status.data?.open ? (
            <SignupFields onSent={setSentTo} />
          ) : (
            <p role="status" className="text-sm">
              {t('signup.closed')}
            </p>
          )}
        </CardContent>
      </Card>
      <Link to="/api/login" className="text-sm text-sky-100 hover:underline">
        {t('signup.haveAccount')}
      </Link>
    </PublicFrame>
  );
}
