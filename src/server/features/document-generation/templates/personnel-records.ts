import { blank } from './helpers';
import type { DocumentTemplate } from './types';

export const instructorEvaluatorRecords: DocumentTemplate = {
  type: 'INSTRUCTOR_EVALUATOR_RECORDS',
  title: 'Instructor and Evaluator Qualification and Training Records',
  slug: 'instructor-and-evaluator-qualification-records',
  build: (facts) => [
    {
      heading: 'Purpose',
      paragraphs: [
        `${facts.organizationName} keeps a record for each designated instructor and evaluator showing compliance with the applicable requirements of Part 142 (142.73(b)). The record is kept while the person is employed and for 1 year after (142.73(c)(2)).`,
      ],
    },
    {
      heading: 'Instructors',
      paragraphs: [
        'Each instructor is designated in writing for each approved course before teaching it (142.47(b)) and completes the training and testing of 142.53(a) before designation and every 12 calendar months after.',
      ],
      table: {
        header: [
          'Instructor',
          'Courses on record',
          'Last training event',
          'Written designation',
          'Recurrent training due',
        ],
        rows: facts.instructors.length
          ? facts.instructors.map((i) => [
              i.name,
              i.courses.join(', ') || blank('courses'),
              i.lastEventDate ?? '—',
              blank('date'),
              blank('date'),
            ])
          : [[blank('name'), blank('courses'), '—', blank('date'), blank('date')]],
      },
    },
    {
      heading: 'Evaluators',
      paragraphs: [
        'Each evaluator completes the evaluator curriculum before designation and every 12 calendar months after (142.55(a)(3)).',
      ],
      table: {
        header: ['Evaluator', 'Evaluations on record', 'Last evaluation', 'Curriculum completed'],
        rows: facts.evaluators.length
          ? facts.evaluators.map((e) => [
              e.name,
              String(e.events),
              e.lastEventDate ?? '—',
              blank('date'),
            ])
          : [[blank('name'), '0', '—', blank('date')]],
      },
    },
  ],
};
