import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import {
  areaName,
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

  it('narrows the real catalogue by area and text together, ignoring surrounding spaces', () => {
    const items = CURRENT_CATALOGUE.items;
    const perArea = CHECKLIST_AREAS.map((a) => filterChecklistItems(items, '', a.id).length);
    expect(perArea.every((n) => n > 0)).toBe(true);
    expect(perArea.reduce((a, b) => a + b, 0)).toBe(items.length);
    expect(filterChecklistItems(items, '   ', 'all')).toHaveLength(items.length);

    const evaluators = filterChecklistItems(items, '  EVALUATOR ', 'area1');
    expect(evaluators.length).toBeGreaterThan(0);
    expect(evaluators.map((i) => i.number)).toContain('1-03');
    expect(evaluators.every((i) => i.areaId === 'area1')).toBe(true);
    expect(
      evaluators.every((i) =>
        `${i.description} ${i.reference}`.toLowerCase().includes('evaluator'),
      ),
    ).toBe(true);
    expect(filterChecklistItems(items, 'no question says this', 'all')).toEqual([]);
  });

  it('names an area by its id, and keeps an id it does not know', () => {
    expect(areaName('area1')).toBe('Management and Administration');
    expect(areaName('area11')).toBe('area11');
  });
});
