import { DEVICE, type EvidenceCriterion } from '../types';

/** What counts as evidence for training programs (syllabi, courseware, curricula, graduation, special courses); the groups that use them are in training.ts. */

export const TRAINING_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'syllabus',
    shows: 'a syllabus or curriculum document',
    query: 'syllabus | curriculum',
    document: 'Syllabus of each curriculum',
    kinds: ['syllabus-curriculum'],
    partial: {
      kinds: ['manual'],
      because: 'a manual that mentions the curricula is not a syllabus',
    },
  },
  {
    id: 'syllabus-detail',
    shows: 'syllabus content with prerequisites, objectives and completion standards',
    query:
      '(syllabus | curriculum | lesson) & (prerequisite | completion <-> standard | objective)',
    document: 'Syllabus showing prerequisites, lesson objectives and completion standards',
    kinds: ['syllabus-curriculum'],
  },
  {
    id: 'courseware',
    shows: 'courseware such as lesson plans, flight event descriptions or workbooks',
    query: 'lesson <-> plan | courseware | workbook | flight <-> event | handout',
    document: 'Courseware: lesson plans, flight event descriptions, workbooks',
    kinds: ['syllabus-curriculum', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because: 'a manual describing courseware is not the courseware',
    },
  },
  {
    id: 'curriculum-equipment',
    shows: 'minimum aircraft and flight training equipment for each curriculum',
    query: `(curriculum | course) & (minimum | required) & (aircraft | ${DEVICE} | equipment)`,
    document: 'Curriculum section stating minimum aircraft and flight training equipment',
    kinds: ['syllabus-curriculum'],
    partial: {
      kinds: ['training-specifications', 'manual'],
      because:
        'the training specifications or a manual list equipment, but the curriculum itself must state its minimums',
    },
  },
  {
    id: 'curriculum-instructor-qualifications',
    shows: 'minimum instructor qualifications for each curriculum',
    query: 'instructor & minimum & qualification',
    document: 'Curriculum section stating minimum instructor and evaluator qualifications',
    kinds: ['syllabus-curriculum'],
    partial: {
      kinds: ['manual', 'instructor-record'],
      because:
        'a manual or an instructor file states qualifications, but the curriculum itself must state its minimums',
    },
  },
  {
    id: 'instructor-curriculum',
    shows: 'initial and continuing training curricula for instructors and evaluators',
    query:
      '(instructor | evaluator) & (initial <-> training | continuing <-> training) & curriculum',
    document: 'Instructor and evaluator initial and recurrent training curricula',
    kinds: ['syllabus-curriculum', 'manual'],
  },
  {
    id: 'reduced-hours',
    shows: 'a reduced-hours curriculum with its justification and performance tracking',
    query: 'reduced & hour & (curriculum | training | minimum)',
    document:
      'Reduced-hours justification and student performance tracking (or a statement that no curriculum uses reduced hours)',
    kinds: ['syllabus-curriculum', 'manual', 'other', 'log-report'],
  },
  {
    id: 'courseware-revision',
    shows: 'a revision control procedure with FAA approval before use',
    query: 'revision & (approval | approved) & (courseware | curriculum | manual | program)',
    document: 'Revision control procedure and the FAA approval of the current revision',
    kinds: ['manual', 'training-specifications', 'other', 'log-report'],
  },
  {
    id: 'loft',
    shows: 'line-operational simulation or LOFT scenarios',
    query: 'line <-> operational <-> simulation | loft | line <-> oriented <-> flight <-> training',
    document: 'Line-operational simulation (LOFT) scenario descriptions',
    kinds: ['syllabus-curriculum'],
  },
  {
    id: 'instructor-ground-course',
    shows: 'an instructor ground course on learning, teaching, duties, CRM and evaluation',
    query:
      'instructor & (fundamentals <-> of <-> learning | effective <-> teaching | learning <-> process | teaching <-> methods)',
    document: 'Instructor ground course outline',
    kinds: ['syllabus-curriculum', 'manual'],
  },
  {
    id: 'device-instructor-course',
    shows: 'a device course covering controls, systems, fault panels and simulation limits',
    query: `${DEVICE} & instructor & (control | system) & (fault | environmental | limitation)`,
    document: 'FSTD instructor course outline',
    kinds: ['syllabus-curriculum', 'manual'],
  },
  {
    id: 'aircraft-instructor-course',
    shows: 'an aircraft instructor course covering maneuvers, emergencies and safety',
    query: 'instructor & aircraft & maneuver & emergency & safety',
    document: 'Aircraft instructor ground and flight course outline',
    kinds: ['syllabus-curriculum', 'manual'],
  },
  {
    id: 'evaluator-curriculum',
    shows: 'an evaluator curriculum on testing methods and unsatisfactory tests',
    query: 'evaluator & (testing | test) & (unsatisfactory | judging | performance)',
    document: 'Evaluator training curriculum',
    kinds: ['syllabus-curriculum', 'manual', 'instructor-record'],
  },
  {
    id: 'graduation',
    shows: 'graduation only after all curriculum requirements are complete',
    query: 'graduation & (completion | requirement)',
    document: 'Graduation procedure and completion checklist',
    kinds: ['manual', 'syllabus-curriculum'],
  },
  {
    id: 'recommendation',
    shows: 'recommendation for a certificate or rating only after completed training and tests',
    query: 'recommend & (certificate | rating | practical <-> test)',
    document: 'Procedure for recommending trainees for certificates or ratings',
    kinds: ['manual', 'syllabus-curriculum'],
  },
  {
    id: 'atp-ctp',
    shows: 'the airline transport pilot certification training program',
    query: 'airline <-> transport <-> pilot & certification & training & program | atp <-> ctp',
    document: 'ATP certification training program approval and instructor records',
    kinds: ['training-specifications', 'syllabus-curriculum', 'manual', 'instructor-record'],
  },
  {
    id: 'endorsement',
    shows: 'authorization for part 61 endorsements',
    query: 'endorsement & (authorized | designated | part <-> 61)',
    document: 'FAA authorization for instructors or evaluators to give part 61 endorsements',
    kinds: ['training-specifications', 'manual', 'instructor-record', 'other', 'log-report'],
  },
  {
    id: 'other-courses',
    shows: 'other approved courses and the groups they serve',
    query:
      'course & approved & (flight <-> attendant | dispatcher | ground | security | crewmember)',
    document: 'FAA approval of courses outside the Part 142 curricula',
    kinds: ['training-specifications', 'syllabus-curriculum', 'other', 'log-report'],
  },
  {
    id: 'aqp',
    shows: 'Advanced Qualification Program curricula or devices',
    query: 'advanced <-> qualification <-> program | aqp',
    document: 'AQP approval documents (or a statement that AQP is not used)',
    kinds: ['training-specifications', 'syllabus-curriculum', 'manual', 'other', 'log-report'],
  },
  {
    id: 'courseware-exclusive',
    shows: 'exclusive use (ownership or licence) of the courseware',
    query: 'courseware & (exclusive | owned | licensed | licence | license)',
    document: 'Courseware ownership or licence agreements',
    kinds: ['other', 'log-report', 'manual'],
  },
  {
    id: 'specialty',
    shows: 'specialty curricula for training unique to clients',
    query: 'specialty <-> curriculum',
    document:
      'Approved specialty curricula (or a statement that no client-unique training is given)',
    kinds: ['syllabus-curriculum', 'training-specifications'],
  },
  {
    id: 'grace-month',
    shows: 'the due-month rule for recurrent training done a month early or late',
    query: 'month <-> due | due <-> month',
    document: 'Procedure computing recurrent due dates from the month due',
    kinds: ['manual'],
  },
  {
    id: 'curriculum-evaluator-qualifications',
    shows: 'minimum evaluator qualifications for each curriculum',
    query: 'evaluator & minimum & qualification',
    document: 'Curriculum section stating minimum evaluator qualifications',
    kinds: ['syllabus-curriculum'],
    partial: {
      kinds: ['manual', 'instructor-record'],
      because:
        'a manual or an evaluator file states qualifications, but the curriculum itself must state its minimums',
    },
  },
  {
    id: 'device-course-minimum-equipment',
    shows: 'minimum equipment for each curriculum in the instructor course',
    query: `minimum <-> equipment & (${DEVICE} | instructor | course)`,
    document: 'Instructor course outline covering the minimum equipment of each curriculum',
    kinds: ['syllabus-curriculum', 'manual'],
  },
  {
    id: 'los-repositioning',
    shows: 'repositioning during line operational simulation limited to advancing along the route',
    query:
      'repositioning & (line <-> operational | loft | line <-> oriented | los) & (descent | approach | route)',
    document: 'Procedure limiting repositioning during line operational simulation',
    kinds: ['manual', 'syllabus-curriculum'],
  },
];
