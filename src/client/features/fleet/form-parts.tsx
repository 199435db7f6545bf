import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { cn } from '../../lib/utils';
import { FormError } from '../users/form-errors';

/** A dialog around one of the fleet's forms: its trigger, title and what saving does. */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The form-level error, then Cancel (in a dialog) and the submit button. */
export function FormActions({
  error,
  submitting,
  label,
  busyLabel,
  inDialog = true,
}: {
  error?: string;
  submitting: boolean;
  label: string;
  busyLabel: string;
  inDialog?: boolean;
}) {
  const { t } = useTranslation('fleet');
  return (
    <>
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {inDialog && (
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('form.cancel')}
            </Button>
          </DialogClose>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

/** A Radix select for a form value (via Controller); the trigger carries the field's id. */
export function SelectBox({
  id,
  value,
  onChange,
  options,
  invalid,
  className,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  invalid?: boolean;
  className?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-invalid={invalid} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function CheckBox({
  id,
  label,
  hint,
  registration,
  className,
}: {
  id: string;
  label: string;
  hint?: string;
  registration: UseFormRegisterReturn;
  className?: string;
}) {
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input id={id} type="checkbox" className="mt-0.5 size-4 cursor-pointer" {...registration} />
      <label htmlFor={id} className="grid text-sm">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </label>
    </div>
  );
}
