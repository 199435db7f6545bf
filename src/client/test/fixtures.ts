/**
 * Answers of the API as the server sends them, each passed through the shared response schema,
 * so a fixture that drifts from the contract fails here instead of passing a broken screen.
 */
import { DEFAULT_PREFERENCES } from '@shared/api/preferences';
import { currentUser, type CurrentUser } from '@shared/api/auth';
import { checklistResponse, type ChecklistItemState } from '@shared/api/checklist';
import {
  documentDetail,
  extractedDataItem,
  type DocumentDetail,
  type ExtractedDataItem,
} from '@shared/api/documents';
import { trainingEvent, type TrainingEvent } from '@shared/api/training-events';
import { userSummary, type UserSummary } from '@shared/api/users';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import type { Role } from '@shared/constants/roles';

export const ORGANIZATION_ID = '6f1c2f7e-8d7a-4c1e-9a53-2f0b8e6c1d11';

const NAMES: Record<Role, [string, string]> = {
  admin: ['Avery', 'Admin'],
  instructor: ['Dana', 'Fox'],
  auditor: ['Sam', 'Reyes'],
  viewer: ['Jordan', 'Pilot'],
};

export function userOf(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const [firstName, lastName] = NAMES[role];
  return currentUser.parse({
    id: `00000000-0000-4000-8000-00000000000${['admin', 'instructor', 'auditor', 'viewer'].indexOf(role) + 1}`,
    email: `${role}@northwind.test`,
    firstName,
    lastName,
    role,
    organizationId: ORGANIZATION_ID,
    organizationName: 'Northwind Training Center',
    organizationPlan: 'training-center',
    reviewThreshold: 0.85,
    operator: false,
    manageInstallation: role === 'admin',
    externalAccess: null,
    autoLogoutMinutes: 30,
    preferences: { ...DEFAULT_PREFERENCES, timezoneChosen: true },
    twoFactor: { enabled: false, required: false },
    ...overrides,
  });
}

/** The session call of a signed-in user, as a route of the fake API. */
export const signedInAs = (role: Role, overrides: Partial<CurrentUser> = {}) => ({
  'GET /api/auth/user': userOf(role, overrides),
});

export function trainingEventOf(overrides: Partial<TrainingEvent> = {}): TrainingEvent {
  return trainingEvent.parse({
    id: '0b8f8a52-1c0e-4f67-9d0e-5d1f4a3b2c10',
    studentName: 'Avery Quinn',
    licenseNumber: 'ATP-777',
    eventType: 'Recurrent',
    eventDate: '2025-01-10',
    status: 'completed',
    blockchainHash: 'ab'.repeat(32),
    course: 'B737 type rating',
    result: 'Satisfactory',
    instructor: 'Dana Fox',
    evaluator: null,
    remarks: null,
    sourceDocumentId: null,
    version: 1,
    ledgerIndex: 1,
    createdBy: userOf('instructor').id,
    updatedBy: userOf('instructor').id,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    ...overrides,
  });
}

export function documentOf(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return documentDetail.parse({
    id: '7157ef0b-69a5-410f-a075-b6ec605bc1aa',
    originalName: 'training-record.pdf',
    filename: overrides.originalName ?? 'training-record.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 48_213,
    status: 'processed',
    errorMessage: null,
    createdAt: '2025-02-01T09:00:00.000Z',
    awaitingValidation: true,
    sha256: 'cd'.repeat(32),
    pageCount: 1,
    processedAt: '2025-02-01T09:00:05.000Z',
    validatedAt: null,
    uploadedBy: userOf('instructor').id,
    metadata: null,
    source: 'upload',
    reviewReasons: [],
    documentKind: 'training-record',
    kindConfidence: 0.9,
    kindReason: 'Training record: “training record”, field studentName',
    evidenceNote: null,
    expectedFields: [
      'studentName',
      'trainingDate',
      'courseName',
      'eventType',
      'instructorName',
      'result',
    ],
    ...overrides,
  });
}

export function extractedFieldOf(
  fieldName: string,
  extractedValue: string,
  overrides: Partial<ExtractedDataItem> = {},
): ExtractedDataItem {
  return extractedDataItem.parse({
    id: `field-${fieldName}`,
    fieldName,
    extractedValue,
    confidenceScore: 0.91,
    page: 1,
    box: null,
    refinedBy: null,
    reviewNotes: [],
    validatedValue: null,
    validatedBy: null,
    validatedByName: null,
    validatedAt: null,
    ...overrides,
  });
}

export function userSummaryOf(overrides: Partial<UserSummary> = {}): UserSummary {
  return userSummary.parse({
    id: 'f3a1b2c4-0000-4000-8000-000000000010',
    email: 'casey@northwind.test',
    firstName: 'Casey',
    lastName: 'Lane',
    role: 'instructor',
    status: 'invited',
    createdAt: '2025-03-01T10:00:00.000Z',
    lastSignInAt: null,
    twoFactorEnabled: false,
    ...overrides,
  });
}

/**
 * GET /api/checklist for the real catalogue: every item pending except those given a status.
 */
export function checklistOf(
  responses: Record<string, Partial<ChecklistItemState>> = {},
): ReturnType<typeof checklistResponse.parse> {
  return checklistResponse.parse({
    catalogueVersion: CURRENT_CATALOGUE.version,
    catalogueLabel: CURRENT_CATALOGUE.label,
    areas: CHECKLIST_AREAS.map((a) => ({
      id: a.id,
      number: a.number,
      name: a.name,
      description: a.description,
      count: CURRENT_CATALOGUE.items.filter((i) => i.areaId === a.id).length,
    })),
    items: CURRENT_CATALOGUE.items.map((item) => ({
      id: item.number,
      number: item.number,
      areaId: item.areaId,
      description: item.description,
      reference: item.reference,
      status: 'pending',
      comments: '',
      findings: '',
      evidence: [],
      revision: 0,
      updatedAt: null,
      updatedBy: null,
      ...responses[item.number],
    })),
  });
}
