import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_AREAS,
  filterChecklistItems,
  summarizeChecklist,
  type ChecklistItem,
} from './checklist';

const item = (over: Partial<ChecklistItem>): ChecklistItem => ({
  id: over.number ?? 'x',
  number: '1-01',
  areaId: 'area1',
  description: 'Training center certificate is current',
  reference: '142.5',
  status: 'pending',
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
    ]);
    expect(summary).toMatchObject({
      total: 3,
      compliant: 1,
      partial: 1,
      pending: 1,
      reviewed: 2,
      compliancePercent: 33,
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
});
