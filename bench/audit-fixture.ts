/**
 * The fixture training center of `npm run bench:audit`: the page text of its documents (as the
 * document pipeline stores it), its checklist responses and its training records. What each
 * document does and does not say is written down item by item in bench/audit-ground-truth.json.
 */
import type { ChecklistStatus } from '../src/shared/checklist/types';
import type { SeedEvent } from '../src/server/test/audit/seed';

export interface FixtureDocument {
  key: string;
  name: string;
  pages: string[];
  fields?: { fieldName: string; value: string; page?: number }[];
}

export const FIXTURE_DOCUMENTS: FixtureDocument[] = [
  {
    key: 'certificate',
    name: 'Part 142 Certificate.pdf',
    pages: [
      `UNITED STATES OF AMERICA - DEPARTMENT OF TRANSPORTATION - FEDERAL AVIATION ADMINISTRATION
TRAINING CENTER CERTIFICATE
This is to certify that Northwind Aviation Training Center, doing business as Northwind Sim Academy,
1200 Airport Road, Hangar 4, Springfield, has met the requirements of Part 142 of the Federal Aviation
Regulations and is authorized to operate as a certificated training center in accordance with the
training specifications issued to it. Certificate No. NWTC123X. Effective until surrendered, suspended,
revoked or terminated. Business names: Northwind Aviation Training Center; Northwind Sim Academy.
Business office: 1200 Airport Road, Hangar 4, Springfield.`,
    ],
  },
  {
    key: 'tspecs',
    name: 'Training Specifications Rev 7.pdf',
    pages: [
      `TRAINING SPECIFICATIONS - Northwind Aviation Training Center - Certificate No. NWTC123X
Issued by the FAA Flight Standards office. Revision 7. These training specifications are issued under
Part 142 and list the training the center is authorized to conduct and the limitations that apply.
Limitations: training is conducted only at the principal training center; no satellite is authorized.`,
      `A001 Authorized courses. The following courses are approved curriculum under these training
specifications: CE-560XL pilot initial type rating course (core curriculum); CE-560XL pilot recurrent
course (core curriculum); CE-560XL proficiency check course.
A002 Aircraft. Category: airplane. Class: multiengine land. Type: CE-560XL. The aircraft is used only
as represented in the flight simulator; no aircraft is used for flight training.`,
      `A003 Flight simulation training devices. Full flight simulator CE-560XL, FAA identification number
0452, qualification level D, located at 1200 Airport Road, Hangar 4. Flight training device CE-560XL,
FAA identification number 0977, qualification level 6.`,
    ],
  },
  {
    key: 'manual',
    name: 'Training Center Manual Rev 4.pdf',
    pages: [
      `TRAINING CENTER MANUAL - Revision 4 - Table of contents. Chapter 1 Management. Chapter 2 Personnel.
Chapter 3 Recordkeeping. Chapter 4 Quality control. Chapter 5 Simulator operations. Chapter 6 Facilities.
Chapter 1 Management. The required management personnel are the Training Center Manager, the Director
of Training and the Chief Instructor. Each position's minimum qualifications and experience are stated
in Appendix A, and the holder of each management position is named with his or her qualifications.
When a person in a required management position changes, the Training Center Manager notifies the FAA
within 10 working days of the change.`,
      `Chapter 2 Personnel. Every manager and every person who gives direct training to students must read,
write, speak and understand the English language; proficiency is checked at hiring. Each instructor is
designated in writing by a designation letter for each course before teaching it; the letter names the
course. Instructors are scheduled for no more than 8 hours of instruction in any 24 consecutive hours,
not counting briefings and debriefings; the scheduling office checks each duty roster against this limit.`,
      `Chapter 3 Recordkeeping. The training center keeps a record for each trainee and student in its
electronic recordkeeping system, covering the training, qualification and certification of students,
instructors and evaluators. Trainee records are retained for at least 1 year after training ends;
instructor and evaluator qualification records are retained while the person is employed and for 1 year
after. Records are stored in locked fireproof cabinets with a daily electronic backup; access is limited
to records staff. Records are kept at the training center where the training took place. Records are
made available to the FAA on request, and a trainee may request a copy of his or her training record.`,
      `Chapter 4 Quality control. The quality control program is run by the Quality Manager, who is
responsible for it and has authority to have findings corrected. Internal audits of trainee records are
done each quarter against every item the recordkeeping rule requires. The program tracks the due dates
of instructor and evaluator recurrent training every 12 calendar months. Findings, including FAA
inspection findings, are tracked until corrective action is closed, and management review of the
results takes place each quarter.`,
      `Chapter 5 Simulator operations. A daily functional preflight check of each flight simulator is done
before the first session of the day and recorded. The instructor or evaluator enters each discrepancy in
the discrepancy log at the end of each session; discrepancies are corrected or deferred before further use.
During testing and checking the freeze, slow motion and repositioning features are not used. During
line operational simulation each crew seat is occupied by a qualified crewmember or a student of the same
course.`,
      `Chapter 6 Facilities. Classrooms and briefing rooms are heated, lighted and ventilated in accordance
with the local building codes. The principal business office is at 1200 Airport Road, Hangar 4, the
address on the certificate.`,
    ],
  },
  {
    key: 'syllabus',
    name: 'CE-560XL Initial Syllabus.pdf',
    pages: [
      `CE-560XL PILOT INITIAL TYPE RATING - SYLLABUS. Curriculum approved by the FAA as a core curriculum.
Prerequisites: commercial pilot certificate with multiengine and instrument ratings; 1,500 hours total time.
Each lesson lists its objectives and completion standards. Minimum flight training equipment required for
this curriculum: a level D full flight simulator of the CE-560XL.`,
      `Lesson 1 to 12: systems ground school. Lesson 13 to 20: simulator sessions. Completion standards follow
the airman certification standards. Minimum instructor qualifications for this curriculum: type rating in
the CE-560XL and designation by the training center. Line operational simulation (LOFT) scenarios in
lessons 18 and 19 include dispatch, air traffic control and abnormal and emergency events.`,
    ],
  },
  {
    key: 'lesson-plans',
    name: 'Ground School Lesson Plans.pdf',
    pages: [
      `GROUND SCHOOL LESSON PLANS - CE-560XL. Each lesson plan gives the objectives, the workbook pages and
the handouts used. Flight event descriptions for each simulator session are in the instructor guide.`,
    ],
  },
  {
    key: 'instructor-records',
    name: 'Instructor Qualification Records 2025.pdf',
    pages: [
      `INSTRUCTOR QUALIFICATION RECORDS. Dana Reyes: instructor designation letter for CE-560XL initial and
recurrent courses, dated 2024-01-15. Completed 8 hours of ground training before designation and passed the
written test. Recurrent training and proficiency check completed within the last 12 calendar months.
Eligibility: age over 18, English proficiency, ATP certificate with CE-560XL type rating.`,
      `Sam Ortiz: instructor designation letter for the CE-560XL proficiency check course. Recurrent
training and proficiency check every 12 calendar months; last completed 2025-02-10. Eligibility: age over 18,
English proficiency, ATP certificate.`,
    ],
  },
  {
    key: 'evaluators',
    name: 'Evaluator Designations.pdf',
    pages: [
      `EVALUATOR DESIGNATIONS. Sam Ortiz is approved by the FAA as an evaluator and designated by the training
center for the CE-560XL. Evaluator training covers evaluator duties, methods of testing, judging pilot
performance and the handling of unsatisfactory tests.`,
    ],
  },
  {
    key: 'sqs',
    name: 'FFS Statement of Qualification.pdf',
    pages: [
      `STATEMENT OF QUALIFICATION. Flight simulator CE-560XL, FAA identification number 0452, is qualified by
the FAA at qualification level D. The simulator is approved for the CE-560XL initial and recurrent curriculum,
including each maneuver and procedure of the airplane type.`,
      `STATEMENT OF QUALIFICATION. Flight training device CE-560XL, FAA identification number 0977, is
qualified by the FAA at qualification level 6. The device is approved for the CE-560XL recurrent curriculum
for the normal and abnormal procedures of the airplane type listed in the approval.`,
    ],
  },
  {
    key: 'discrepancy-log',
    name: 'FFS Discrepancy Log March 2025.pdf',
    pages: [
      `FLIGHT SIMULATOR DISCREPANCY LOG - CE-560XL FFS 0452 - March 2025. 03-03 Daily functional preflight
check completed, no faults. 03-04 Discrepancy: left PFD flicker, recorded by instructor D. Reyes after
session; corrected by simulator maintenance 03-05. 03-11 Discrepancy: motion system noise; deferred,
motion not required for ground lessons; corrected 03-13.`,
    ],
  },
  {
    key: 'training-record',
    name: 'Training record - Jordan Alvarez.pdf',
    pages: [
      `TRAINING RECORD. Trainee: Jordan Alvarez. Pilot certificate: commercial, 3456789. Course: CE-560XL
initial type rating. Flight training equipment: CE-560XL full flight simulator. Instructor: Dana Reyes.
Lesson 13 satisfactory. Lesson 14 satisfactory.`,
    ],
    fields: [
      { fieldName: 'studentName', value: 'Jordan Alvarez' },
      { fieldName: 'licenseNumber', value: '3456789' },
      { fieldName: 'courseName', value: 'CE-560XL initial type rating' },
      { fieldName: 'instructorName', value: 'Dana Reyes' },
    ],
  },
  {
    key: 'grade-sheet',
    name: 'Grade sheet - Sim 4.pdf',
    pages: [
      `GRADE SHEET - Simulator session 4. Trainee: Priya Shah. Maneuver grades: steep turns satisfactory,
engine failure at V1 satisfactory, single engine approach unsatisfactory then repeated satisfactory.`,
    ],
    fields: [
      { fieldName: 'studentName', value: 'Priya Shah' },
      { fieldName: 'trainingDate', value: '2025-03-08' },
    ],
  },
  {
    key: 'instructor-courses',
    name: 'Instructor Course Outline.pdf',
    pages: [
      `INSTRUCTOR COURSE OUTLINE. The instructor ground course covers the fundamentals of learning, the
elements of effective teaching, instructor duties, training policies, crew resource management and
evaluation. The flight simulator instructor course covers the controls and systems, the environmental
and fault panels and the limitations of simulation for each curriculum.`,
    ],
  },
];

