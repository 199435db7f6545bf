import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readerMessage } from '../../i18n/messages';
import { Input } from './input';
import { Label } from './label';

const errorId = (id: string) => `${id}-error`;

/** A label, its control and the error right beneath it (STYLE.md: errors next to the field). */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorId(id)} role="alert" className="text-xs font-medium text-destructive">
          {readerMessage(error)}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** What `form.register(name)` returned; left out for a read-only value. */
  registration?: UseFormRegisterReturn;
} & Omit<ComponentProps<typeof Input>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A FormField around one text input, marked invalid and tied to its error while it has one. */
export function TextField({ id, label, error, hint, registration, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        aria-invalid={!!error}
        aria-describedby={error ? errorId(id) : undefined}
        {...input}
        {...registration}
      />
    </FormField>
  );
}

type Pair = { password: string; confirm: string };

/**
 * A new password and its confirmation. The confirmation is always the form's `confirmPassword`
 * field, the one `withPasswordConfirmation` adds and checks.
 */
export function NewPasswordFields<T extends FieldValues & { confirmPassword: string }>({
  form,
  name,
  hint,
  ids = { password: name, confirm: 'confirmPassword' },
  labels,
  autoFocus,
  className,
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;
  /** The new password's own field. */
  name: Path<T>;
  hint?: string;
  ids?: Pair;
  labels?: Pair;
  autoFocus?: boolean;
  /** When set, the two fields sit in a box with this class (e.g. side by side). */
  className?: string;
}) {
  const { t } = useTranslation('common');
  const shown = labels ?? { password: t('form.password'), confirm: t('form.confirmPassword') };
  // T is constrained to have confirmPassword, but TypeScript cannot see a literal in Path<T>.
  const confirmName = 'confirmPassword' as Path<T>;
  const fields = (
    <>
      <TextField
        id={ids.password}
        label={shown.password}
        hint={hint}
        error={form.getFieldState(name, form.formState).error?.message}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        registration={form.register(name)}
      />
      <TextField
        id={ids.confirm}
        label={shown.confirm}
        error={form.getFieldState(confirmName, form.formState).error?.message}
        type="password"
        autoComplete="new-password"
        registration={form.register(confirmName)}
      />
    </>
  );
  return className ? <div className={className}>{fields}</div> : fields;
}
