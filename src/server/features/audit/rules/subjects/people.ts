import { DEVICE, type EvidenceCriterion, type RuleGroup } from '../types';

/** Instructors and evaluators: eligibility, designation, training and approval. */

export const PEOPLE_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'instructor-eligibility',
    shows: 'instructor eligibility (age, English, certificates and experience) on record',
    query:
      'instructor & (eligibility | qualification) & (certificate | experience | age | english)',
    document: 'Instructor eligibility and qualification records',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because: 'a manual states the eligibility rules, not that each instructor meets them',
    },
  },
  {
    id: 'instructor-designation',
    shows: 'written designation of instructors for each course',
    query: 'instructor & designation & (letter | writing | written | course)',
    document: 'Written instructor designations per course',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because:
        'a manual says instructors are designated; only the designations themselves show it done',
    },
  },
  {
    id: 'instructor-ground-training',
    shows: 'at least 8 hours of pre-designation ground training',
    query: 'instructor & (8 <-> hour | eight <-> hour) & ground',
    document: 'Pre-designation ground training records of each instructor',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual', 'syllabus-curriculum'],
      because:
        'the course exists, but only instructor records show that each instructor completed it',
    },
  },
  {
    id: 'instructor-written-test',
    shows: 'a written test passed before designation',
    query: 'instructor & written & test',
    document: 'Instructor written test results',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires the test; only instructor records show it passed',
    },
  },
  {
    id: 'instructor-recurrent',
    shows: 'recurrent instructor or evaluator training and checks every 12 calendar months',
    query:
      '(instructor | evaluator) & (12 <-> calendar <-> month | annual | recurrent) & (proficiency | check | training)',
    document: 'Recurrent training and proficiency check records of instructors and evaluators',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because:
        'a procedure requires recurrent training and checks; only instructor records show them done',
    },
  },
  {
    id: 'simulator-atp-options',
    shows:
      'each instructor in a simulator approved for ATP and type-rating tests meeting one of the aircraft flight, line observation or in-flight observation options',
    query:
      'instructor & (takeoff | landing | line & observation | observation & flight | loft | sole <-> manipulator)',
    document:
      'Records of each such instructor’s aircraft flight (2 hours, 3 takeoffs and landings), line observation program or in-flight observation course, with the LOFT hour',
    kinds: ['instructor-record', 'log-report'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires one of the options; only instructor records show each met',
    },
  },
  {
    id: 'evaluator-approval',
    shows: 'evaluators approved by the FAA and designated by the center',
    query: 'evaluator & (approved | designation)',
    document: 'FAA approval and designation of each evaluator',
    kinds: ['instructor-record', 'training-specifications', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because: 'a manual describes evaluator approval, not the approvals themselves',
    },
  },
  {
    id: 'device-instructor-training',
    shows: 'each simulator instructor’s completed training on operating the device',
    query: `${DEVICE} & instructor & (training | course)`,
    document: 'Records of each FSTD instructor’s training on the device and its ground instruction',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['syllabus-curriculum', 'manual'],
      because:
        'the course exists, but only instructor records show that each instructor completed it',
    },
  },
  {
    id: 'evaluator-training-completed',
    shows: 'each evaluator’s completion of the evaluator curriculum, before designation and yearly',
    query:
      'evaluator & (curriculum | training) & (completed | complete | recurrent | annual | 12 <-> calendar <-> month)',
    document:
      'Evaluator records showing the evaluator curriculum completed before designation and every 12 calendar months',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual', 'syllabus-curriculum'],
      because: 'a procedure or curriculum requires it; only evaluator records show it completed',
    },
  },
  {
    id: 'evaluator-written-test',
    shows: 'a written test passed by each evaluator',
    query: 'evaluator & written & test',
    document: 'Evaluator written test results',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires the test; only evaluator records show it passed',
    },
  },
  {
    id: 'part-183',
    shows: 'the part 183 provisions that apply to each evaluator',
    query: 'part <-> 183',
    document: 'Evaluator records showing the applicable part 183 provisions met',
    kinds: ['instructor-record', 'manual', 'other', 'log-report'],
  },
];

