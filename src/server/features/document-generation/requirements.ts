import type { GenerationPriority } from '@shared/api/document-generation';

/**
 * The documents a Part 142 training centre is expected to hold, each with the Part 142
 * paragraphs that call for it, the checklist items it serves as evidence for, and how the gap
 * analysis recognises it among stored documents. `generate` documents are procedures, forms and
 * outlines a centre writes itself and we can draft from its records; `upload` documents are
 * issued by the FAA or by someone else and only the centre can supply them.
 *
 * Recognition reads the document's name and the first part of its stored text (its title
 * block): issued documents and manuals name themselves there. `bodyPatterns`, where given, are
 * phrases specific enough to count anywhere in the text.
 */
export interface Requirement {
  code: RequirementCode;
  title: string;
  description: string;
  action: 'generate' | 'upload';
  basePriority: GenerationPriority;
  /** Why the base priority: shown with the gap. */
  priorityRule: string;
  regulatoryBasis: string[];
  checklistItems: string[];
  headPatterns: RegExp[];
  bodyPatterns?: RegExp[];
  /** Head matches that rule a document out (a trainee's completion certificate is no FAA certificate). */
  excludePatterns?: RegExp[];
}

export const REQUIREMENT_CODES = [
  'FAA_TRAINING_CENTER_CERTIFICATE',
  'FAA_TRAINING_SPECIFICATIONS',
  'FSTD_QUALIFICATION_LETTERS',
  'TRAINING_PROGRAM_APPROVALS',
  'INSTRUCTOR_EVALUATOR_CERTIFICATES',
  'TRAINEE_CERTIFICATE_COPIES',
  'TRAINING_CENTER_MANUAL',
  'TRAINING_SPECIFICATIONS_APPLICATION',
  'CURRICULUM_SYLLABUS_OUTLINES',
  'INSTRUCTOR_EVALUATOR_RECORDS',
  'FACILITY_EQUIPMENT_DESCRIPTION',
  'FSTD_DAILY_PREFLIGHT_FORM',
  'FSTD_DISCREPANCY_LOG_FORM',
  'RECORDS_RETENTION_PROCEDURE',
  'QUALITY_CONTROL_PROCEDURES',
  'SATELLITE_CENTER_PROCEDURES',
  'CERTIFICATE_SURRENDER_PROCEDURE',
] as const;
export type RequirementCode = (typeof REQUIREMENT_CODES)[number];

const CENTER = 'cent(?:er|re)';

