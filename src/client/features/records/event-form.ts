import type { z } from 'zod';
import {
  createTrainingEventRequest,
  eventDateProblem,
  isCalendarDate,
  LEDGER_FIELDS,
  type TrainingEvent,
  type UpdateTrainingEventRequest,
} from '@shared/api/training-events';

/**
 * The shared create schema plus the date rule the server applies (no future date unless the
 * event is pending), so the form says it next to the field before anything is sent.
 */
export const trainingEventFormSchema = createTrainingEventRequest.superRefine((value, ctx) => {
  // A date that is not a calendar date is already reported by the shared schema.
  if (!isCalendarDate(value.eventDate)) return;
  const problem = eventDateProblem(value.eventDate, value.status);
  if (problem)
    ctx.addIssue({ code: 'custom', path: ['eventDate'], message: `The date ${problem}` });
});
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
