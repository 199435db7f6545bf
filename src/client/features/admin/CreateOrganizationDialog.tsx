import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createdOrganization,
  createOrganizationRequest,
  type CreatedOrganization,
  type CreateOrganizationRequest,
} from '@shared/api/users';
import { PLAN_IDS, type PlanId } from '@shared/constants/plans';
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
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest } from '../../lib/api';
import { applyServerError, FormError } from '../users/form-errors';
import { InviteLink } from '../users/InviteLink';
import { ADMIN_STATS_KEY, ORGANIZATIONS_KEY } from './use-admin';

const EMPTY: CreateOrganizationRequest = {
  organizationName: '',
  plan: 'trial',
  firstName: '',
  lastName: '',
  email: '',
};
const FIELDS = ['organizationName', 'plan', 'firstName', 'lastName', 'email'] as const;

function NewOrganizationForm({ onCreated }: { onCreated: (created: CreatedOrganization) => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: CreateOrganizationRequest) =>
      apiRequest('POST', '/api/organizations', input, createdOrganization),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
      await queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  });
  const form = useForm<CreateOrganizationRequest>({
    resolver: zodResolver(createOrganizationRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      applyServerError(form.setError, error, [...FIELDS], t('createOrganization.failed'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="new-organization-name"
        label={t('createOrganization.name')}
        autoFocus
        error={errors.organizationName?.message}
        registration={form.register('organizationName')}
      />
      <FormField id="new-organization-plan" label={t('createOrganization.plan')}>
        <Controller
          control={form.control}
          name="plan"
          render={({ field }) => (
            <Select value={field.value} onValueChange={(v) => field.onChange(v as PlanId)}>
              <SelectTrigger id="new-organization-plan">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLAN_IDS.map((id) => (
                  <SelectItem key={id} value={id}>
                    {t(`users:seats.plans.${id}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-organization-first"
          label={t('createOrganization.firstName')}
          error={errors.firstName?.message}
          registration={form.register('firstName')}
        />
        <TextField
          id="new-organization-last"
          label={t('createOrganization.lastName')}
          error={errors.lastName?.message}
          registration={form.register('lastName')}
        />
      </div>
      <TextField
        id="new-organization-email"
        label={t('createOrganization.email')}
        type="email"
        hint={t('createOrganization.emailHint')}
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <FormError message={errors.root?.message} />
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label={t('createOrganization.creating')} /> : <Plus />}{' '}
          {t('createOrganization.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * A platform operator's Create organization: the organization with its plan, and its first
 * admin invited (by e-mail when the server sends it, else by the link shown here).
 */
export function CreateOrganizationDialog() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedOrganization | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCreated(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus /> {t('createOrganization.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {created
              ? t('createOrganization.created', { name: created.organization.name })
              : t('createOrganization.title')}
          </DialogTitle>
          <DialogDescription>{t('createOrganization.description')}</DialogDescription>
        </DialogHeader>
        {created ? (
          <InviteLink
            invitePath={created.invitePath}
            expiresAt={created.inviteExpiresAt}
            email={created.adminEmail}
            emailed={created.emailed}
          />
        ) : (
          <NewOrganizationForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
