import { describe, expect, it } from 'vitest';
import { DRAFT_MARKER } from '@shared/api/document-generation';
import { citationsIn, invalidCitations } from '../citations';
import { buildDraft } from '../draft';
import { renderText } from '../render/text';
import { REQUIREMENTS } from '../requirements';
import { TEMPLATES } from './index';
import type { OrganizationFacts } from './types';

const EMPTY: OrganizationFacts = {
  organizationName: 'Empty Field Training',
  certificateNumber: null,
  generatedOn: '2025-06-02',
  courses: [],
  instructors: [],
  evaluators: [],
  equipment: [],
  trainingEvents: { total: 0, completed: 0, failed: 0, pending: 0, first: null, last: null },
  documents: { total: 0, first: null, last: null },
  administrators: [],
};

const FULL: OrganizationFacts = {
  organizationName: 'Coastal Aviation Training Center',
  certificateNumber: 'CATC142X',
  generatedOn: '2025-06-02',
  courses: [{ name: 'B737 Initial', events: 12, first: '2025-01-02', last: '2025-05-30' }],
  instructors: [
    { name: 'Morgan Lee', events: 7, lastEventDate: '2025-05-30', courses: ['B737 Initial'] },
  ],
  evaluators: [{ name: 'Riley Park', events: 3, lastEventDate: '2025-05-29' }],
  equipment: ['Full Flight Simulator Level D, B737-800, serial 1234'],
  trainingEvents: {
    total: 12,
    completed: 10,
    failed: 1,
    pending: 1,
    first: '2025-01-02',
    last: '2025-05-30',
  },
  documents: { total: 4, first: '2025-01-01', last: '2025-05-01' },
  administrators: ['Avery Admin'],
};

describe.each([
  ['no records', EMPTY],
  ['full records', FULL],
])('templates with %s', (_label, facts) => {
  it.each(TEMPLATES.map((t) => [t.type, t] as const))('%s', (type) => {
    const draft = buildDraft(type, facts);
    const text = renderText(draft);
    expect(text).toContain(facts.organizationName);
    expect(text).toContain(DRAFT_MARKER);
    // Every Part 142 citation the document writes, in its basis or its text, exists.
    expect(draft.regulatoryBasis.length).toBeGreaterThan(0);
    expect(invalidCitations(draft.regulatoryBasis)).toEqual([]);
    const cited = citationsIn(text);
    expect(cited.length).toBeGreaterThan(0);
    expect(invalidCitations(cited)).toEqual([]);
    expect(draft.sections.length).toBeGreaterThan(1);
  });
});

describe('templates', () => {
  it('exist for exactly the requirements a centre can draft itself', () => {
    expect(TEMPLATES.map((t) => t.type).sort()).toEqual(
      REQUIREMENTS.filter((r) => r.action === 'generate')
        .map((r) => r.code)
        .sort(),
    );
    expect(new Set(TEMPLATES.map((t) => t.slug)).size).toBe(TEMPLATES.length);
  });

  it('fill in the organization’s own data and leave marked blanks where none is known', () => {
    const full = renderText(buildDraft('INSTRUCTOR_EVALUATOR_RECORDS', FULL));
    expect(full).toContain('Morgan Lee | B737 Initial | 2025-05-30');
    const manual = renderText(buildDraft('TRAINING_CENTER_MANUAL', FULL));
    expect(manual).toContain('certificate number CATC142X');
    expect(manual).toContain('Avery Admin');
    const empty = renderText(buildDraft('TRAINING_CENTER_MANUAL', EMPTY));
    expect(empty).toContain('certificate number [certificate number]');
    const retention = renderText(buildDraft('RECORDS_RETENTION_PROCEDURE', FULL));
    expect(retention).toContain(
      'Centerline holds 12 training records for the organization, dated from 2025-01-02 to 2025-05-30: 10 completed, 1 pending and 1 failed.',
    );
  });

  it('flags a citation of a paragraph Part 142 does not have', () => {
    expect(invalidCitations(citationsIn('See 142.73(c)(1) and 142.73(z) and 142.999.'))).toEqual([
      '142.73(z)',
      '142.999',
    ]);
  });
});
