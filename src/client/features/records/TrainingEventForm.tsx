import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECORD_FIELDS, type RecordField } from '@shared/api/fields';
import { TRAINING_EVENT_STATUSES, TRAINING_EVENT_TYPES } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { applyServerError, FormError } from '../users/form-errors';
import {
  formIssueText,
  trainingEventFormSchema,
  type EventFormInput,
  type EventFormOutput,
} from './event-form';

/** Each status's option, a key of the `records` catalogue. */
const STATUS_LABELS = {
  completed: 'status.completed',
  pending: 'status.pending',
  failed: 'status.failed',
} as const;

/**
 * The 14 CFR 142.73 record form, for a new event and for an edit (which the server stores as a
 * new version). Errors from the server land next to their field, or above the buttons.
 */
export function TrainingEventForm({
  idPrefix,
  defaultValues,
  submitLabel,
  submittingLabel,
  onSubmit,
  footer,
}: {
  idPrefix: string;
  defaultValues: EventFormInput;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: EventFormOutput) => Promise<void>;
  /** Extra buttons (Cancel) left of the submit button. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('records');
  const form = useForm<EventFormInput, unknown, EventFormOutput>({
    resolver: zodResolver(trainingEventFormSchema, { error: formIssueText }),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const id = (field: string) => `${idPrefix}-${field}`;
  const text = (field: Exclude<RecordField, 'status'>, extra = {}) => (
    <TextField
      id={id(field)}
      label={t(`fields.${field}`)}
      error={errors[field]?.message}
      autoComplete="off"
      registration={form.register(field)}
      {...extra}
    />
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerError(form.setError, error, RECORD_FIELDS);
    }
  });

  // The text boxes, in the order of a 142.73 record (names and ids, not words on screen).
  const typesList = id('event-types');
  const boxes = {
    studentName: text('studentName', { required: true }),
    licenseNumber: text('licenseNumber', { hint: t('form.licenseHint') }),
    course: text('course'),
    eventType: text('eventType', { list: typesList, required: true }),
    eventDate: text('eventDate', { type: 'date', required: true }),
    instructor: text('instructor'),
    evaluator: text('evaluator'),
    result: text('result', { hint: t('form.resultHint') }),
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {boxes.studentName}
        {boxes.licenseNumber}
        {boxes.course}
        <div className="grid gap-1.5">
          {boxes.eventType}
          <datalist id={typesList}>
            {TRAINING_EVENT_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </div>
        {boxes.eventDate}
        <FormField id={id('status')} label={t('fields.status')} error={errors.status?.message}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('status')} aria-invalid={!!errors.status}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TRAINING_EVENT_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {t(STATUS_LABELS[status])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        {boxes.instructor}
        {boxes.evaluator}
        {boxes.result}
      </div>
      <FormField id={id('remarks')} label={t('fields.remarks')} error={errors.remarks?.message}>
        <Textarea id={id('remarks')} rows={3} {...form.register('remarks')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {footer}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
