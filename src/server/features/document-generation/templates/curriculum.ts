import { blank, period } from './helpers';
import type { DocumentTemplate, TemplateSection } from './types';

export const curriculumOutlines: DocumentTemplate = {
  type: 'CURRICULUM_SYLLABUS_OUTLINES',
  title: 'Curriculum and Syllabus Outlines',
  slug: 'curriculum-and-syllabus-outlines',
  build: (facts) => {
    const courses = facts.courses.length
      ? facts.courses
      : [{ name: blank('curriculum name'), events: 0, first: null, last: null }];
    const perCourse: TemplateSection[] = courses.map((course) => ({
      heading: `Curriculum: ${course.name}`,
      paragraphs: [
        course.events
          ? `Centerline holds ${course.events} training record${course.events === 1 ? '' : 's'} for this curriculum, dated ${period(course.first, course.last)}.`
          : 'No training records for this curriculum are on file yet.',
        'The syllabus lists the subjects and events of the curriculum, their prerequisites and their completion standards (142.39(a)).',
      ],
      table: {
        header: ['Element', 'Content'],
        rows: [
          ['Prerequisites', blank('prerequisite experience and certificates')],
          ['Ground training segments', blank('subjects and hours')],
          ['Flight training segments', blank('events and hours')],
          ['Completion standards', blank('standards')],
          ['Minimum aircraft and flight training equipment (142.39(b))', blank('equipment')],
          ['Minimum instructor and evaluator qualifications (142.39(c))', blank('qualifications')],
          [
            'Initial and continuing instructor and evaluator training (142.39(d))',
            blank('training curriculum'),
          ],
        ],
      },
    }));
    return [
      {
        heading: 'Purpose',
        paragraphs: [
          `These outlines describe each curriculum ${facts.organizationName} conducts, so that each has a syllabus, its minimum equipment and instructor qualifications, and the training of the instructors and evaluators who teach it (142.39). They are kept ready for the FAA on request with the courseware and procedures that support them (142.11(b)(7)).`,
        ],
      },
      ...perCourse,
    ];
  },
};
