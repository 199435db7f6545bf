import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createUserRequest,
  type CreateUserRequest,
  type CreateUserResponse,
} from '@shared/api/users';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField, TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { applyServerError, FormError } from './form-errors';
import { InviteLink } from './InviteLink';
import { RoleSelect } from './RoleSelect';
import { roleDescription, roleLabel } from './roles';
import { useInviteUser } from './use-users';

const EMPTY: CreateUserRequest = { email: '', firstName: '', lastName: '', role: 'instructor' };
const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;

export function InviteUserDialog({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<CreateUserResponse | null>(null);
  const invite = useInviteUser();
  const form = useForm<CreateUserRequest>({
    resolver: zodResolver(createUserRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const startOver = () => {
    form.reset(EMPTY);
    setResult(null);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) startOver();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setResult(await invite.mutateAsync(values));
    } catch (error) {
      // Plan limits and duplicate e-mails are about the whole request, not one field.
      if (error instanceof ApiError && error.status !== 422) {
        toast({
          title: t('invite.failed'),
          description: error.userMessage,
          variant: 'destructive',
        });
        return;
      }
      applyServerError(form.setError, error, FIELDS);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>
          <UserPlus /> {t('invite.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('invite.created')}</DialogTitle>
              <DialogDescription>
                {t('invite.createdDescription', {
                  name: `${result.user.firstName} ${result.user.lastName}`,
                  role: roleLabel(result.user.role),
                })}
              </DialogDescription>
            </DialogHeader>
            <InviteLink
              invitePath={result.invitePath}
              emailed={result.emailed}
              expiresAt={result.inviteExpiresAt}
              email={result.user.email}
            />
            <DialogFooter>
              <Button variant="outline" onClick={startOver}>
                {t('invite.another')}
              </Button>
              <DialogClose asChild>
                <Button>{t('invite.done')}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('invite.title')}</DialogTitle>
              <DialogDescription>{t('invite.description')}</DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <TextField
                id="invite-email"
                label={t('invite.email')}
                error={errors.email?.message}
                type="email"
                autoComplete="off"
                registration={form.register('email')}
              />
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  id="invite-first-name"
                  label={t('invite.firstName')}
                  error={errors.firstName?.message}
                  autoComplete="off"
                  registration={form.register('firstName')}
                />
                <TextField
                  id="invite-last-name"
                  label={t('invite.lastName')}
                  error={errors.lastName?.message}
                  autoComplete="off"
                  registration={form.register('lastName')}
                />
              </div>
              <FormField
                id="invite-role"
                label={t('invite.role')}
                error={errors.role?.message}
                hint={roleDescription(form.watch('role'))}
              >
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <RoleSelect
                      id="invite-role"
                      value={field.value}
                      onChange={field.onChange}
                      invalid={!!errors.role}
                    />
                  )}
                />
              </FormField>
              <FormError message={errors.root?.message} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    {t('invite.cancel')}
                  </Button>
                </DialogClose>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? t('invite.creating') : t('invite.submit')}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
