import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_AREAS,
  filterChecklistItems,
  summarizeChecklist,
  truncateDescription,
  type ChecklistStatus,
} from './checklist';

const item = (
  over: Partial<{
    number: string;
    areaId: string;
    description: string;
    reference: string;
    status: ChecklistStatus;
  }>,
) => ({
  number: '1-01',
  areaId: 'area1',
  description: 'Training center certificate is current',
  reference: '142.5',
  status: 'pending' as ChecklistStatus,
  ...over,
});

describe('checklist arithmetic', () => {
  it('has the ten areas of the spec, in order', () => {
    expect(CHECKLIST_AREAS.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('gives no percentage for an empty checklist', () => {
    expect(summarizeChecklist([])).toMatchObject({
      total: 0,
      compliancePercent: null,
      progressPercent: 0,
    });
  });

  it('counts every status but pending as reviewed and rounds compliance', () => {
    const summary = summarizeChecklist([
      item({ number: '1', status: 'compliant' }),
      item({ number: '2', status: 'partial' }),
      item({ number: '3', status: 'pending' }),
      item({ number: '4', status: 'not-applicable' }),
      item({ number: '5', status: 'non-compliant' }),
      item({ number: '6', status: 'pending' }),
    ]);
    expect(summary).toMatchObject({
      total: 6,
      compliant: 1,
      partial: 1,
      nonCompliant: 1,
      notApplicable: 1,
      pending: 2,
      reviewed: 4,
      compliancePercent: 17,
      progressPercent: 67,
    });
  });

  it('searches description, reference and area title case-insensitively within an area', () => {
    const items = [
      item({ number: '1', description: 'Organizational chart' }),
      item({ number: '2', areaId: 'area8', reference: '142.73' }),
    ];
    expect(filterChecklistItems(items, 'ORGANIZATIONAL', 'all').map((i) => i.number)).toEqual([
      '1',
    ]);
    expect(filterChecklistItems(items, '142.73', 'all').map((i) => i.number)).toEqual(['2']);
    expect(filterChecklistItems(items, 'records', 'all').map((i) => i.number)).toEqual(['2']);
    expect(filterChecklistItems(items, '', 'area1').map((i) => i.number)).toEqual(['1']);
  });

  it('cuts descriptions at 100 characters in the list', () => {
    const long = 'x'.repeat(150);
    expect(truncateDescription(long)).toBe(`${'x'.repeat(100)}…`);
    expect(truncateDescription('short')).toBe('short');
    expect(truncateDescription('y'.repeat(100))).toBe('y'.repeat(100));
  });
});
