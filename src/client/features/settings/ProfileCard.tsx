import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateProfileRequest, type CurrentUser } from '@shared/api/auth';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { applyServerError, FormError } from '../users/form-errors';
import { EmailChangeDialog } from './EmailChangeDialog';
import { useUpdateProfile } from './use-profile';

const profileForm = updateProfileRequest.pick({ firstName: true, lastName: true });
type ProfileForm = z.infer<typeof profileForm>;

/** Name, with e-mail and organization shown read-only. Auto-logout travels along unchanged. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    values: { firstName: user.firstName, lastName: user.lastName },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        autoLogoutMinutes: user.autoLogoutMinutes,
      });
      form.reset({ firstName: saved.firstName, lastName: saved.lastName });
      toast({ title: t('profile.updated') });
    } catch (error) {
      applyServerError(form.setError, error, ['firstName', 'lastName']);
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('profile.title')}</CardTitle>
          <CardDescription>{t('profile.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            id="profile-first-name"
            label={t('profile.firstName')}
            error={errors.firstName?.message}
          >
            <Input
              id="profile-first-name"
              autoComplete="given-name"
              aria-invalid={!!errors.firstName}
              {...form.register('firstName')}
            />
          </FormField>
          <FormField
            id="profile-last-name"
            label={t('profile.lastName')}
            error={errors.lastName?.message}
          >
            <Input
              id="profile-last-name"
              autoComplete="family-name"
              aria-invalid={!!errors.lastName}
              {...form.register('lastName')}
            />
          </FormField>
          <FormField id="profile-email" label={t('profile.email')} hint={t('profile.emailHint')}>
            <Input
              id="profile-email"
              type="email"
              value={user.email}
              readOnly
              className="bg-muted"
            />
            <div>
              <EmailChangeDialog />
            </div>
          </FormField>
          <FormField id="profile-organization" label={t('profile.organization')}>
            <Input
              id="profile-organization"
              value={user.organizationName}
              readOnly
              className="bg-muted"
            />
          </FormField>
          {errors.root && (
            <div className="sm:col-span-2">
              <FormError message={errors.root.message} />
            </div>
          )}
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || isSubmitting}
            onClick={() => form.reset()}
          >
            {t('profile.cancel')}
          </Button>
          <Button type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? t('profile.saving') : t('profile.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
