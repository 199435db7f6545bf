import { areaItems } from './define';

const q = areaItems('area5');

/** Area 5, Instructor and Evaluator Training and Qualification (Part 142 subpart C). */
export const AREA_5 = [
  q(
    '5-01',
    'Is every instructor employed in an approved flight training course at least 18 years old?',
    '142.47(a)(1)',
  ),
  q(
    '5-02',
    'Is every instructor able to read, write, speak and understand the English language?',
    '142.47(a)(2)',
  ),
  q(
    '5-03',
    'Is every instructor who instructs in an aircraft in flight qualified under part 61 subpart H?',
    '142.47(a)(3)',
  ),
  q(
    '5-04',
    'Does every instructor meet one of the certificate and experience options of the instructor eligibility rule, and is the option met recorded?',
    '142.47(a)(5)',
  ),
  q(
    '5-05',
    'Is every instructor designated in writing for each approved course before teaching it?',
    '142.47(b)',
  ),
  q(
    '5-06',
    'Before initial designation, did each instructor complete at least 8 hours of ground training on the subjects the instructor eligibility rule lists?',
    '142.47(c)(1)',
  ),
  q(
    '5-07',
    'Before initial designation, did each instructor pass a written test on those subjects that the FAA accepts as equal in difficulty, complexity and scope to the flight instructor knowledge tests?',
    '142.47(c)(2)',
  ),
  q(
    '5-08',
    'Before designation and every 12 calendar months after, does each instructor demonstrate to an authorized evaluator the knowledge and skill to instruct a representative segment of each curriculum designated?',
    '142.53(a)(1)',
  ),
  q(
    '5-09',
    'Before designation and every 12 calendar months after, does each instructor complete the approved ground course on instruction, instructor duties, policies, crew resource management and evaluation?',
    '142.53(a)(2)',
  ),
  q(
    '5-10',
    'Has each flight simulator or flight training device instructor completed approved training on operating that device and the applicable ground instruction?',
    '142.53(a)(3)',
  ),
  q(
    '5-11',
    'Has each instructor who teaches in aircraft completed approved ground and flight training in an aircraft, flight simulator or flight training device?',
    '142.53(a)(5)',
  ),
  q(
    '5-12',
    'Has each instructor in approved flight training equipment passed a written test and an annual proficiency check in that equipment on a representative segment of the curriculum?',
    '142.53(a)(7)',
  ),
  q(
    '5-13',
    'Does each instructor in a flight simulator approved for all training and testing for an airline transport pilot certificate or type rating also meet one of the aircraft flight, line observation or in-flight observation options?',
    '142.53(b)',
  ),
  q(
    '5-14',
    'When recurrent instructor or evaluator training is completed in the month before or after it is due, is the next due date computed from the month it was due?',
    '142.53(c), 142.55(b)',
  ),
  q(
    '5-15',
    'Are the personnel requirements of Part 142 subpart C met for every instructor and evaluator who serves in a course approved under subpart B?',
    '142.45',
  ),
  q('5-16', 'Is every person authorized as an evaluator approved by the FAA?', '142.55(a)(1)'),
  q(
    '5-17',
    'Does every evaluator comply with the instructor eligibility, privileges and training rules of Part 142 and the applicable provisions of part 183?',
    '142.55(a)(2)',
  ),
  q(
    '5-18',
    'Before designation and every 12 calendar months after, does each evaluator complete the approved evaluator curriculum?',
    '142.55(a)(3)',
  ),
  q(
    '5-19',
    'Has each evaluator who evaluates in approved flight training equipment passed a written test and an annual proficiency check in a flight simulator or aircraft used for evaluating?',
    '142.55(a)(4)',
  ),
  q(
    '5-20',
    'Does each instructor in the airline transport pilot certification training program hold an airline transport pilot certificate with an airplane multiengine class rating and at least 2 years of the required pilot-in-command or air carrier experience?',
    '142.54(a), 142.54(b)',
  ),
];