export interface FixtureResponse {
  item: string;
  status: ChecklistStatus;
  comments?: string;
  findings?: string;
  /** Keys of FIXTURE_DOCUMENTS attached as evidence. */
  evidence?: string[];
}

export const FIXTURE_RESPONSES: FixtureResponse[] = [
  { item: '1-09', status: 'compliant', evidence: ['certificate'] },
  { item: '1-17', status: 'compliant' },
  { item: '2-01', status: 'compliant', evidence: ['tspecs'] },
  { item: '7-08', status: 'compliant', evidence: ['discrepancy-log'] },
  {
    item: '1-34',
    status: 'not-applicable',
    comments: 'No Part 141 pilot school trains for the center.',
  },
  {
    item: '1-35',
    status: 'not-applicable',
    comments: 'No Part 141 pilot school trains for the center.',
  },
  {
    item: '1-36',
    status: 'not-applicable',
    comments: 'No Part 141 pilot school trains for the center.',
  },
  {
    item: '1-37',
    status: 'not-applicable',
    comments: 'No Part 141 pilot school trains for the center.',
  },
  { item: '4-16', status: 'not-applicable', comments: 'The center uses no AQP curriculum.' },
  {
    item: '7-11',
    status: 'not-applicable',
    comments: 'Simulator-only center: no aircraft is used for training.',
  },
  {
    item: '7-12',
    status: 'not-applicable',
    comments: 'Simulator-only center: no aircraft is used for training.',
  },
  {
    item: '7-13',
    status: 'not-applicable',
    comments: 'Simulator-only center: no aircraft is used for training.',
  },
  {
    item: '7-14',
    status: 'not-applicable',
    comments: 'Simulator-only center: no aircraft is used for training.',
  },
  {
    item: '7-15',
    status: 'not-applicable',
    comments: 'Simulator-only center: no aircraft is used for training.',
  },
  {
    item: '5-13',
    status: 'non-compliant',
    findings: 'Sam Ortiz has not completed any of the aircraft flight or observation options.',
  },
  { item: '10-05', status: 'partial', comments: 'Roster check is manual and not recorded.' },
];

