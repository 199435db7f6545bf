import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INSTRUCTOR_ROLES } from '@shared/api/instructors';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField, TextField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { applyServerError, FormError } from '../users/form-errors';
import {
  EMPTY_INSTRUCTOR,
  instructorFormSchema,
  type InstructorFormInput,
  type InstructorFormOutput,
} from './form-schemas';
import { ROLE_LABELS } from './InstructorsTable';
import { useCreateInstructor } from './use-instructors';

const FIELDS = [
  'name',
  'role',
  'employedFrom',
  'employedUntil',
  'certificates',
  'instructsInAircraft',
  'atpSimulator',
] as const;

function Check({
  id,
  label,
  hint,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-1 size-4 cursor-pointer" {...registration} />
      <label htmlFor={id} className="grid text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </label>
    </div>
  );
}

/** A new instructor or evaluator file; once saved, the person's page opens to fill it in. */
export function AddInstructorDialog() {
  const { t } = useTranslation('instructors');
  const [open, setOpen] = useState(false);
  const create = useCreateInstructor();
  const navigate = useNavigate();
  const form = useForm<InstructorFormInput, unknown, InstructorFormOutput>({
    resolver: zodResolver(instructorFormSchema),
    defaultValues: EMPTY_INSTRUCTOR,
  });
  const { errors, isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY_INSTRUCTOR);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      toast({
        title: t('add.created'),
        description: `${created.name}: ${created.statusReason.message}`,
      });
      onOpenChange(false);
      // Designations and qualifications are added on the person's page.
      void navigate(`/instructors/${created.id}`);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus /> {t('add.title')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('add.title')}</DialogTitle>
          <DialogDescription>{t('add.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              id="instructor-name"
              label={t('add.name')}
              required
              autoComplete="off"
              error={errors.name?.message}
              registration={form.register('name')}
            />
            <FormField id="instructor-role" label={t('add.role')} error={errors.role?.message}>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="instructor-role" aria-invalid={!!errors.role}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {INSTRUCTOR_ROLES.map((role) => (
                        <SelectItem key={role} value={role}>
                          {t(ROLE_LABELS[role])}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <TextField
              id="instructor-employed-from"
              label={t('add.employedFrom')}
              type="date"
              required
              error={errors.employedFrom?.message}
              registration={form.register('employedFrom')}
            />
            <TextField
              id="instructor-employed-until"
              label={t('add.employedUntil')}
              type="date"
              hint={t('add.employedUntilHint')}
              error={errors.employedUntil?.message}
              registration={form.register('employedUntil')}
            />
          </div>
          <FormField
            id="instructor-certificates"
            label={t('add.certificates')}
            hint={t('add.certificatesHint')}
            error={errors.certificates?.message}
          >
            <Textarea id="instructor-certificates" rows={2} {...form.register('certificates')} />
          </FormField>
          <Check
            id="instructor-aircraft"
            label={t('add.aircraft')}
            hint={t('add.aircraftHint')}
            registration={form.register('instructsInAircraft')}
          />
          <Check
            id="instructor-atp-simulator"
            label={t('add.atpSimulator')}
            hint={t('add.atpSimulatorHint')}
            registration={form.register('atpSimulator')}
          />
          <FormError message={errors.root?.message} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('actions.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('add.submitting') : t('add.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
