import { z } from 'zod';
import { isCalendarDate } from './training-events';

/**
 * Instructor and evaluator files (14 CFR 142.73(b)): who they are, what they are designated for
 * (142.47(b)) and the dated events that make them eligible (142.47(c)) and current (142.53).
 * Every paragraph id cited here exists in shared/data/part142-paragraphs.json.
 */

export const INSTRUCTOR_ROLES = ['instructor', 'evaluator', 'both'] as const;
export type InstructorRole = (typeof INSTRUCTOR_ROLES)[number];

export const INSTRUCTOR_STATUSES = ['current', 'due_soon', 'overdue', 'not_eligible'] as const;
export type InstructorStatus = (typeof INSTRUCTOR_STATUSES)[number];

/**
 * What a qualification event can be; each names the paragraph it satisfies.
 * - 142.47(b): written designation for a course (and device).
 * - 142.47(c)(1)/(c)(2): pre-designation ground training and written test, once.
 * - 142.53(a)(1)-(a)(7): before designation and every 12 calendar months after (grace: 142.53(c)).
 *   (a)(3) and (a)(4) are one device course; (a)(5) and (a)(6) one aircraft course.
 * - 142.53(b)(1)-(b)(3): one of three options for instructors in ATP/type-rating simulators.
 */
export const QUALIFICATION_KINDS = [
  'designation_142_47_b',
  'pre_designation_ground_142_47_c1',
  'pre_designation_test_142_47_c2',
  'instruction_demonstration_142_53_a1',
  'recurrent_ground_142_53_a2',
  'device_training_142_53_a3',
  'aircraft_training_142_53_a5',
  'written_test_142_53_a7',
  'proficiency_check_142_53_a7',
  'aircraft_flight_142_53_b1',
  'line_observation_142_53_b2',
  'inflight_observation_142_53_b3',
] as const;
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];

/** The paragraph each kind of event satisfies. */
export const QUALIFICATION_PARAGRAPHS: Record<QualificationKind, string> = {
  designation_142_47_b: '142.47(b)',
  pre_designation_ground_142_47_c1: '142.47(c)(1)',
  pre_designation_test_142_47_c2: '142.47(c)(2)',
  instruction_demonstration_142_53_a1: '142.53(a)(1)',
  recurrent_ground_142_53_a2: '142.53(a)(2)',
  device_training_142_53_a3: '142.53(a)(3)',
  aircraft_training_142_53_a5: '142.53(a)(5)',
  written_test_142_53_a7: '142.53(a)(7)',
  proficiency_check_142_53_a7: '142.53(a)(7)',
  aircraft_flight_142_53_b1: '142.53(b)(1)',
  line_observation_142_53_b2: '142.53(b)(2)',
  inflight_observation_142_53_b3: '142.53(b)(3)',
};

export const QUALIFICATION_LABELS: Record<QualificationKind, string> = {
  designation_142_47_b: 'Written designation for a course',
  pre_designation_ground_142_47_c1: 'Pre-designation ground training (8 hours)',
  pre_designation_test_142_47_c2: 'Pre-designation written test',
  instruction_demonstration_142_53_a1: 'Instruction demonstrated to an evaluator',
  recurrent_ground_142_53_a2: 'Instructor ground course',
  device_training_142_53_a3: 'Simulator/FTD operation training',
  aircraft_training_142_53_a5: 'Aircraft ground and flight training',
  written_test_142_53_a7: 'Written test in flight training equipment',
  proficiency_check_142_53_a7: 'Annual proficiency check in flight training equipment',
  aircraft_flight_142_53_b1: 'Aircraft flight: 2 hours, 3 takeoffs and 3 landings',
  line_observation_142_53_b2: 'Line observation program plus 1 hour LOFT',
  inflight_observation_142_53_b3: 'In-flight observation course plus 1 hour LOFT',
};

/**
 * The requirements a file is judged on (the clocks): one per row of the readiness view.
 * `simulator_atp_142_53_b` is met by any of the three 142.53(b) kinds.
 */
