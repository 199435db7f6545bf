import type { EvidenceCriterion, RuleGroup } from '../types';

/** Instructors and evaluators: eligibility, designation, training and approval. */

export const PEOPLE_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'instructor-eligibility',
    shows: 'instructor eligibility (age, English, certificates and experience) on record',
    query:
      'instructor & (eligibility | qualification) & (certificate | experience | age | english)',
    document: 'Instructor eligibility and qualification records',
  },
  {
    id: 'instructor-designation',
    shows: 'written designation of instructors for each course',
    query: 'instructor & designation & (letter | writing | written | course)',
    document: 'Written instructor designations per course',
  },
  {
    id: 'instructor-ground-training',
    shows: 'at least 8 hours of pre-designation ground training',
    query: 'instructor & (8 <-> hour | eight <-> hour) & ground',
    document: 'Pre-designation ground training records of each instructor',
  },
  {
    id: 'instructor-written-test',
    shows: 'a written test passed before designation',
    query: 'instructor & written & test',
    document: 'Instructor written test results',
  },
  {
    id: 'instructor-recurrent',
    shows: 'recurrent instructor or evaluator training and checks every 12 calendar months',
    query:
      '(instructor | evaluator) & (12 <-> calendar <-> month | annual | recurrent) & (proficiency | check | training)',
    document: 'Recurrent training and proficiency check records of instructors and evaluators',
  },
  {
    id: 'evaluator-approval',
    shows: 'evaluators approved by the FAA and designated by the center',
    query: 'evaluator & (approved | designation)',
    document: 'FAA approval and designation of each evaluator',
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
    itemCriteria: { '10-04': ['qc-due-dates'], '5-14': ['instructor-recurrent', 'grace-month'] },
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
      '5-18': ['evaluator-curriculum'],
      '5-19': ['evaluator-approval', 'instructor-recurrent'],
    },
    severity: 'HIGH',
    recommendation: 'Keep each evaluator’s FAA approval and annual training in one file.',
    action: 'Complete each evaluator’s approval and training records',
    time: { partial: '2-4 weeks', nonCompliant: '30-60 days' },
  },
];
