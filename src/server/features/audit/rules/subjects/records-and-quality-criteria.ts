import { DEVICE, type EvidenceCriterion } from '../types';

/** What counts as evidence for records, operating rules and quality control, and for the trainee records themselves; the groups that use them are in records-and-quality.ts. */

export const RECORDS_AND_QUALITY_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'records-system',
    shows: 'a recordkeeping system for trainees, instructors and evaluators',
    query: 'record & (trainee | student) & (keep | kept | maintain | system)',
    document: 'Recordkeeping procedure (training center manual chapter)',
    kinds: ['manual'],
    partial: {
      kinds: ['training-record', 'grade-sheet'],
      because:
        'trainee records show that records exist, not the recordkeeping system for every trainee, instructor and evaluator',
    },
  },
  {
    id: 'records-retention',
    shows: 'record retention periods',
    query: 'retention | retain & year',
    document: 'Records retention procedure',
    kinds: ['manual'],
  },
  {
    id: 'records-access',
    shows: 'records made available to the FAA and to trainees on request',
    query: 'record & request & (faa | copy | trainee | student)',
    document: 'Procedure for giving records to the FAA and copies to trainees',
    kinds: ['manual'],
  },
  {
    id: 'instructor-records',
    shows: 'records of each instructor and evaluator qualification',
    query: '(instructor | evaluator) & (record | qualification | designation)',
    document: 'Instructor and evaluator qualification records',
    kinds: ['instructor-record'],
    partial: {
      kinds: ['manual'],
      because: 'a manual describes the records; only the records themselves show them kept',
    },
  },
  {
    id: 'recency',
    shows: 'instructor and evaluator recency in approved devices',
    query: `(recency | recent) & ${DEVICE}`,
    document: 'Recency records of simulator instructors and evaluators',
    kinds: ['instructor-record', 'manual'],
  },
  {
    id: 'device-features',
    shows: 'limits on freeze, slow-motion and repositioning during tests and checks',
    query: '(freeze | slow <-> motion | repositioning) & (test | check)',
    document: 'Procedure limiting simulator freeze, slow-motion and repositioning',
    kinds: ['manual', 'syllabus-curriculum'],
  },
  {
    id: 'crew-seats',
    shows: 'who may occupy crew seats during tests, checks and LOS',
    query: 'seat & (crewmember | qualified | student)',
    document: 'Crew seat occupancy procedure for tests, checks and LOS',
    kinds: ['manual', 'syllabus-curriculum'],
  },
  {
    id: 'instructor-duty-limit',
    shows: 'the 8-hours-in-24 instruction limit and instructor scheduling',
    query: 'instructor & (8 <-> hour | eight <-> hour) & (24 | schedule | duty)',
    document: 'Instructor scheduling procedure and duty records',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'quality-control',
    shows: 'quality-control measures (a quality or internal audit program)',
    query:
      'quality <-> control | quality <-> assurance | internal <-> audit | quality <-> manager | qc',
    document: 'Quality-control program (training center manual chapter)',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-responsible',
    shows: 'a named person responsible for quality control',
    query: 'quality & (manager | responsible | director)',
    document: 'Quality manager designation',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-records-audit',
    shows: 'periodic audits of trainee records',
    query: 'audit & record & (trainee | student)',
    document: 'Trainee record audit reports',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-due-dates',
    shows: 'tracking of instructor and evaluator due dates',
    query: '(due | track) & (instructor | evaluator) & (12 | recurrent | annual)',
    document: 'Instructor and evaluator due-date tracking',
    kinds: ['manual', 'instructor-record', 'other', 'log-report'],
  },
  {
    id: 'qc-findings',
    shows: 'findings tracked to correction and reviewed by management',
    query: 'finding & (corrective | track | closed | management <-> review)',
    document: 'Quality findings log with corrective actions and management reviews',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'medical-certificate',
    shows: 'copies of trainees’ pilot and medical certificates in their records',
    // The certificate itself ("This certifies that … has met the medical standards"), not an
    // application form that lists its number.
    query: 'medical & certificate & (certify | standard | examiner) & !applicant',
    document: 'Copies of each trainee’s pilot and medical certificates',
    kinds: ['certificate', 'training-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires copies of certificates; only the trainee records hold them',
    },
  },
  {
    id: 'trainee-prerequisites',
    shows: 'each trainee’s prerequisite experience and course time in the record',
    query: '(prerequisite | experience) & (trainee | student) & (hours | time)',
    document: 'Trainee records showing prerequisite experience and course time',
    kinds: ['training-record', 'grade-sheet'],
  },
  {
    id: 'qc-log-review',
    shows: 'quality-control review of discrepancy logs for recurring defects and late corrections',
    query: 'discrepancy & (review | trend | recurring)',
    document: 'Quality-control reviews of the discrepancy logs',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-preflight-review',
    shows: 'quality-control verification of the daily preflight checks',
    query: 'preflight & (verify | verified | audit | review)',
    document: 'Quality-control verification of the daily preflight check records',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-retention',
    shows: 'quality-control checks of retention periods before records are disposed of',
    query: '(quality | audit) & (retention | retain | disposal)',
    document: 'Quality-control procedure checking retention before disposal',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-tspecs',
    shows: 'quality-control comparison of the training conducted with the training specifications',
    query: '(quality | audit) & training <-> specifications',
    document: 'Quality-control comparison of training conducted with the training specifications',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-designations',
    shows: 'quality-control checks of instructor designations',
    query: '(quality | audit) & instructor & designation',
    document: 'Quality-control checks of instructor designations',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'qc-device-features',
    shows: 'quality-control sampling of tests and checks for freeze and repositioning',
    query: '(quality | audit | sample) & (freeze | repositioning)',
    document: 'Quality-control samples of tests and checks for the use of simulator features',
    kinds: ['manual', 'other', 'log-report'],
  },
];

