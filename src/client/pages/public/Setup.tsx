import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { setupRequest, withPasswordConfirmation } from '@shared/api/auth';
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
import { formatNumber } from '../../lib/format';

const setupSchema = (repeatMessage: string) =>
  withPasswordConfirmation(setupRequest, 'password', repeatMessage);
type SetupFormInput = z.input<ReturnType<typeof setupSchema>>;
type SetupFormValues = z.output<ReturnType<typeof setupSchema>>;
const FIELDS = ['organizationName', 'plan', 'firstName', 'lastName', 'email', 'password'] as const;

function planLimits(id: PlanId, t: TFunction) {
  const plan = findPlan(id);
  if (!plan) return '';
  const users =
    plan.userLimit === null
      ? t('setup.plan.unlimitedUsers')
      : t('setup.plan.users', { count: plan.userLimit, number: formatNumber(plan.userLimit) });
  const documents =
    plan.documentLimit === null
      ? t('setup.plan.unlimitedDocuments')
      : t('setup.plan.documents', {
          count: plan.documentLimit,
          number: formatNumber(plan.documentLimit),
        });
  return t('setup.plan.limits', {
    price: plan.price,
    period: t(`plans.${plan.id}.period`),
    users,
    documents,
  });
}

function SetupForm() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const runSetup = useRunSetup();
  // Built again when the language changes, so that its message is in the reader's language.
  const setupForm = useMemo(() => setupSchema(t('password.repeat')), [t]);
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
  const chosenPlan: PlanId = form.watch('plan') ?? 'trial';

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      await runSetup.mutateAsync(values);
      window.location.assign('/dashboard');
    } catch (error) {
      applyServerError(form.setError, error, FIELDS, t('setup.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="organizationName"
        label={t('setup.organizationName')}
        error={errors.organizationName?.message}
        autoComplete="organization"
        autoFocus
        registration={form.register('organizationName')}
      />
      <FormField
        id="plan"
        label={t('setup.plan.label')}
        error={errors.plan?.message}
        hint={planLimits(chosenPlan, t)}
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
                    {t(`plans.${plan.id}.name`)}
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
          label={t('setup.firstName')}
          error={errors.firstName?.message}
          autoComplete="given-name"
          registration={form.register('firstName')}
        />
        <TextField
          id="lastName"
          label={t('setup.lastName')}
          error={errors.lastName?.message}
          autoComplete="family-name"
          registration={form.register('lastName')}
        />
      </div>
      <TextField
        id="email"
        label={t('setup.email')}
        error={errors.email?.message}
        type="email"
        autoComplete="username"
        registration={form.register('email')}
      />
      <NewPasswordFields
        form={form}
        name="password"
        hint={t('password.hint')}
        labels={{ password: t('password.password'), confirm: t('password.confirm') }}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('setup.creating') : t('setup.submit')}
      </Button>
      <p className="text-xs text-muted-foreground">{t('setup.firstAdmin')}</p>
    </form>
  );
}

export default function Setup() {
  const { t } = useTranslation('auth');
  const status = useSetupStatus();
  return (
    <PublicFrame title={status.data?.open === false ? t('setup.completeTitle') : t('setup.title')}>
      {status.isLoading ? (
        <Spinner className="size-8 text-sky-100" label={t('setup.checking')} />
      ) : status.data?.open === false ? (
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-xl">
              <CheckCircle2 aria-hidden className="size-5 text-success" />{' '}
              {t('setup.completeTitle')}
            </CardTitle>
            <CardDescription>{t('setup.completeDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full">
              <a href="/api/login">{t('setup.signIn')}</a>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle className="text-xl">{t('setup.title')}</CardTitle>
            <CardDescription>{t('setup.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            {status.isError && (
              <p
                role="status"
                className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {t('setup.statusError')}
              </p>
            )}
            <SetupForm />
          </CardContent>
        </Card>
      )}
    </PublicFrame>
  );
}