export const REQUIREMENTS = [
  'designation_142_47_b',
  'pre_designation_ground_142_47_c1',
  'pre_designation_test_142_47_c2',
  'instruction_demonstration_142_53_a1',
  'recurrent_ground_142_53_a2',
  'device_training_142_53_a3',
  'aircraft_training_142_53_a5',
  'written_test_142_53_a7',
  'proficiency_check_142_53_a7',
  'simulator_atp_142_53_b',
] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

const isoDate = z.string().refine(isCalendarDate, 'Use a real date written YYYY-MM-DD');
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const designation = z.object({
  id: z.string(),
  course: z.string(),
  device: z.string().nullable(),
  designatedAt: z.string(),
  /** The qualification event (kind designation_142_47_b) holding the evidence. */
  qualificationId: z.string(),
  evidence: z.object({ documentId: z.string().nullable(), trainingEventId: z.string().nullable() }),
});
export type Designation = z.infer<typeof designation>;

export const qualification = z.object({
  id: z.string(),
  kind: z.enum(QUALIFICATION_KINDS),
  paragraph: z.string(),
  completedAt: z.string(),
  course: z.string().nullable(),
  device: z.string().nullable(),
  documentId: z.string().nullable(),
  trainingEventId: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Qualification = z.infer<typeof qualification>;

export const requirementStatus = z.object({
  requirement: z.enum(REQUIREMENTS),
  label: z.string(),
  /** The paragraph that decides this requirement's status, e.g. `142.53(a)(2)`. */
  paragraph: z.string(),
  lastCompleted: z.string().nullable(),
  /** Last day of the calendar month it is due (null: one-time or never done). */
  nextDue: z.string().nullable(),
  /** Last day of the grace month of 142.53(c); overdue the day after. */
  graceUntil: z.string().nullable(),
  status: z.enum(INSTRUCTOR_STATUSES),
  /** One sentence a person reads: why this status. */
  reason: z.string(),
});
export type RequirementStatus = z.infer<typeof requirementStatus>;

export const statusReason = z.object({
  requirement: z.enum(REQUIREMENTS).nullable(),
  paragraph: z.string(),
  message: z.string(),
});
export type StatusReason = z.infer<typeof statusReason>;

export const instructorFile = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  role: z.enum(INSTRUCTOR_ROLES),
  employedFrom: z.string(),
  employedUntil: z.string().nullable(),
  /** Certificates and medical, as free text (numbers, ratings, expiry). */
  certificates: z.string().nullable(),
  notes: z.string().nullable(),
  /** Teaches in an aircraft in flight: 142.53(a)(5)-(a)(6) apply. */
  instructsInAircraft: z.boolean(),
  /** Instructs in a simulator approved for ATP/type-rating training: 142.53(b) applies. */
  atpSimulator: z.boolean(),
  designations: z.array(designation),
  status: z.enum(INSTRUCTOR_STATUSES),
  statusReason,
  requirements: z.array(requirementStatus),
  /** The next date any requirement falls due (null: none). */
  nextDue: z.string().nullable(),
  /** Earliest day the file may be deleted under 142.73(c)(2) (null: still employed). */
  retainUntil: z.string().nullable(),
  version: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InstructorFile = z.infer<typeof instructorFile>;

const fileFields = {
  userId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  name: text(200),
  role: z.enum(INSTRUCTOR_ROLES),
  employedFrom: isoDate,
  employedUntil: isoDate.nullish().transform((v) => v ?? null),
  certificates: optionalText(4000),
  notes: optionalText(4000),
  instructsInAircraft: z.boolean().default(false),
  atpSimulator: z.boolean().default(false),
};

export const createInstructorRequest = z.object(fileFields);
export type CreateInstructorRequest = z.input<typeof createInstructorRequest>;

export const updateInstructorRequest = z
  .object({
    userId: fileFields.userId,
    name: fileFields.name,
    role: fileFields.role,
    employedFrom: fileFields.employedFrom,
    employedUntil: fileFields.employedUntil,
    certificates: fileFields.certificates,
    notes: fileFields.notes,
    instructsInAircraft: z.boolean(),
    atpSimulator: z.boolean(),
  })
  .partial()
  .extend({ expectedVersion: z.number().int().min(1).optional() });
export type UpdateInstructorRequest = z.input<typeof updateInstructorRequest>;

export const addQualificationRequest = z.object({
  kind: z.enum(QUALIFICATION_KINDS),
  completedAt: isoDate,
  documentId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  trainingEventId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  /** Required for designation_142_47_b: a course the centre has. */
  course: optionalText(200),
  device: optionalText(200),
});
export type AddQualificationRequest = z.input<typeof addQualificationRequest>;

export const instructorIdParams = z.object({ id: z.uuid() });

export const instructorListQuery = z.object({
  status: z.enum(INSTRUCTOR_STATUSES).optional(),
  /** Only people designated for this course. */
  course: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
});
export type InstructorListQuery = z.output<typeof instructorListQuery>;

export const instructorList = z.object({
  instructors: z.array(instructorFile),
  /** Counts over the whole organization (before filters): the status chips. */
  counts: z.object({
    total: z.number().int(),
    current: z.number().int(),
    due_soon: z.number().int(),
    overdue: z.number().int(),
    not_eligible: z.number().int(),
  }),
  /** Courses the centre has (distinct courses of its training events): the course filter. */
  courses: z.array(z.string()),
});
export type InstructorList = z.infer<typeof instructorList>;

export const instructorDeleteRefusal = z.object({ retainUntil: z.string() });

export const evidenceParams = z.object({ id: z.uuid(), documentId: z.uuid() });

/**
 * What a validated document says for a file (GET /api/instructors/:id/evidence/:documentId): the
 * qualification it evidences, read from its validated fields only, and what does not fit.
 */
export const qualificationProposal = z.object({
  documentId: z.string(),
  documentName: z.string(),
  /** The document's fields are validated: only then is anything proposed. */
  validated: z.boolean(),
  /** The names the document gives (instructor, evaluator, student fields) and whether one is this person. */
  names: z.array(z.string()),
  personMatches: z.boolean(),
  kind: z.enum(QUALIFICATION_KINDS).nullable(),
  /** The words the kind was read from ("Annual proficiency check"), or null. */
  kindFrom: z.string().nullable(),
  completedAt: z.string().nullable(),
  course: z.string().nullable(),
  result: z.string().nullable(),
  /** Sentences a person reads before saving: a name that is not this person's, a failed result… */
  problems: z.array(z.string()),
});
export type QualificationProposal = z.infer<typeof qualificationProposal>;

/** 142.49(c)(1): no more than 8 hours of instruction in any 24 consecutive hours. */
export const DUTY_LIMIT_MINUTES = 8 * 60;

export const dutyWindow = z.object({
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  sessions: z.array(
    z.object({
      id: z.string(),
      deviceName: z.string(),
      startsAt: z.string(),
      minutes: z.number().int(),
      trainingEventId: z.string().nullable(),
    }),
  ),
});
export type DutyWindow = z.infer<typeof dutyWindow>;

/** The person's instruction time read against 142.49(c)(1), from the fleet's session log. */
export const duty = z.object({
  paragraph: z.literal('142.49(c)(1)'),
  limitMinutes: z.number().int(),
  sessionsCounted: z.number().int(),
  /** 24-hour windows over the limit (overlapping ones reported once, the busiest). */
  windows: z.array(dutyWindow),
  basis: z.string(),
});
export type Duty = z.infer<typeof duty>;

/** The person page: the file plus its timeline of qualification events, newest first. */
export const instructorFileDetail = instructorFile.extend({
  qualifications: z.array(qualification),
  duty: duty.default({
    paragraph: '142.49(c)(1)',
    limitMinutes: DUTY_LIMIT_MINUTES,
    sessionsCounted: 0,
    windows: [],
    basis: 'No sessions on record',
  }),
});
export type InstructorFileDetail = z.infer<typeof instructorFileDetail>;

// The import's shapes live beside this file; existing imports of them keep working from here.
export * from './instructor-import';
