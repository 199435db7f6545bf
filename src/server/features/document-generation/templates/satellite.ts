import { blank } from './helpers';
import type { DocumentTemplate } from './types';

export const satelliteCenterProcedures: DocumentTemplate = {
  type: 'SATELLITE_CENTER_PROCEDURES',
  title: 'Satellite Training Center Procedures',
  slug: 'satellite-training-center-procedures',
  build: (facts) => [
    {
      heading: 'Scope',
      paragraphs: [
        `These procedures apply to each satellite training center of ${facts.organizationName}. If the centre has no satellite, answer checklist items 1-24 to 1-26 not applicable and this document is not needed.`,
      ],
    },
    {
      heading: 'Before a satellite opens',
      paragraphs: [
        "The satellite's facilities, equipment, personnel and course content meet Part 142 (142.17(a)(1)); the FAA is told in writing at least 60 days before it starts operating (142.17(a)(3)); the training specifications show its name, address and approved courses (142.17(a)(4)).",
      ],
      table: {
        header: ['Satellite', 'Address', 'FAA notified', 'Approved courses'],
        rows: [[blank('name'), blank('address'), blank('date'), blank('courses')]],
      },
    },
    {
      heading: 'Supervision',
      paragraphs: [
        "Instructors and evaluators at each satellite are directly supervised by the principal centre's management (142.17(a)(2)), and the satellite conducts only the operations its training specifications require and authorize (142.17(b)).",
      ],
    },
  ],
};
