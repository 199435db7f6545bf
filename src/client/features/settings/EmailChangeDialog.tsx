import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  emailChangePending,
  emailChangeRequest,
  type EmailChangeRequest,
} from '@shared/api/account';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { applyServerError, FormError } from '../users/form-errors';

/**
 * Settings → Profile: a new e-mail address, with the password asked again. The account moves
 * there only when the new address confirms by its link (auth/account-links on the server).
 */
export function EmailChangeDialog() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequest),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const pending = await apiRequest(
        'POST',
        '/api/auth/email-change',
        values,
        emailChangePending,
      );
      toast({
        title: t('emailChange.sentTitle'),
        description: t('emailChange.sent', { email: pending.newEmail }),
      });
      form.reset();
      setOpen(false);
    } catch (error) {
      applyServerError(form.setError, error, ['newEmail', 'password'], t('emailChange.failed'));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {t('emailChange.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* The dialog is drawn in a portal, but React sends its submit to the profile form
            around it too: it stops here. */}
        <form
          onSubmit={(event) => {
            event.stopPropagation();
            void onSubmit(event);
          }}
          noValidate
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{t('emailChange.title')}</DialogTitle>
            <DialogDescription>{t('emailChange.description')}</DialogDescription>
          </DialogHeader>
          <TextField
            id="email-change-new"
            label={t('emailChange.newEmail')}
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.newEmail?.message}
            registration={form.register('newEmail')}
          />
          <TextField
            id="email-change-password"
            label={t('emailChange.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            registration={form.register('password')}
          />
          <FormError message={errors.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('emailChange.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('emailChange.sending') : t('emailChange.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
