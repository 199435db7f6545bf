import { z } from 'zod';
import {
  createTrainingEventRequest,
  EARLIEST_EVENT_YEAR,
  eventDateProblem,
  isCalendarDate,
  LEDGER_FIELDS,
  type TrainingEvent,
  type UpdateTrainingEventRequest,
} from '@shared/api/training-events';
import { t } from '../../i18n/app';

/** The date rule's answer as the form says it, in the reader's language. */
function dateProblemText(date: string, status: string): string | null {
  const problem = eventDateProblem(date, status);
  if (!problem) return null;
  if (Number(date.slice(0, 4)) < EARLIEST_EVENT_YEAR) {
    return t('records:form.errors.dateTooEarly', { year: EARLIEST_EVENT_YEAR });
  }
  return t('records:form.errors.dateInFuture');
}

/**
 * The shared create schema plus the date rule the server applies (no future date unless the
 * event is pending), so the form says it next to the field before anything is sent. Its
 * messages are written when a value is checked, in the language of the screen.
 */
export const trainingEventFormSchema = createTrainingEventRequest
  .extend({
    eventDate: z.string().refine(isCalendarDate, { error: () => t('records:form.errors.date') }),
  })
  .superRefine((value, ctx) => {
    // A date that is not a calendar date is already reported above.
    if (!isCalendarDate(value.eventDate)) return;
    const problem = dateProblemText(value.eventDate, value.status);
    if (problem) ctx.addIssue({ code: 'custom', path: ['eventDate'], message: problem });
  });

/**
 * Messages for the shared schema's own rules (a required box left empty, text too long), which
 * would otherwise read as the validation library writes them, in English.
 */
export const formIssueText: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return t('records:form.errors.required');
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('records:form.errors.tooLong', { max: Number(issue.maximum) });
  }
  return undefined;
};
export type EventFormInput = z.input<typeof trainingEventFormSchema>;
export type EventFormOutput = z.output<typeof trainingEventFormSchema>;

export const EMPTY_EVENT: EventFormInput = {
  studentName: '',
  licenseNumber: '',
  course: '',
  eventType: '',
  eventDate: '',
  status: 'completed',
  result: '',
  instructor: '',
  evaluator: '',
  remarks: '',
  sourceDocumentId: null,
};

/** A stored record as form values (null shows as an empty box). */
export function toFormValues(record: TrainingEvent): EventFormInput {
  return {
    studentName: record.studentName,
    licenseNumber: record.licenseNumber ?? '',
    course: record.course ?? '',
    eventType: record.eventType,
    eventDate: record.eventDate,
    status: record.status,
    result: record.result ?? '',
    instructor: record.instructor ?? '',
    evaluator: record.evaluator ?? '',
    remarks: record.remarks ?? '',
    sourceDocumentId: record.sourceDocumentId,
  };
}

/**
 * The PATCH for an edit: only what differs from the record, with the version the editor saw so
 * a concurrent edit is refused (409) rather than silently overwritten. Null when nothing changed.
 */
export function editPatch(
  record: TrainingEvent,
  values: EventFormOutput,
): UpdateTrainingEventRequest | null {
  const patch: Record<string, string | null> = {};
  for (const field of LEDGER_FIELDS) {
    if ((values[field] ?? null) !== (record[field] ?? null)) patch[field] = values[field] ?? null;
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, expectedVersion: record.version } as UpdateTrainingEventRequest;
}
