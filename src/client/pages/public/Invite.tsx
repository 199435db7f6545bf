import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { acceptInviteRequest, NEW_PASSWORD_HINT, withPasswordConfirmation } from '@shared/api/auth';
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

const choosePassword = withPasswordConfirmation(
  acceptInviteRequest.pick({ password: true }),
  'password',
);
type ChoosePassword = z.infer<typeof choosePassword>;

const NOT_VALID =
  'This invitation is not valid or has expired. Ask your administrator for a new one.';

function InvalidInvite({
  message,
  title = 'Invitation not valid',
}: {
  message: string;
  title?: string;
}) {
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <AlertCircle aria-hidden className="size-5 text-destructive" /> {title}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          Invitation links work once and expire after 7 days. If you already chose your password,
          sign in instead.
        </p>
        <Button asChild variant="outline" className="w-full">
          <a href="/api/login">Sign in</a>
        </Button>
      </CardContent>
    </Card>
  );
}

function AcceptForm({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvite();
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
      applyServerError(
        form.setError,
        error,
        ['password'],
        'Could not accept the invitation. Check your connection and try again.',
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="email"
        label="E-mail"
        type="email"
        autoComplete="username"
        value={email}
        readOnly
        className="bg-muted"
      />
      <NewPasswordFields form={form} name="password" hint={NEW_PASSWORD_HINT} autoFocus />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Joining…' : 'Join and sign in'}
      </Button>
    </form>
  );
}

export default function Invite() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invite = useInviteDetails(token);

  let content;
  if (!token) {
    content = (
      <InvalidInvite message="This address has no invitation in it. Open the full link your administrator sent you." />
    );
  } else if (invite.isLoading) {
    content = <Spinner className="size-8 text-sky-100" label="Checking invitation" />;
  } else if (invite.isError || !invite.data) {
    const { error } = invite;
    // 404 carries the server's own wording; 422 is a malformed token, which is just as invalid.
    if (error instanceof ApiError && error.status < 500) {
      content = <InvalidInvite message={error.status === 404 ? error.userMessage : NOT_VALID} />;
    } else {
      content = (
        <InvalidInvite
          title="Invitation not checked"
          message="Centerline could not check this invitation right now. Reload the page in a moment."
        />
      );
    }
  } else {
    const { email, firstName, organizationName } = invite.data;
    content = (
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="text-xl">Join {organizationName}</CardTitle>
          <CardDescription>
            Welcome, {firstName}. Choose the password you will use to sign in to Centerline.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AcceptForm token={token} email={email} />
        </CardContent>
      </Card>
    );
  }
  const title = invite.data ? `Join ${invite.data.organizationName}` : 'Invitation';
  return <PublicFrame title={title}>{content}</PublicFrame>;
}
