import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { NEW_PASSWORD_HINT, setupRequest, withPasswordConfirmation } from '@shared/api/auth';
import { findPlan, PLANS, type PlanId } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField, NewPasswordFields, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useRunSetup, useSetupStatus } from '../../features/admin/use-admin';
import { applyServerError, FormError } from '../../features/users/form-errors';
import { PublicFrame } from '../../features/users/PublicFrame';

const setupForm = withPasswordConfirmation(setupRequest, 'password');
type SetupFormInput = z.input<typeof setupForm>;
type SetupFormValues = z.output<typeof setupForm>;
const FIELDS = ['organizationName', 'plan', 'firstName', 'lastName', 'email', 'password'] as const;

function planLimits(id: PlanId) {
  const plan = findPlan(id);
  if (!plan) return '';
  const users = plan.userLimit === null ? 'Unlimited users' : `Up to ${plan.userLimit} users`;
  const docs =
    plan.documentLimit === null
      ? 'unlimited documents'
      : `${plan.documentLimit.toLocaleString('en-US')} documents`;
  return `${plan.price} ${plan.period}. ${users}, ${docs}.`;
}

function SetupForm() {
  const [params] = useSearchParams();
  const runSetup = useRunSetup();
  const form = useForm<SetupFormInput, unknown, SetupFormValues>({
    resolver: zodResolver(setupForm),
    defaultValues: {
      organizationName: '',
      plan: findPlan(params.get('plan') ?? '')?.id ?? 'trial',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      await runSetup.mutateAsync(values);
      window.location.assign('/dashboard');
    } catch (error) {
      applyServerError(
        form.setError,
        error,
        FIELDS,
        'Setup failed. Check your connection and try again.',
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="organizationName"
        label="Organization name"
        error={errors.organizationName?.message}
        autoComplete="organization"
        autoFocus
        registration={form.register('organizationName')}
      />
      <FormField
        id="plan"
        label="Plan"
        error={errors.plan?.message}
        hint={planLimits(form.watch('plan') ?? 'trial')}
      >
        <Controller
          control={form.control}
          name="plan"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="plan" aria-invalid={!!errors.plan}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLANS.map((plan) => (
                  <SelectItem key={plan.id} value={plan.id}>
                    {plan.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="First name"
          error={errors.firstName?.message}
          autoComplete="given-name"
          registration={form.register('firstName')}
        />
        <TextField
          id="lastName"
          label="Last name"
          error={errors.lastName?.message}
          autoComplete="family-name"
          registration={form.register('lastName')}
        />
      </div>
      <TextField
        id="email"
        label="E-mail"
        error={errors.email?.message}
        type="email"
        autoComplete="username"
        registration={form.register('email')}
      />
      <NewPasswordFields form={form} name="password" hint={NEW_PASSWORD_HINT} />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating organization…' : 'Create organization'}
      </Button>
      <p className="text-xs text-muted-foreground">
        You become the organization’s first administrator and can invite the rest of your team
        afterwards.
      </p>
    </form>
  );
}

export default function Setup() {
  const status = useSetupStatus();
  return (
    <PublicFrame
      title={status.data?.open === false ? 'Setup is complete' : 'Set up your organization'}
    >
      {status.isLoading ? (
        <Spinner className="size-8 text-sky-100" label="Checking setup" />
      ) : status.data?.open === false ? (
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-xl">
              <CheckCircle2 aria-hidden className="size-5 text-success" /> Setup is complete
            </CardTitle>
            <CardDescription>
              This Centerline installation already has its organization. Sign in with your account,
              or ask your administrator for an invitation.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full">
              <a href="/api/login">Sign in</a>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle className="text-xl">Set up your organization</CardTitle>
            <CardDescription>
              Create your training centre in Centerline and the administrator account that manages
              it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {status.isError && (
              <p
                role="status"
                className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                Could not check whether setup is still open; if it is complete, the server will say
                so.
              </p>
            )}
            <SetupForm />
          </CardContent>
        </Card>
      )}
    </PublicFrame>
  );
}