const event = (e: SeedEvent): SeedEvent => ({ course: 'CE-560XL initial', ...e });

export const FIXTURE_EVENTS: SeedEvent[] = [
  event({
    studentName: 'Jordan Alvarez',
    eventType: 'Simulator session',
    eventDate: '2025-03-01',
    instructor: 'Dana Reyes',
    licenseNumber: '3456789',
  }),
  event({
    studentName: 'Jordan Alvarez',
    eventType: 'Simulator session',
    eventDate: '2025-03-04',
    instructor: 'Dana Reyes',
    licenseNumber: '3456789',
  }),
  event({
    studentName: 'Jordan Alvarez',
    eventType: 'Proficiency check',
    eventDate: '2025-03-07',
    evaluator: 'Sam Ortiz',
    result: 'Pass',
    licenseNumber: '3456789',
  }),
  event({
    studentName: 'Priya Shah',
    eventType: 'Simulator session',
    eventDate: '2025-03-08',
    instructor: 'Dana Reyes',
    licenseNumber: '4567890',
  }),
  event({
    studentName: 'Priya Shah',
    eventType: 'Proficiency check',
    eventDate: '2025-03-12',
    evaluator: 'Sam Ortiz',
    status: 'failed',
    result: 'Fail',
    licenseNumber: '4567890',
  }),
  event({
    studentName: 'Priya Shah',
    eventType: 'Simulator session',
    eventDate: '2025-03-14',
    instructor: 'Dana Reyes',
    remarks: '2 hours additional training after the failed check',
    licenseNumber: '4567890',
  }),
  event({
    studentName: 'Priya Shah',
    eventType: 'Proficiency check',
    eventDate: '2025-03-16',
    evaluator: 'Sam Ortiz',
    result: 'Pass',
    licenseNumber: '4567890',
  }),
  event({
    studentName: 'Sam Lee',
    eventType: 'Simulator session',
    eventDate: '2025-03-02',
    instructor: 'Dana Reyes',
    licenseNumber: '5678901',
  }),
  event({
    studentName: 'Sam Lee',
    eventType: 'Proficiency check',
    eventDate: '2025-03-14',
    evaluator: 'Sam Ortiz',
    result: 'Pass',
    licenseNumber: '5678901',
  }),
  event({
    studentName: 'Mia Chen',
    eventType: 'Simulator session',
    eventDate: '2025-03-10',
    instructor: 'Dana Reyes',
    licenseNumber: '6789012',
  }),
  event({
    studentName: 'Mia Chen',
    eventType: 'Proficiency check',
    eventDate: '2025-03-13',
    result: 'Pass',
    licenseNumber: '6789012',
  }),
];