export const REQUIREMENTS: Requirement[] = [
  {
    code: 'FAA_TRAINING_CENTER_CERTIFICATE',
    title: 'Training center certificate issued by the FAA',
    description:
      'The Part 142 certificate with every business name and office address, displayed in the principal business office.',
    action: 'upload',
    basePriority: 'CRITICAL',
    priorityRule: 'A centre may operate only under its certificate (142.5(a)).',
    regulatoryBasis: ['142.5(a)', '142.11(d)(1)', '142.27(a)', '142.27(b)'],
    checklistItems: ['1-06', '1-09', '1-18', '1-27', '1-28'],
    headPatterns: [
      new RegExp(`\\b(?:training ${CENTER}|air agency) certificate\\b`),
      /\bpart 142 certificate\b/,
    ],
    excludePatterns: [/\bcompletion certificate\b/, /\bcertificate of completion\b/],
  },
  {
    code: 'FAA_TRAINING_SPECIFICATIONS',
    title: 'Training specifications issued by the FAA',
    description:
      'The training specifications: authorized courses, aircraft, each FSTD with its level, satellite centres and deviations.',
    action: 'upload',
    basePriority: 'CRITICAL',
    priorityRule: 'A centre may train only under its training specifications (142.5(a)).',
    regulatoryBasis: ['142.5(a)', '142.11(d)(2)'],
    checklistItems: ['2-01', '2-02', '2-03', '2-04', '2-05', '2-06'],
    headPatterns: [/\btraining specifications?\b/, /\btspecs?\b/, /\btraining spec\b/],
    excludePatterns: [/\bapplication\b/, /\bmanual\b/, /\brequest\b/],
  },
  {
    code: 'FSTD_QUALIFICATION_LETTERS',
    title: 'FSTD qualification and approval letters',
    description:
      'For each flight simulator and flight training device, the FAA qualification and its approval for each curriculum.',
    action: 'upload',
    basePriority: 'CRITICAL',
    priorityRule:
      'A simulator or training device may be used only when qualified and approved (142.59(a)).',
    regulatoryBasis: ['142.59(a)(1)', '142.59(a)(2)', '142.59(b)'],
    checklistItems: ['7-01', '7-02', '7-03', '7-04'],
    headPatterns: [
      /\bstatement of qualification\b/,
      /\b(?:fstd|simulator|ffs|ftd|flight training device)\b.{0,60}\bqualification\b/,
      /\bqualification\b.{0,60}\b(?:fstd|simulator|ffs|ftd|flight training device)\b/,
      /\bnsp\b.{0,40}\bqualif/,
    ],
  },
  {
    code: 'TRAINING_PROGRAM_APPROVALS',
    title: 'FAA approvals of the training programs',
    description: 'The FAA approval on file for the training program of each curriculum.',
    action: 'upload',
    basePriority: 'HIGH',
    priorityRule: 'Training under a curriculum needs its program approved (142.37(a)).',
    regulatoryBasis: ['142.37(a)'],
    checklistItems: ['2-12', '4-01'],
    headPatterns: [
      /\b(?:training )?program approval\b/,
      /\bapproval of (?:the )?training program\b/,
    ],
  },
  {
    code: 'INSTRUCTOR_EVALUATOR_CERTIFICATES',
    title: 'Instructor and evaluator certificates and FAA evaluator approvals',
    description:
      'Copies of the pilot and instructor certificates each instructor relies on, and the FAA approval of each evaluator.',
    action: 'upload',
    basePriority: 'HIGH',
    priorityRule:
      'Instructors must hold the certificates their eligibility rests on (142.47(a)); evaluators need FAA approval (142.55(a)(1)).',
    regulatoryBasis: ['142.47(a)(3)', '142.47(a)(5)', '142.55(a)(1)'],
    checklistItems: ['5-03', '5-04', '5-16'],
    headPatterns: [
      /\bflight instructor certificate\b/,
      /\b(?:instructor|evaluator)s?\b.{0,30}\bcertificates?\b/,
      /\bairline transport pilot certificate\b/,
      /\bevaluator (?:approval|authori[sz]ation)\b/,
    ],
    excludePatterns: [/\bcompletion certificate\b/],
  },
  {
    code: 'TRAINEE_CERTIFICATE_COPIES',
    title: 'Trainee pilot and medical certificate copies',
    description:
      "Each trainee's record holds a copy of the pilot certificate, if any, and medical certificate.",
    action: 'upload',
    basePriority: 'MEDIUM',
    priorityRule: 'Part of every trainee record (142.73(a)(2)).',
    regulatoryBasis: ['142.73(a)(2)'],
    checklistItems: ['8-03'],
    headPatterns: [/\bmedical certificate\b/, /\b(?:private|commercial) pilot certificate\b/],
  },
  {
    code: 'TRAINING_CENTER_MANUAL',
    title: 'Training center manual: management and personnel',
    description:
      'Management structure, required management positions, staffing of instructors and evaluators for each curriculum, and the English language requirement.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'Management and staffing requirements apply to every centre (142.13).',
    regulatoryBasis: [
      '142.11(b)(1)',
      '142.11(b)(2)',
      '142.13(a)',
      '142.13(b)',
      '142.13(c)',
      '142.13(d)',
    ],
    checklistItems: ['1-02', '1-03', '1-05', '1-08', '1-17', '1-38'],
    headPatterns: [
      new RegExp(`\\btraining (?:${CENTER}|procedures?|operations?) manual\\b`),
      /\btcm\b/,
    ],
  },
  {
    code: 'TRAINING_SPECIFICATIONS_APPLICATION',
    title: 'Training specifications application content',
    description:
      'The content the application for the certificate and training specifications must hold: authorizations requested, evaluation authorization, equipment and facilities.',
    action: 'generate',
    basePriority: 'MEDIUM',
    priorityRule: 'Needed when applying for or amending the certificate (142.11(b)).',
    regulatoryBasis: [
      '142.11(a)(1)',
      '142.11(b)(3)',
      '142.11(b)(4)',
      '142.11(b)(5)',
      '142.11(b)(6)',
      '142.37(d)(1)',
    ],
    checklistItems: ['2-07', '2-08', '2-09', '2-14'],
    headPatterns: [
      /\bapplication for (?:a |the )?(?:training (?:cent(?:er|re) certificate|specifications))\b/,
      /\btraining specifications? application\b/,
    ],
  },
  {
    code: 'CURRICULUM_SYLLABUS_OUTLINES',
    title: 'Curriculum and syllabus outlines',
    description:
      'A syllabus for each curriculum with its minimum equipment, minimum instructor and evaluator qualifications, and instructor training curriculum.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'Every curriculum must have a syllabus (142.39(a)).',
    regulatoryBasis: ['142.39(a)', '142.39(b)', '142.39(c)', '142.39(d)', '142.11(b)(7)'],
    checklistItems: ['3-01', '3-02', '3-04', '3-05', '3-06', '3-10'],
    headPatterns: [/\bsyllabus\b/, /\bcurricul(?:um|a) outlines?\b/, /\bcourse outlines?\b/],
  },
  {
    code: 'INSTRUCTOR_EVALUATOR_RECORDS',
    title: 'Instructor and evaluator qualification and training records',
    description:
      'A record for each instructor and evaluator: designation, initial and recurrent training, proficiency checks and due dates.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'A record is required for each designated instructor and evaluator (142.73(b)).',
    regulatoryBasis: ['142.73(b)', '142.47(b)', '142.53(a)', '142.55(a)(3)', '142.73(c)(2)'],
    checklistItems: ['5-05', '5-08', '5-09', '5-18', '8-09', '8-11'],
    headPatterns: [
      /\b(?:instructor|evaluator)s? (?:qualification|training|designation) records?\b/,
      /\b(?:instructor|evaluator) (?:qualification|training) file\b/,
      /\binstructor designations?\b/,
    ],
  },
  {
    code: 'FACILITY_EQUIPMENT_DESCRIPTION',
    title: 'Facility and equipment description',
    description:
      'Instructional spaces, the principal business office, records facilities, flight training equipment and aircraft.',
    action: 'generate',
    basePriority: 'MEDIUM',
    priorityRule: 'Describes what the certificate rests on (142.11(b)(6), 142.15).',
    regulatoryBasis: [
      '142.11(b)(5)',
      '142.11(b)(6)',
      '142.15(a)',
      '142.15(b)',
      '142.15(c)',
      '142.15(d)',
      '142.57(a)',
    ],
    checklistItems: ['6-01', '6-02', '6-03', '6-05', '6-06', '6-07', '6-09', '6-10', '6-12'],
    headPatterns: [
      /\bfacilit(?:y|ies)(?: and equipment)? descriptions?\b/,
      /\bdescription of (?:the )?facilit(?:y|ies)\b/,
      /\bequipment list\b/,
    ],
  },
  {
    code: 'FSTD_DAILY_PREFLIGHT_FORM',
    title: 'FSTD daily functional preflight check form',
    description:
      'The form on which each simulator and training device receives its functional preflight check before use each day.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'Required every day a device is used (142.59(c)(3)).',
    regulatoryBasis: ['142.59(c)(3)', '142.59(d)'],
    checklistItems: ['7-07', '7-16', '10-07'],
    headPatterns: [/\b(?:daily )?(?:functional )?pre-?flight (?:check|inspection)\b/],
  },
  {
    code: 'FSTD_DISCREPANCY_LOG_FORM',
    title: 'FSTD discrepancy log form',
    description:
      'The log in which the instructor or evaluator records each discrepancy at the end of each session, with its correction.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'Every device must have a discrepancy log (142.59(c)(4)).',
    regulatoryBasis: ['142.59(c)(4)', '142.59(d)'],
    checklistItems: ['7-08', '7-10', '10-06'],
    headPatterns: [/\bdiscrepancy log\b/, /\bdiscrepancy (?:record|report) form\b/],
  },
  {
    code: 'RECORDS_RETENTION_PROCEDURE',
    title: 'Records retention procedure',
    description:
      'What each trainee, instructor and evaluator record holds, how long it is kept, where, and how it is given to the FAA and to trainees.',
    action: 'generate',
    basePriority: 'HIGH',
    priorityRule: 'Recordkeeping applies to every trainee and instructor (142.73).',
    regulatoryBasis: [
      '142.73(a)',
      '142.73(b)',
      '142.73(c)(1)',
      '142.73(c)(2)',
      '142.73(c)(3)',
      '142.73(d)(1)',
      '142.73(d)(2)',
      '142.73(e)',
      '142.11(b)(8)',
      '142.15(c)',
    ],
    checklistItems: ['8-01', '8-10', '8-11', '8-12', '8-13', '8-14', '8-15', '8-16', '8-17'],
    headPatterns: [
      /\brecords? retention\b/,
      /\brecord-?keeping (?:procedures?|system|manual)\b/,
      /\bretention schedule\b/,
    ],
  },
  {
    code: 'QUALITY_CONTROL_PROCEDURES',
    title: 'Quality control procedures',
    description:
      'The quality-control measures described to the FAA: who is responsible, what is audited, how findings are tracked.',
    action: 'generate',
    basePriority: 'MEDIUM',
    priorityRule: 'The application must describe quality-control measures (142.11(b)(9)).',
    regulatoryBasis: ['142.11(b)(9)', '142.13(c)'],
    checklistItems: ['10-01', '10-02', '10-20'],
    headPatterns: [
      /\bquality (?:control|assurance) (?:manual|procedures?|program(?:me)?|measures|plan)\b/,
    ],
  },
  {
    code: 'SATELLITE_CENTER_PROCEDURES',
    title: 'Satellite training center procedures',
    description:
      'How satellite centres are supervised, notified to the FAA and kept to the same standards as the principal centre.',
    action: 'generate',
    basePriority: 'LOW',
    priorityRule:
      'Applies only to centres with satellites (142.17); answer the checklist items not applicable otherwise.',
    regulatoryBasis: ['142.17(a)(1)', '142.17(a)(2)', '142.17(a)(3)', '142.17(a)(4)', '142.17(b)'],
    checklistItems: ['1-04', '1-24', '1-25', '1-26', '2-10', '2-11'],
    headPatterns: [new RegExp(`\\bsatellite (?:training )?${CENTER}s? (?:procedures?|manual)\\b`)],
  },
  {
    code: 'CERTIFICATE_SURRENDER_PROCEDURE',
    title: 'Certificate return and advertising withdrawal procedure',
    description:
      'What the centre does when its certificate is surrendered, suspended, revoked or terminated: return it, remove signs, stop advertising.',
    action: 'generate',
    basePriority: 'LOW',
    priorityRule: 'Needed only if the certificate ends (142.7(c), 142.31(b)).',
    regulatoryBasis: ['142.7(c)', '142.31(b)(1)', '142.31(b)(2)'],
    checklistItems: ['1-11', '1-32', '1-33'],
    headPatterns: [
      /\bcertificate (?:return|surrender)\b/,
      /\badvertising (?:withdrawal|review) procedure\b/,
    ],
  },
];

export const REQUIREMENTS_BY_CODE = new Map(REQUIREMENTS.map((r) => [r.code, r]));

export function requirementFor(code: string): Requirement | undefined {
  return REQUIREMENTS_BY_CODE.get(code as RequirementCode);
}
