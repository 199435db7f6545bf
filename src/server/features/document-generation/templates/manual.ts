import { blank, certificateLine, courseNames, names } from './helpers';
import type { DocumentTemplate } from './types';

export const trainingCenterManual: DocumentTemplate = {
  type: 'TRAINING_CENTER_MANUAL',
  title: 'Training Center Manual — Management and Personnel',
  slug: 'training-center-manual-management-and-personnel',
  build: (facts) => [
    {
      heading: 'Purpose and scope',
      paragraphs: [
        `This part of the training center manual of ${facts.organizationName} (${certificateLine(facts)}) describes how the centre is managed and staffed so that it meets the management and personnel requirements of 14 CFR 142.13.`,
        `It applies to every curriculum the centre conducts${facts.courses.length ? `, currently ${names(courseNames(facts), '')}` : ''}.`,
      ],
    },
    {
      heading: 'Management positions',
      paragraphs: [
        'The centre keeps a sufficient number of management personnel who are qualified and competent to perform their duties (142.13(c)). Each required management position is named below with the person who holds it.',
        'The application for the certificate states that each person in a management position meets or exceeds the minimum qualifications for it (142.11(b)(1)).',
      ],
      table: {
        header: ['Position', 'Name', 'Minimum qualifications', 'Evidence on file'],
        rows: [
          ['Accountable manager', blank('name'), blank('qualifications'), blank('document')],
          ['Director of training', blank('name'), blank('qualifications'), blank('document')],
          ['Quality control manager', blank('name'), blank('qualifications'), blank('document')],
        ],
      },
      bullets: facts.administrators.length
        ? [
            `People with administrator access in Centerline today: ${names(facts.administrators, '')}. Confirm which positions they hold.`,
          ]
        : undefined,
    },
    {
      heading: 'Notifying the FAA of management changes',
      paragraphs: [
        'When a person in a required management position changes, the accountable manager notifies the responsible Flight Standards office within 10 working days (142.11(b)(2)) and keeps a copy of the notification with this manual.',
      ],
    },
    {
      heading: 'Instructors and evaluators for each curriculum',
      paragraphs: [
        'For each curriculum the centre keeps enough instructors qualified under subpart C of Part 142 (142.13(a)) and enough designated evaluators to test graduation candidates within 7 calendar days of finishing training (142.13(b)).',
      ],
      table: {
        header: ['Curriculum', 'Instructors on record', 'Evaluators on record'],
        rows: facts.courses.length
          ? facts.courses.map((course) => [
              course.name,
              names(
                facts.instructors.filter((i) => i.courses.includes(course.name)).map((i) => i.name),
                blank('instructors'),
              ),
              names(
                facts.evaluators.map((e) => e.name),
                blank('evaluators'),
              ),
            ])
          : [[blank('curriculum'), blank('instructors'), blank('evaluators')]],
      },
    },
    {
      heading: 'Language',
      paragraphs: [
        'A representative of management and all personnel who give direct training to students can understand, read, write and fluently speak English (142.13(d)). This is confirmed when a person is hired and recorded in the personnel file.',
      ],
    },
  ],
};
