import { blank, certificateLine, courseNames } from './helpers';
import type { DocumentTemplate } from './types';

export const trainingSpecificationsApplication: DocumentTemplate = {
  type: 'TRAINING_SPECIFICATIONS_APPLICATION',
  title: 'Training Specifications Application Content',
  slug: 'training-specifications-application-content',
  build: (facts) => [
    {
      heading: 'Applicant',
      paragraphs: [
        `${facts.organizationName} (${certificateLine(facts)}) applies in the form and manner the FAA prescribes (142.11(a)(1)). This document gathers the content the application must hold; the FAA form itself is completed separately.`,
      ],
    },
    {
      heading: 'Training authorizations and training specifications requested',
      paragraphs: [
        'The centre requests training specifications for the curricula below (142.11(b)(3)), each identified as core or specialty curriculum (142.37(d)(1)).',
      ],
      table: {
        header: ['Curriculum', 'Core or specialty', 'Records on file'],
        rows: facts.courses.length
          ? facts.courses.map((c) => [c.name, blank('core or specialty'), String(c.events)])
          : [[blank('curriculum'), blank('core or specialty'), '0']],
      },
    },
    {
      heading: 'Proposed evaluation authorization',
      paragraphs: [
        'The centre proposes the evaluation authorization below (142.11(b)(4)): which checks and tests its evaluators conduct, for which curricula.',
      ],
      bullets: courseNames(facts).length
        ? courseNames(facts).map((c) => `${c}: ${blank('checks and tests evaluated')}`)
        : [blank('curriculum: checks and tests evaluated')],
    },
    {
      heading: 'Flight training equipment',
      paragraphs: ['The flight training equipment to be used is described below (142.11(b)(5)).'],
      bullets: facts.equipment.length
        ? facts.equipment
        : [
            blank(
              'each simulator or training device: aircraft type, qualification level, location',
            ),
          ],
    },
    {
      heading: 'Facilities, personnel and evaluation plans',
      paragraphs: [
        'The facilities, equipment, qualifications of personnel and evaluation plans are described in the centre’s facility and equipment description and its training center manual (142.11(b)(6)).',
      ],
    },
  ],
};
