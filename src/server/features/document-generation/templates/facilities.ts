import { blank, certificateLine } from './helpers';
import type { DocumentTemplate } from './types';

export const facilityEquipmentDescription: DocumentTemplate = {
  type: 'FACILITY_EQUIPMENT_DESCRIPTION',
  title: 'Facility and Equipment Description',
  slug: 'facility-and-equipment-description',
  build: (facts) => [
    {
      heading: 'Principal business office',
      paragraphs: [
        `The principal business office of ${facts.organizationName} (${certificateLine(facts)}) is physically located at the address shown on the certificate (142.15(b)): ${blank('street address')}.`,
      ],
    },
    {
      heading: 'Instructional spaces',
      paragraphs: [
        'Classrooms, briefing rooms and simulator bays are heated, lighted and ventilated in line with local building, sanitation and health codes, and are not routinely disturbed by flight operations or maintenance (142.15(a)).',
      ],
      table: {
        header: ['Room', 'Use', 'Capacity', 'Code certificate on file'],
        rows: [[blank('room'), blank('use'), blank('seats'), blank('document')]],
      },
    },
    {
      heading: 'Records facilities',
      paragraphs: [
        'Required records are kept in facilities adequate for them (142.15(c)): electronic records in Centerline, with paper originals in ' +
          blank('location') +
          '.',
      ],
    },
    {
      heading: 'Flight training equipment',
      paragraphs: [
        'The centre has exclusive use, for adequate periods and at an FAA-approved location, of the flight training equipment below, including at least one flight simulator or advanced flight training device (142.15(d)). It is the equipment described with the application (142.11(b)(5), 142.11(b)(6)).',
      ],
      bullets: facts.equipment.length
        ? facts.equipment
        : [blank('each device: manufacturer, aircraft type, qualification level, location')],
    },
    {
      heading: 'Aircraft',
      paragraphs: [
        'Each aircraft used for flight instruction holds a standard airworthiness certificate, is maintained and inspected under an approved program and is equipped as the training specifications require (142.57(a)).',
      ],
      table: {
        header: ['Registration', 'Make and model', 'Inspection program'],
        rows: [[blank('registration'), blank('make and model'), blank('program')]],
      },
    },
  ],
};
