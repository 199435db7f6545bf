/**
 * Regulatory answers as the server sends them, each passed through the shared schema so a
 * fixture that drifts from the contract fails here.
 */
import {
  changeDetail,
  complianceReport,
  fetchRun,
  pendingChange,
  regulationEntry,
  regulatoryAlert,
  type ChangeDetail,
  type ComplianceReport,
  type FetchRun,
  type PendingChange,
  type RegulationEntry,
  type RegulatoryAlert,
} from '@shared/api/regulatory';

export const CHANGE_ID = '5b0e6f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
export const ALERT_ID = '7d1f8a3b-4c5e-4f60-9b1c-2d3e4f5a6b7c';

export function regulationOf(overrides: Partial<RegulationEntry> = {}): RegulationEntry {
  return regulationEntry.parse({
    id: 'ecfr:title-14:part-142',
    country: 'United States',
    regulation: '14 CFR Part 142',
    currentVersion: '2025-02-14',
    complianceLevel: 'compliant',
    levelReason: 'No change since your last review.',
    lastChecked: '2025-03-01T06:00:00.000Z',
    nextReviewDate: '2025-03-02',
    pendingChanges: [],
    requiredActions: [],
    actionDeadline: null,
    ...overrides,
  });
}

export function pendingChangeOf(n: number): PendingChange {
  return pendingChange.parse({
    id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    priority: 'high',
    description: `Amendment ${n} to instructor qualifications`,
    section: '142.53',
    paragraphs: ['(a)(2)'],
    checklistItems: ['5-07'],
    effectiveDate: '2025-02-14',
  });
}

export function actionOf(n: number) {
  return {
    text: `Re-review checklist item 5-0${n} against the amended 142.53(a)(2)`,
    checklistItem: `5-0${n}`,
    href: `/compliance-checklist?item=5-0${n}`,
  };
}

export function reportOf(overrides: Partial<ComplianceReport> = {}): ComplianceReport {
  return complianceReport.parse({
    overallStatus: 'compliant',
    lastUpdated: '2025-03-01T06:00:00.000Z',
    lastReached: '2025-03-01T06:00:00.000Z',
    sourceStatus: {
      state: 'ok',
      message: 'The eCFR answered.',
      lastAttemptAt: '2025-03-01T06:00:00.000Z',
      lastReachedAt: '2025-03-01T06:00:00.000Z',
    },
    recommendations: [],
    regulations: [regulationOf()],
    countries: ['United States'],
    ...overrides,
  });
}

/** Before any fetch: one regulation whose level nobody can know yet. */
export const NEVER_FETCHED = reportOf({
  overallStatus: 'unknown',
  lastUpdated: null,
  lastReached: null,
  sourceStatus: {
    state: 'never-fetched',
    message: 'The regulation text has not been fetched yet; press Refresh to fetch it.',
    lastAttemptAt: null,
    lastReachedAt: null,
  },
  regulations: [
    regulationOf({
      complianceLevel: 'unknown',
      levelReason: 'No version of the text is stored yet.',
      currentVersion: null,
      lastChecked: null,
      nextReviewDate: null,
    }),
  ],
});

export function runOf(overrides: Partial<FetchRun> = {}): FetchRun {
  return fetchRun.parse({
    id: 'run-1',
    source: 'ecfr:title-14:part-142',
    status: 'queued',
    progress: 0,
    message: null,
    versionsStored: 0,
    changesFound: 0,
    createdAt: '2025-03-01T06:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  });
}

export function changeDetailOf(overrides: Partial<ChangeDetail> = {}): ChangeDetail {
  return changeDetail.parse({
    id: CHANGE_ID,
    source: 'ecfr:title-14:part-142',
    section: '142.53',
    sectionName: 'Training center instructor training and testing requirements.',
    effectiveDate: '2025-02-14',
    fromVersionDate: '2024-06-01',
    toVersionDate: '2025-02-14',
    paragraphs: [{ id: '(a)(2)', kind: 'reworded' }],
    checklistItems: ['5-07'],
    historical: false,
    detectedAt: '2025-03-01T06:00:00.000Z',
    paragraphDiffs: [
      {
        id: '(a)(2)',
        kind: 'reworded',
        before: 'within the preceding 12 calendar months',
        after: 'within the preceding 24 calendar months',
        parts: [
          { value: 'within the preceding ' },
          { value: '12', removed: true },
          { value: '24', added: true },
          { value: ' calendar months' },
        ],
      },
    ],
    mappedItems: [
      {
        number: '5-07',
        description: 'Instructors complete approved recurrent training.',
        reference: '142.53(a)(2)',
        citedParagraphs: ['(a)(2)'],
        status: 'compliant',
        answeredAt: '2025-01-10T09:00:00.000Z',
        href: '/compliance-checklist?item=5-07',
      },
    ],
    documents: [],
    ...overrides,
  });
}

export function alertOf(overrides: Partial<RegulatoryAlert> = {}): RegulatoryAlert {
  return regulatoryAlert.parse({
    id: ALERT_ID,
    type: 'checklist-update',
    severity: 'warning',
    title: '142.53(a)(2) amended: re-review checklist item 5-07',
    description: 'The recurrent training interval changed from 12 to 24 calendar months.',
    source: 'regulation-change',
    regulation: '14 CFR 142.53(a)(2)',
    checklistItems: ['5-07'],
    recordIds: [],
    actionItems: ['Re-review checklist item 5-07 against the amended 142.53(a)(2)'],
    changeId: CHANGE_ID,
    dueDate: '2025-03-16',
    createdAt: '2025-03-01T06:00:00.000Z',
    acknowledged: false,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  });
}
