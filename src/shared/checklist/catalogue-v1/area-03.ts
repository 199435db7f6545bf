import { areaItems } from './define';

const q = areaItems('area3');

/** Area 3, Courseware: syllabi and curricula content (142.39) and the material that supports them. */
export const AREA_3 = [
  q('3-01', 'Does each curriculum the training center uses include a syllabus?', '142.39(a)'),
  q(
    '3-02',
    'Does each syllabus describe its subjects and events, prerequisites and completion standards in enough detail to make the training content clear?',
    '142.39(a), V3 C54',
  ),
  q(
    '3-03',
    'Is there courseware for each course or curriculum, such as lesson plans, flight event descriptions, computer programs, audiovisual programs, workbooks and handouts?',
    '142.3',
  ),
  q(
    '3-04',
    'Does each curriculum state its minimum aircraft and flight training equipment requirements?',
    '142.39(b)',
  ),
  q(
    '3-05',
    'Does each curriculum state the minimum qualifications of the instructors and evaluators who teach and evaluate it?',
    '142.39(c)',
  ),
  q(
    '3-06',
    'Does each curriculum include an initial and a continuing training curriculum for each instructor or evaluator employed to teach it?',
    '142.39(d)',
  ),
  q(
    '3-07',
    'For a curriculum leading to a certificate or rating in fewer than the part 61 minimum hours, does it include a means of showing that the training can be done in the reduced hours?',
    '142.39(e)(1)',
  ),
  q(
    '3-08',
    'For a reduced-hours curriculum, does it include a means of tracking student performance?',
    '142.39(e)(2)',
  ),
  q(
    '3-09',
    'Does the training center have exclusive use of adequate courseware, for adequate periods and at an FAA-approved location, for each course?',
    '142.15(d)',
  ),
  q(
    '3-10',
    'Can the training center give the FAA, on request, each curriculum with its syllabi, outlines, courseware, procedures and supporting documents?',
    '142.11(b)(7)',
  ),
  q(
    '3-11',
    'Is every revision of courseware in use covered by the FAA approval of the training program before it is taught?',
    '142.37(a)',
  ),
  q(
    '3-12',
    'Are proposed changes to approved training submitted to the FAA at least 60 days before they are to take effect, unless the FAA allowed less time?',
    '142.11(a)(3)',
  ),
  q(
    '3-13',
    'When the FAA has required revisions to a training program that was not being followed, were they made within 30 calendar days?',
    '142.37(e), 142.37(f)',
  ),
  q(
    '3-14',
    'Do line-operational simulation scenarios replicate crew interaction with dispatch, other crewmembers, air traffic control and ground operations, including abnormal and emergency occurrences?',
    '142.3',
  ),
  q(
    '3-15',
    'Does the approved instructor ground course cover the fundamentals of learning, elements of effective teaching, instructor duties, training policies, crew resource management and evaluation?',
    '142.53(a)(2)',
  ),
  q(
    '3-16',
    'Does the course for flight simulator and flight training device instructors cover controls and systems, environmental and fault panels, simulation limits and minimum equipment for each curriculum?',
    '142.53(a)(4)',
  ),
  q(
    '3-17',
    'Does the course for instructors who teach in aircraft cover maneuvers and procedures, technical subjects, emergency operations, emergencies likely in training and safety measures?',
    '142.53(a)(6)',
  ),
  q(
    '3-18',
    'Does the evaluator curriculum cover evaluator duties, methods of testing, judging pilot performance and handling of unsatisfactory tests?',
    '142.55(a)(3)',
  ),
  q(
    '3-19',
    'Does the initial training for airline transport pilot certification training program instructors who hold no flight instructor certificate cover the learning process, effective teaching, instructor duties, training policies and evaluation?',
    '142.54(c)',
  ),
  q(
    '3-20',
    'Does the pre-designation instructor ground training material cover teaching methods, policies, the learning process, instructor duties, simulator controls and panels, simulation limits, minimum equipment, course revisions and crew resource management?',
    '142.47(c)(1)',
  ),
];
