import { z } from 'zod';
import { addQualificationRequest, createInstructorRequest } from '@shared/api/instructors';
import { isCalendarDate } from '@shared/api/training-events';
import { t } from '../../i18n/app';

/** A message written when a value is checked, in the language of the screen. */
const say = (key: string) => ({ error: () => t(`instructors:form.errors.${key}`) });

/**
 * The shared request schemas read `null` as "not given"; a form's empty text box is ''. These
 * wrap them so a blank optional field is sent as null and the shared schema still decides.
 */
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const optionalDate = z
  .string()
  .transform(blankToNull)
  .refine((v) => v === null || isCalendarDate(v), say('date'));
const optionalId = z
  .string()
  .transform(blankToNull)
  .refine((v) => v === null || z.uuid().safeParse(v).success, say('id'));

export const instructorFormSchema = createInstructorRequest.extend({
  name: z.string().trim().min(1, say('name')).max(200, say('nameTooLong')),
  employedFrom: z.string().refine(isCalendarDate, say('employedFrom')),
  employedUntil: optionalDate,
  certificates: z.string().transform(blankToNull),
});
export type InstructorFormInput = z.input<typeof instructorFormSchema>;
export type InstructorFormOutput = z.output<typeof instructorFormSchema>;

export const EMPTY_INSTRUCTOR: InstructorFormInput = {
  name: '',
  role: 'instructor',
  employedFrom: '',
  employedUntil: '',
  certificates: '',
  instructsInAircraft: false,
  atpSimulator: false,
};

export const qualificationFormSchema = addQualificationRequest
  .extend({
    completedAt: z.string().refine(isCalendarDate, say('completedAt')),
    documentId: optionalId,
    trainingEventId: optionalId,
    course: z.string().transform(blankToNull),
    device: z.string().transform(blankToNull),
  })
  .refine((q) => q.kind !== 'designation_142_47_b' || q.course !== null, {
    path: ['course'],
    ...say('designationCourse'),
  });
export type QualificationFormInput = z.input<typeof qualificationFormSchema>;
export type QualificationFormOutput = z.output<typeof qualificationFormSchema>;

export const EMPTY_QUALIFICATION: QualificationFormInput = {
  kind: 'recurrent_ground_142_53_a2',
  completedAt: '',
  documentId: '',
  trainingEventId: '',
  course: '',
  device: '',
};