export const PEOPLE_GROUPS: readonly RuleGroup[] = [
  {
    id: 'instructor-eligibility',
    title: 'Instructor eligibility',
    items: ['5-01', '5-03', '5-04', '5-15'],
    references: ['142.45', '142.47(a)(1)', '142.47(a)(3)', '142.47(a)(5)'],
    criteria: ['instructor-records', 'instructor-eligibility'],
    severity: 'HIGH',
    recommendation: 'Use one qualification file per instructor with the eligibility option met.',
    action: 'Complete each instructor’s qualification file',
    time: { partial: '2-4 weeks', nonCompliant: '30-60 days' },
  },
  {
    id: 'instructor-designation',
    title: 'Instructor designation and privileges',
    items: ['5-05', '9-08', '9-09', '9-10', '10-16'],
    references: ['142.47(b)', '142.49(a)(1)', '142.49(a)(2)', '142.49(a)(3)', '142.11(b)(9)'],
    criteria: ['instructor-designation'],
    itemCriteria: { '10-16': ['instructor-designation', 'qc-designations'] },
    fileChecks: { '5-05': ['designation_142_47_b'] },
    recordsSuffice: ['5-05'],
    severity: 'HIGH',
    recommendation: 'Keep written designations per course and check them against schedules.',
    action: 'Issue written designations for each instructor and course',
    time: { partial: '1-2 weeks', nonCompliant: '30 days' },
  },
  {
    id: 'instructor-initial-training',
    title: 'Instructor pre-designation training',
    items: ['5-06', '5-07'],
    references: ['142.47(c)(1)', '142.47(c)(2)'],
    criteria: ['instructor-ground-training'],
    itemCriteria: { '5-07': ['instructor-written-test'] },
    fileChecks: {
      '5-06': ['pre_designation_ground_142_47_c1'],
      '5-07': ['pre_designation_test_142_47_c2'],
    },
    recordsSuffice: ['5-06', '5-07'],
    severity: 'HIGH',
    recommendation: 'Record hours and test results of pre-designation training per instructor.',
    action: 'Record pre-designation ground training and written tests',
    time: { partial: '2-4 weeks', nonCompliant: '30-60 days' },
  },
  {
    id: 'instructor-recurrent',
    title: 'Instructor and evaluator recurrent training',
    items: ['5-08', '5-09', '5-10', '5-11', '5-12', '5-13', '5-14', '9-12', '9-13', '10-04'],
    references: [
      '142.53(a)(1)',
      '142.53(a)(2)',
      '142.53(a)(3)',
      '142.53(a)(5)',
      '142.53(a)(7)',
      '142.53(b)',
      '142.53(c)',
      '142.55(b)',
      '142.49(c)(2)',
      '142.49(c)(3)',
      '142.11(b)(9)',
    ],
    criteria: ['instructor-recurrent'],
    itemCriteria: {
      '10-04': ['qc-due-dates'],
      '5-10': ['device-instructor-training'],
      '5-12': ['instructor-recurrent', 'instructor-written-test'],
      '5-13': ['simulator-atp-options'],
      '5-14': ['instructor-recurrent', 'grace-month'],
    },
    fileChecks: {
      '5-08': ['instruction_demonstration_142_53_a1'],
      '5-09': ['recurrent_ground_142_53_a2'],
      '5-10': ['device_training_142_53_a3'],
      '5-11': ['aircraft_training_142_53_a5'],
      '5-12': ['written_test_142_53_a7', 'proficiency_check_142_53_a7'],
      '5-13': ['simulator_atp_142_53_b'],
    },
    recordsSuffice: ['5-08', '5-09', '5-10', '5-11', '5-12', '5-13'],
    severity: 'HIGH',
    recommendation: 'Track the 12-calendar-month due dates of every instructor and evaluator.',
    action: 'Complete and record recurrent training and checks that are due',
    time: { partial: '2-4 weeks', nonCompliant: '30 days' },
  },
  {
    id: 'evaluators',
    title: 'Evaluator approval and training',
    items: ['5-16', '5-17', '5-18', '5-19'],
    references: ['142.55(a)(1)', '142.55(a)(2)', '142.55(a)(3)', '142.55(a)(4)'],
    criteria: ['evaluator-approval'],
    itemCriteria: {
      '5-17': ['evaluator-approval', 'part-183'],
      '5-18': ['evaluator-curriculum', 'evaluator-training-completed'],
      '5-19': ['evaluator-approval', 'instructor-recurrent', 'evaluator-written-test'],
    },
    severity: 'HIGH',
    recommendation: 'Keep each evaluator’s FAA approval and annual training in one file.',
    action: 'Complete each evaluator’s approval and training records',
    time: { partial: '2-4 weeks', nonCompliant: '30-60 days' },
  },
];
