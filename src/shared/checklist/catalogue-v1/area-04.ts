import { areaItems } from './define';

const q = areaItems('area4');

/** Area 4, Airman Training Programs: program approval (subpart B), graduation and other approved courses (subpart F). */
export const AREA_4 = [
  q(
    '4-01',
    'Was each training program approved by the FAA before training under it began?',
    '142.37(a)',
  ),
  q(
    '4-02',
    'Does each program that gives training, testing or checking to meet part 61 requirements follow the curriculum and syllabus requirements of Part 142 subpart B?',
    '142.35',
  ),
  q(
    '4-03',
    'Is the training the center offers as an alternative way to meet training required by parts 61, 63, 65, 91, 121, 125, 135 or 137 conducted under its Part 142 approval?',
    '142.1(a)',
  ),
  q(
    '4-04',
    'Has the training center determined which of its courses need Part 142 certification and which fall under another approval listed in the applicability exceptions?',
    '142.1(b)',
  ),
  q(
    '4-05',
    'Is all training, testing and checking in advanced flight training devices or flight simulators that falls outside the applicability exceptions conducted under the Part 142 certificate and training specifications?',
    '142.1(c)',
  ),
  q(
    '4-06',
    'Is a trainee recommended for a certificate or rating only after completing the training of the course approved under 142.37?',
    '142.65(c)(1)',
  ),
  q(
    '4-07',
    'Is a trainee recommended for a certificate or rating only after passing the final tests required by the approved course?',
    '142.65(c)(2)',
  ),
  q(
    '4-08',
    'Does the training center graduate a student only after the student has completed all the curriculum requirements of the course?',
    '142.65(d)',
  ),
  q(
    '4-09',
    'Is a graduation certificate of the airline transport pilot certification training program issued only to students who completed all of its curriculum requirements?',
    '142.54(e)',
  ),
  q(
    '4-10',
    'Is the airline transport pilot certification training program offered only as approved, under the conditions Part 142 sets for that program?',
    '142.54',
  ),
  q(
    '4-11',
    'Are part 61 endorsements given only by designated instructors or evaluators in approved flight training equipment whom the FAA has authorized to give them for a Part 142 curriculum that requires them?',
    '142.49(b)',
  ),
  q(
    '4-12',
    'Has each course whose curriculum Part 142 does not prescribe been approved by the FAA before it is conducted?',
    '142.81(a)',
  ),
  q(
    '4-13',
    'Is each course approved under 142.81 given only to the groups it was approved for, such as non-pilot flight crewmembers, other airmen, material handlers, ground servicing or security personnel?',
    '142.81(b)',
  ),
  q(
    '4-14',
    'Does each course approved under 142.81 meet the applicable requirements of Part 142 subparts A through F?',
    '142.81(c)',
  ),
  q(
    '4-15',
    'Does the curriculum of each course approved under 142.81 achieve a level of competency at least equal to that required by the applicable part of 14 CFR?',
    '142.81(d)',
  ),
  q(
    '4-16',
    'Where a curriculum approved under the part 121 Advanced Qualification Program is used, is it used without changes from that approval?',
    '142.37(b)',
  ),
  q(
    '4-17',
    'If the training center trains below the part 61 minimum hours, did it show the FAA how it can do so when it applied?',
    '142.11(b)(10)',
  ),
  q(
    '4-18',
    'Does each training program consist of the courses, courseware, facilities, flight training equipment and personnel needed to reach its specific training objective?',
    '142.3',
  ),
  q(
    '4-19',
    'Does each core curriculum contain only training required for certification, without tasks and circumstances unique to a particular user?',
    '142.3',
  ),
  q(
    '4-20',
    'Is training unique to one or more training center clients given through an approved specialty curriculum?',
    '142.3',
  ),
];