/** The trainee records themselves (142.73(a)): a procedure describing them shows them only in part. */
const TRAINEE_RECORD_PARTIAL = {
  kinds: ['manual'],
  because: 'a procedure describes what the records should hold; only the trainee records show it',
} as const;

export const TRAINEE_RECORD_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'trainee-records',
    shows: 'trainee records that name the trainee',
    query: 'training <-> record | trainee | student',
    document: 'Trainee training records',
    kinds: ['training-record', 'grade-sheet'],
    partial: TRAINEE_RECORD_PARTIAL,
  },
  {
    id: 'trainee-equipment',
    shows: 'the course and the flight training equipment used, in the trainee records',
    query: `(course | curriculum) & (${DEVICE} | aircraft | equipment)`,
    document: 'Trainee records naming the course and the make and model of equipment used',
    kinds: ['training-record', 'grade-sheet'],
    partial: TRAINEE_RECORD_PARTIAL,
  },
  {
    id: 'lesson-grades',
    shows: 'the trainee’s graded performance on each lesson',
    query: '(lesson | session | maneuver) & (satisfactory | unsatisfactory | grade | pass | fail)',
    document:
      'Trainee records or grade sheets with the performance on each lesson and the instructor',
    kinds: ['training-record', 'grade-sheet'],
    partial: TRAINEE_RECORD_PARTIAL,
  },
  {
    id: 'trainee-test-results',
    shows: 'the date, result and evaluator of each practical test in the trainee records',
    query:
      '(practical <-> test | check | checkride | evaluation) & (result | pass | fail | satisfactory | unsatisfactory) & (evaluator | examiner)',
    document: 'Trainee records of each practical test with date, result and evaluator',
    kinds: ['training-record', 'grade-sheet', 'certificate'],
    partial: TRAINEE_RECORD_PARTIAL,
  },
  {
    id: 'additional-training',
    shows: 'the hours of additional training given after a failed test',
    query: 'additional & training & hour',
    document: 'Trainee records of additional training (with hours) after each failed test',
    kinds: ['training-record', 'grade-sheet'],
    partial: TRAINEE_RECORD_PARTIAL,
  },
  {
    id: 'qc-seven-days',
    shows: 'quality-control monitoring of the 7-day limit between training and the test',
    query:
      '(7 <-> calendar <-> day | seven <-> calendar <-> day | 7 <-> day | seven <-> day) & (test | check) & (monitor | track | review | quality | audit)',
    document:
      'Quality-control monitoring of the time from training completion to the practical test',
    kinds: ['manual', 'other', 'log-report'],
  },
];
