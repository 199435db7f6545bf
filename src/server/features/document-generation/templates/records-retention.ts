import { blank, period, trainingSummary } from './helpers';
import type { DocumentTemplate } from './types';

export const recordsRetentionProcedure: DocumentTemplate = {
  type: 'RECORDS_RETENTION_PROCEDURE',
  title: 'Records Retention Procedure',
  slug: 'records-retention-procedure',
  build: (facts) => [
    {
      heading: 'Purpose',
      paragraphs: [
        `This procedure describes the recordkeeping system of ${facts.organizationName} for the training, qualification and certification of students, instructors and evaluators (142.11(b)(8)).`,
        trainingSummary(facts),
        facts.documents.total
          ? `Centerline also holds ${facts.documents.total} stored document${facts.documents.total === 1 ? '' : 's'}, uploaded ${period(facts.documents.first, facts.documents.last)}.`
          : 'No documents are stored in Centerline yet.',
      ],
    },
    {
      heading: 'Trainee records',
      paragraphs: ['A record is kept for each trainee (142.73(a)) holding the items below.'],
      bullets: [
        "The trainee's name (142.73(a)(1)).",
        "A copy of the trainee's pilot certificate, if any, and medical certificate (142.73(a)(2)).",
        'The name of the course and the make and model of flight training equipment used (142.73(a)(3)).',
        "The trainee's prerequisite experience and course time completed (142.73(a)(4)).",
        "The trainee's performance on each lesson and the name of the instructor who gave it (142.73(a)(5)).",
        'The date and result of each end-of-course practical test and the name of the evaluator (142.73(a)(6)).',
        'The hours of additional training after any failed practical test (142.73(a)(7)).',
      ],
    },
    {
      heading: 'Instructor and evaluator records',
      paragraphs: [
        'A record is kept for each designated instructor and evaluator showing compliance with the applicable requirements (142.73(b)).',
      ],
    },
    {
      heading: 'Retention periods',
      paragraphs: ['Records are kept at least for the periods below; none is destroyed earlier.'],
      table: {
        header: ['Record', 'Kept for', 'Basis'],
        rows: [
          [
            'Trainee records',
            'At least 1 year after training, testing or checking ends',
            '142.73(c)(1)',
          ],
          [
            'Instructor and evaluator qualification records',
            'While the person is employed and 1 year after',
            '142.73(c)(2)',
          ],
          ['Recurrent proficiency records', 'At least 1 year', '142.73(c)(3)'],
        ],
      },
    },
    {
      heading: 'Location and access',
      paragraphs: [
        'Trainee records are kept at the centre or satellite centre where the training, testing or checking happened (142.73(d)(1)); instructor and evaluator records where the person mainly works (142.73(d)(2)). Records are kept in facilities adequate for them (142.15(c)) and made available to the FAA on request at a reasonable time (142.73(d)).',
        `A trainee who asks receives a copy of his or her training records within ${blank('number of days')} (142.73(e)).`,
      ],
    },
  ],
};
