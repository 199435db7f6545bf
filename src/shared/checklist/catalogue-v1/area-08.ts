import { areaItems } from './define';

const q = areaItems('area8');

/** Area 8, Records (Part 142 subpart E): content, retention, location and availability. */
export const AREA_8 = [
  q(
    '8-01',
    'Does the recordkeeping cover every trainee in, and every instructor and evaluator designated for, the courses approved under subpart B?',
    '142.71',
  ),
  q('8-02', "Does each trainee's record show the trainee's name?", '142.73(a)(1)'),
  q(
    '8-03',
    "Does each trainee's record hold a copy of the trainee's pilot certificate, if any, and medical certificate?",
    '142.73(a)(2)',
  ),
  q(
    '8-04',
    "Does each trainee's record show the name of the course and the make and model of flight training equipment used?",
    '142.73(a)(3)',
  ),
  q(
    '8-05',
    "Does each trainee's record show the trainee's prerequisite experience and the course time completed?",
    '142.73(a)(4)',
  ),
  q(
    '8-06',
    "Does each trainee's record show the trainee's performance on each lesson and the name of the instructor who gave it?",
    '142.73(a)(5)',
  ),
  q(
    '8-07',
    "Does each trainee's record show the date and result of each end-of-course practical test and the name of the evaluator who conducted it?",
    '142.73(a)(6)',
  ),
  q(
    '8-08',
    "Does each trainee's record show the number of hours of additional training given after any failed practical test?",
    '142.73(a)(7)',
  ),
  q(
    '8-09',
    'Is there a record for each designated instructor and evaluator that shows compliance with the applicable management, eligibility, privileges and training requirements of Part 142?',
    '142.73(b)',
  ),
  q(
    '8-10',
    'Are trainee records kept for at least 1 year after the trainee completes the training, testing or checking?',
    '142.73(c)(1)',
  ),
  q(
    '8-11',
    'Are the qualification records of instructors and evaluators kept for as long as each person is employed and for 1 year after?',
    '142.73(c)(2)',
  ),
  q(
    '8-12',
    'Are the records of recurrent proficiency checks of instructors and evaluators kept for at least 1 year?',
    '142.73(c)(3)',
  ),
  q(
    '8-13',
    'Are the records made available to the FAA on request and at a reasonable time?',
    '142.73(d)',
  ),
  q(
    '8-14',
    'Are trainee records kept at the training center or satellite training center where the training, testing or checking took place?',
    '142.73(d)(1)',
  ),
  q(
    '8-15',
    'Are instructor and evaluator records kept at the training center or satellite training center where the person is primarily employed?',
    '142.73(d)(2)',
  ),
  q(
    '8-16',
    'On request, is a trainee given a copy of his or her training records within a reasonable time?',
    '142.73(e)',
  ),
  q(
    '8-17',
    'Is the recordkeeping system in use the one described to the FAA with the application, covering the training, qualification and certification of students, instructors and evaluators?',
    '142.11(b)(8)',
  ),
];
