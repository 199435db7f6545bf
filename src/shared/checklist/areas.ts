/**
 * The ten inspection areas of the FAA's "14 CFR Part 142 Training Center Inspection Checklist and
 * Job Aid", with the item counts of the spec (product-regulatory-admin §3). Both sides import
 * this: the catalogue is checked against it and the screens label tabs and filters with it.
 */
export const CHECKLIST_AREAS = [
  {
    id: 'area1',
    number: 1,
    name: 'Management and Administration',
    description:
      'Certificate, management personnel, applications and amendments, satellites, display, inspections, advertising and training agreements.',
    count: 38,
  },
  {
    id: 'area2',
    number: 2,
    name: 'Training Specifications',
    description:
      'What the training specifications authorize and list, and training program approval requests.',
    count: 15,
  },
  {
    id: 'area3',
    number: 3,
    name: 'Courseware',
    description: 'Syllabi, curricula content, courseware and their approval and revision.',
    count: 20,
  },
  {
    id: 'area4',
    number: 4,
    name: 'Airman Training Programs',
    description:
      'Approved programs, core and specialty curricula, graduation, endorsements and other approved courses.',
    count: 20,
  },
  {
    id: 'area5',
    number: 5,
    name: 'Instructor and Evaluator Training and Qualification',
    description: 'Eligibility, designation, initial and recurrent training and testing.',
    count: 20,
  },
  {
    id: 'area6',
    number: 6,
    name: 'Facilities',
    description:
      'Instructional spaces, the principal business office, record storage and equipment.',
    count: 18,
  },
  {
    id: 'area7',
    number: 7,
    name: 'Flight Training Equipment',
    description:
      'Qualification and approval of simulators and FTDs, their upkeep, preflight checks, the discrepancy log and aircraft.',
    count: 16,
  },
  {
    id: 'area8',
    number: 8,
    name: 'Records',
    description: 'Trainee and instructor records: content, retention, location and availability.',
    count: 17,
  },
  {
    id: 'area9',
    number: 9,
    name: 'Training Operations',
    description:
      'Operating rules: privileges and limits of instructors, simulator use during tests and crew seats.',
    count: 16,
  },
  {
    id: 'area10',
    number: 10,
    name: 'Quality Control Measures',
    description: 'How the center checks itself against its own procedures and Part 142.',
    count: 20,
  },
] as const;

export type ChecklistArea = (typeof CHECKLIST_AREAS)[number];
export type ChecklistAreaId = ChecklistArea['id'];

export const CHECKLIST_AREA_IDS = CHECKLIST_AREAS.map((a) => a.id) as [
  ChecklistAreaId,
  ...ChecklistAreaId[],
];

/** Size of the full catalogue (spec §9: 200 items across 10 areas). */
export const CHECKLIST_TOTAL_ITEMS = CHECKLIST_AREAS.reduce((sum, a) => sum + a.count, 0);

export function areaById(id: string): ChecklistArea | undefined {
  return CHECKLIST_AREAS.find((a) => a.id === id);
}
