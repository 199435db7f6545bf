import { areaItems } from './define';

const q = areaItems('area10');

/**
 * Area 10, Quality Control Measures. Part 142 asks for a description of the quality-control
 * measures with the application (142.11(b)(9)); these items ask whether those measures run and
 * reach the requirements the other areas check.
 */
export const AREA_10 = [
  q(
    '10-01',
    'Does the training center carry out the quality-control measures it described to the FAA with its application?',
    '142.11(b)(9)',
  ),
  q(
    '10-02',
    'Is a named management person responsible for the quality-control measures, with the authority to have findings corrected?',
    '142.11(b)(9), 142.13(c)',
  ),
  q(
    '10-03',
    'Do the quality-control measures include periodic audits of trainee records for every item the recordkeeping rule requires?',
    '142.11(b)(9), 142.73(a)',
  ),
  q(
    '10-04',
    'Do the quality-control measures track the 12-calendar-month training and checking due dates of every instructor and evaluator?',
    '142.11(b)(9), 142.53(a), 142.55(a)(3)',
  ),
  q(
    '10-05',
    'Do the quality-control measures check instructor schedules against the limit of 8 hours of instruction in 24 consecutive hours?',
    '142.11(b)(9), 142.49(c)(1)',
  ),
  q(
    '10-06',
    'Do the quality-control measures review device discrepancy logs for recurring defects and late corrections?',
    '142.11(b)(9), 142.59(c)(4)',
  ),
  q(
    '10-07',
    'Do the quality-control measures verify that the daily functional preflight check was done before each device was used?',
    '142.11(b)(9), 142.59(c)(3)',
  ),
  q(
    '10-08',
    'Do the quality-control measures confirm, before graduation, that each student completed all curriculum requirements?',
    '142.11(b)(9), 142.65(d)',
  ),
  q(
    '10-09',
    'Do the quality-control measures review the performance of students in reduced-hours curricula?',
    '142.11(b)(9), 142.39(e)(2)',
  ),
  q(
    '10-10',
    'Do the quality-control measures monitor the time between completion of training and the practical test against the 7-calendar-day standard?',
    '142.11(b)(9), 142.13(b)',
  ),
  q(
    '10-11',
    'Do the quality-control measures check that records are kept for their required retention periods before any are disposed of?',
    '142.11(b)(9), 142.73(c)',
  ),
  q(
    '10-12',
    'Do the quality-control measures compare the training actually conducted with the training specifications?',
    '142.11(b)(9), 142.5(a)',
  ),
  q(
    '10-13',
    'Do the quality-control measures review advertising before publication so that it claims only approved training?',
    '142.11(b)(9), 142.31(a)',
  ),
  q(
    '10-14',
    'Do the quality-control measures reach each satellite training center with the same audits as the principal center?',
    '142.11(b)(9), 142.17(a)(1)',
  ),
  q(
    '10-15',
    'Do the quality-control measures confirm that courseware revisions are approved before they are used in training?',
    '142.11(b)(9), 142.37(a)',
  ),
  q(
    '10-16',
    'Do the quality-control measures confirm that every instructor holds a current written designation for each course he or she teaches?',
    '142.11(b)(9), 142.47(b)',
  ),
  q(
    '10-17',
    'Do the quality-control measures confirm that additional training after a failed practical test is given and recorded?',
    '142.11(b)(9), 142.73(a)(7)',
  ),
  q(
    '10-18',
    'Are findings from FAA inspections entered into the quality-control measures and tracked until corrected?',
    '142.11(b)(9), 142.29',
  ),
  q(
    '10-19',
    'Do the quality-control measures sample tests and checks to confirm that freeze, slow-motion and repositioning features were not used?',
    '142.11(b)(9), 142.65(a)(1)',
  ),
  q(
    '10-20',
    'Are the results of the quality-control measures reviewed by management and used to revise procedures and training?',
    '142.11(b)(9), V3 C54',
  ),
];
