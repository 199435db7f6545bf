import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  changePasswordRequest,
  updateProfileRequest,
  withPasswordConfirmation,
  type CurrentUser,
} from '@shared/api/auth';
import { AUTO_LOGOUT_MINUTES } from '@shared/constants/ui';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField, NewPasswordFields, TextField } from '../../components/ui/form-field';
import { Separator } from '../../components/ui/misc';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { applyServerError, FormError } from '../users/form-errors';
import { useAuth } from '../auth/use-auth';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorPolicy } from './TwoFactorPolicy';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { useChangePassword, useUpdateProfile } from './use-profile';

const autoLogoutForm = updateProfileRequest.pick({ autoLogoutMinutes: true });
type AutoLogoutForm = z.infer<typeof autoLogoutForm>;

/** Saved through the profile call, with the name as it is stored. */
function AutoLogoutForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const form = useForm<AutoLogoutForm>({
    resolver: zodResolver(autoLogoutForm),
    values: { autoLogoutMinutes: user.autoLogoutMinutes },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async ({ autoLogoutMinutes }) => {
    try {
      await update.mutateAsync({
        firstName: user.firstName,
        lastName: user.lastName,
        autoLogoutMinutes,
      });
      toast({
        title: t('profile.updated'),
        description: t('security.autoLogout.saved', { count: autoLogoutMinutes }),
      });
    } catch (error) {
      applyServerError(form.setError, error, ['autoLogoutMinutes']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <FormField
        id="auto-logout"
        label={t('security.autoLogout.label')}
        error={errors.autoLogoutMinutes?.message}
        hint={t('security.autoLogout.hint')}
      >
        <Controller
          control={form.control}
          name="autoLogoutMinutes"
          render={({ field }) => (
            <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
              <SelectTrigger
                id="auto-logout"
                aria-invalid={!!errors.autoLogoutMinutes}
                className="sm:max-w-56"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {AUTO_LOGOUT_MINUTES.map((minutes) => (
                  <SelectItem key={minutes} value={String(minutes)}>
                    {t('security.autoLogout.minutes', { count: minutes })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormError message={errors.root?.message} />
      {isDirty && (
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={isSubmitting}>
            {isSubmitting ? t('security.autoLogout.saving') : t('security.autoLogout.save')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => form.reset()}
            disabled={isSubmitting}
          >
            {t('security.autoLogout.cancel')}
          </Button>
        </div>
      )}
    </form>
  );
}

const passwordSchema = (repeatMessage: string) =>
  withPasswordConfirmation(changePasswordRequest, 'newPassword', repeatMessage);
type PasswordForm = z.infer<ReturnType<typeof passwordSchema>>;
const EMPTY_PASSWORDS: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  // Built again when the language changes, so that its message is in the reader's language.
  const passwordForm = useMemo(() => passwordSchema(t('security.password.repeat')), [t]);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: EMPTY_PASSWORDS,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY_PASSWORDS);
      toast({
        title: t('security.password.changed'),
        description: t('security.password.changedDescription'),
      });
    } catch (error) {
      applyServerError(form.setError, error, ['currentPassword', 'newPassword']);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-labelledby="change-password-title"
    >
      <h4 id="change-password-title" className="text-sm font-semibold">
        {t('security.password.title')}
      </h4>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="current-password"
        label={t('security.password.current')}
        error={errors.currentPassword?.message}
        type="password"
        autoComplete="current-password"
        registration={form.register('currentPassword')}
      />
      <NewPasswordFields
        form={form}
        name="newPassword"
        hint={t('security.password.hint')}
        ids={{ password: 'new-password', confirm: 'confirm-password' }}
        labels={{
          password: t('security.password.new'),
          confirm: t('security.password.confirm'),
        }}
        className="grid items-start gap-4 sm:grid-cols-2"
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? t('security.password.submitting') : t('security.password.submit')}
      </Button>
    </form>
  );
}

export function SecurityCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const { can } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('security.title')}</CardTitle>
        <CardDescription>{t('security.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <TwoFactorSection email={user.email} />
        <Separator />
        <PasskeysSection />
        {can('manageOrganization') && (
          <>
            <Separator />
            <TwoFactorPolicy organizationName={user.organizationName} />
          </>
        )}
        <Separator />
        <AutoLogoutForm user={user} />
        <Separator />
        <ChangePasswordForm email={user.email} />
        <Separator />
        <SessionsSection />
      </CardContent>
    </Card>
  );
}
