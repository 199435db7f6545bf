import {
  instructorFileDetail,
  instructorList,
  type InstructorFileDetail,
  type InstructorList,
} from '@shared/api/instructors';

export const CURRENT_ID = '3a6f1c2e-7b8d-4e9f-a0b1-c2d3e4f5a6b7';
export const OVERDUE_ID = '9d8c7b6a-5f4e-4d3c-b2a1-0f9e8d7c6b5a';
export const DOCUMENT_ID = '7157ef0b-1d2c-4b3a-9e8f-0a1b2c3d4e5f';
export const EVENT_ID = '0b8f8a52-1c0e-4f67-9d0e-5d1f4a3b2c10';

/** A file as GET /api/instructors/:id answers it, passed through the shared schema. */
export function instructorOf(overrides: Partial<InstructorFileDetail> = {}): InstructorFileDetail {
  return instructorFileDetail.parse({
    id: CURRENT_ID,
    userId: null,
    name: 'Morgan Hale',
    role: 'instructor',
    employedFrom: '2021-03-01',
    employedUntil: null,
    certificates: 'ATP 3456789, B737 type rating',
    notes: null,
    instructsInAircraft: false,
    atpSimulator: false,
    designations: [
      {
        id: 'des-1',
        course: 'B737 type rating',
        device: 'FFS Level D',
        designatedAt: '2021-04-01',
        qualificationId: 'q-1',
        evidence: { documentId: DOCUMENT_ID, trainingEventId: null },
      },
    ],
    status: 'current',
    statusReason: {
      requirement: null,
      paragraph: '142.53(a)',
      message: 'Every requirement is met until 03/31/2026.',
    },
    requirements: [
      {
        requirement: 'recurrent_ground_142_53_a2',
        label: 'Instructor ground course',
        paragraph: '142.53(a)(2)',
        lastCompleted: '2025-03-12',
        nextDue: '2026-03-31',
        graceUntil: '2026-04-30',
        status: 'current',
        reason: 'Completed 03/12/2025; due by the end of March 2026.',
      },
    ],
    nextDue: '2026-03-31',
    retainUntil: null,
    version: 3,
    ledgerIndex: 41,
    createdAt: '2021-03-01T09:00:00.000Z',
    updatedAt: '2025-03-12T09:00:00.000Z',
    qualifications: [
      {
        id: 'q-2',
        kind: 'recurrent_ground_142_53_a2',
        paragraph: '142.53(a)(2)',
        completedAt: '2025-03-12',
        course: null,
        device: null,
        documentId: null,
        trainingEventId: EVENT_ID,
        recordedBy: 'Avery Admin',
        createdAt: '2025-03-12T09:00:00.000Z',
      },
      {
        id: 'q-1',
        kind: 'designation_142_47_b',
        paragraph: '142.47(b)',
        completedAt: '2021-04-01',
        course: 'B737 type rating',
        device: 'FFS Level D',
        documentId: DOCUMENT_ID,
        trainingEventId: null,
        recordedBy: 'Avery Admin',
        createdAt: '2021-04-01T09:00:00.000Z',
      },
    ],
    ...overrides,
  });
}

export const OVERDUE = instructorOf({
  id: OVERDUE_ID,
  name: 'Riley Stone',
  role: 'evaluator',
  status: 'overdue',
  statusReason: {
    requirement: 'proficiency_check_142_53_a7',
    paragraph: '142.53(a)(7)',
    message: 'The annual proficiency check was due by 01/31/2025 and the grace month has passed.',
  },
  designations: [],
  nextDue: '2025-01-31',
});

export function listOf(
  files: InstructorFileDetail[],
  counts: Partial<InstructorList['counts']> = {},
): InstructorList {
  return instructorList.parse({
    instructors: files.map(({ qualifications: _timeline, ...file }) => file),
    counts: { total: 7, current: 4, due_soon: 1, overdue: 1, not_eligible: 1, ...counts },
    courses: ['B737 type rating', 'A320 recurrent'],
  });
}
