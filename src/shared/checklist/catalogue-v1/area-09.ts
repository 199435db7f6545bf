import { areaItems } from './define';

const q = areaItems('area9');

/** Area 9, Training Operations: operating rules (subpart D) and instructor privileges and limits (142.49). */
export const AREA_9 = [
  q(
    '9-01',
    'Are the operating rules of Part 142 subpart D applied to every course or curriculum the training center conducts under subpart B?',
    '142.61',
  ),
  q(
    '9-02',
    'When simulator instructors and evaluators meet recency requirements in a flight simulator or flight training device, is that device used in a course approved under subpart B?',
    '142.63(a)',
  ),
  q(
    '9-03',
    'When simulator instructors and evaluators meet recency requirements in a device not used in a subpart B course, is that device approved under the Advanced Qualification Program for meeting recency requirements?',
    '142.63(b)',
  ),
  q(
    '9-04',
    'Are freeze, slow-motion and repositioning features of flight simulators left unused during testing and checking?',
    '142.65(a)(1)',
  ),
  q(
    '9-05',
    'During line operational simulation, including line-oriented flight training, is repositioning used only to advance along the flight route to the point where descent and approach begin?',
    '142.65(a)(2)',
  ),
  q(
    '9-06',
    'During flight tests, checks and line operational simulation, is each crew seat occupied by a crewmember qualified in the aircraft category, class and type if required, and never by an instructor who is teaching?',
    '142.65(b)(1)',
  ),
  q(
    '9-07',
    'When a student occupies a crew seat, is the student never paired with a student from a different specific course?',
    '142.65(b)(2)',
  ),
  q(
    '9-08',
    'Does each instructor give instruction only in curricula for which he or she is qualified?',
    '142.49(a)(1)',
  ),
  q(
    '9-09',
    'Does each instructor give testing and checking only where he or she is qualified to do so?',
    '142.49(a)(2)',
  ),
  q(
    '9-10',
    'Is instruction, testing and checking meant to satisfy a requirement of 14 CFR chapter I given only by instructors the training center has authorized for it?',
    '142.49(a)(3)',
  ),
  q(
    '9-11',
    'Is no instructor scheduled for more than 8 hours of instruction, not counting briefings and debriefings, in any 24 consecutive hours?',
    '142.49(c)(1)',
  ),
  q(
    '9-12',
    'Is no instructor allowed to instruct in flight training equipment without meeting the applicable instructor training and testing requirements of 142.53?',
    '142.49(c)(2)',
  ),
  q(
    '9-13',
    'Is no instructor allowed to give flight instruction in an aircraft without the required training, part 61 subpart H qualification, matching certificates and ratings, and recency?',
    '142.49(c)(3)',
  ),
  q(
    '9-14',
    'Before an airline transport pilot certification training program instructor teaches in a flight simulation training device, does the instructor hold a type rating for the aircraft it represents and have training and evaluation from the center within the past 12 months on the maneuvers to be shown?',
    '142.54(d)(1)',
  ),
  q(
    '9-15',
    'Does each airline transport pilot certification training program instructor who teaches in a flight simulation training device also meet the device course requirement of 142.53(a)(4)?',
    '142.54(d)(2)',
  ),
  q(
    '9-16',
    'For curricula leading to a certificate or rating, are graduation candidates tested by a designated evaluator within 7 calendar days of completing training?',
    '142.13(b)',
  ),
];
