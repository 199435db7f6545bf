import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { referenceProblems } from '@shared/checklist/reference-validation';
import { CRITERIA } from './criteria';
import { criteriaOf, RULE_GROUPS } from './groups';

describe('rule groups', () => {
  it('give every catalogue item exactly one group, and name no other item', () => {
    const numbers = new Set(CURRENT_CATALOGUE.items.map((i) => i.number));
    const seen = new Map<string, string>();
    for (const group of RULE_GROUPS) {
      for (const item of group.items) {
        expect(numbers.has(item), `${group.id} names unknown item ${item}`).toBe(true);
        expect(seen.get(item), `${item} is in two groups`).toBeUndefined();
        seen.set(item, group.id);
      }
    }
    expect([...numbers].filter((n) => !seen.has(n))).toEqual([]);
  });

  it('cite only paragraphs that exist in Part 142', () => {
    for (const group of RULE_GROUPS) {
      for (const reference of group.references) {
        expect(referenceProblems(reference), `${group.id}: ${reference}`).toEqual([]);
      }
    }
  });

  it('use only known criteria, and per-item criteria and checks only for items of the group', () => {
    for (const group of RULE_GROUPS) {
      for (const item of group.items) {
        const ids = criteriaOf(group, item);
        expect(ids.length, `${item} has no criteria`).toBeGreaterThan(0);
        for (const id of ids) expect(CRITERIA.has(id), `${group.id}: ${id}`).toBe(true);
      }
      for (const item of Object.keys(group.itemCriteria ?? {})) {
        expect(group.items).toContain(item);
      }
      for (const item of Object.keys(group.recordChecks ?? {})) {
        expect(group.items).toContain(item);
      }
      for (const item of Object.keys(group.fileChecks ?? {})) {
        expect(group.items).toContain(item);
        expect(Object.keys(group.recordChecks ?? {})).not.toContain(item);
      }
      for (const item of group.recordsSuffice ?? []) {
        expect([
          ...Object.keys(group.recordChecks ?? {}),
          ...Object.keys(group.fileChecks ?? {}),
        ]).toContain(item);
      }
      for (const item of group.recordsOnlyAgainst ?? []) {
        expect(Object.keys(group.recordChecks ?? {})).toContain(item);
        expect(group.recordsSuffice ?? []).not.toContain(item);
      }
    }
  });
});
