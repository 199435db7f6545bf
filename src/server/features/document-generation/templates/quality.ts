import { blank } from './helpers';
import type { DocumentTemplate } from './types';

export const qualityControlProcedures: DocumentTemplate = {
  type: 'QUALITY_CONTROL_PROCEDURES',
  title: 'Quality Control Procedures',
  slug: 'quality-control-procedures',
  build: (facts) => [
    {
      heading: 'Purpose and responsibility',
      paragraphs: [
        `These are the quality-control measures of ${facts.organizationName} as described to the FAA with its application (142.11(b)(9)).`,
        `The quality control manager, ${blank('name')}, is responsible for them and is one of the qualified and competent management personnel the centre keeps (142.13(c)).`,
      ],
    },
    {
      heading: 'Audits',
      paragraphs: [
        'The audits below are carried out at the stated interval and their findings recorded.',
      ],
      table: {
        header: ['Audit', 'Interval', 'Checks against'],
        rows: [
          ['Trainee records', blank('interval'), '142.73(a)'],
          ['Instructor and evaluator due dates', blank('interval'), '142.53(a), 142.55(a)(3)'],
          ['Instructor schedules (8 hours in 24)', blank('interval'), '142.49(c)(1)'],
          [
            'Device preflight checks and discrepancy logs',
            blank('interval'),
            '142.59(c)(3), 142.59(c)(4)',
          ],
          ['Training conducted against training specifications', blank('interval'), '142.5(a)'],
          ['Advertising', 'Before publication', '142.31(a)'],
        ],
      },
    },
    {
      heading: 'Findings',
      paragraphs: [
        'Each finding is recorded with its owner and due date, tracked until corrected and reviewed by management, which uses the results to revise procedures and training.',
      ],
    },
  ],
};
