import type { RuleGroup } from './types';
import { ORGANIZATION_GROUPS } from './subjects/organization';
import { TRAINING_GROUPS } from './subjects/training';
import { PEOPLE_GROUPS } from './subjects/people';
import { FACILITIES_GROUPS } from './subjects/facilities';
import { RECORDS_AND_QUALITY_GROUPS } from './subjects/records-and-quality';

export type { RecordCheckId, RuleGroup } from './types';

/** Every group, one per item (groups.test.ts), by subject (subjects/*.ts). */
export const RULE_GROUPS: readonly RuleGroup[] = [
  ...ORGANIZATION_GROUPS,
  ...TRAINING_GROUPS,
  ...PEOPLE_GROUPS,
  ...FACILITIES_GROUPS,
  ...RECORDS_AND_QUALITY_GROUPS,
];

const BY_ITEM = new Map<string, RuleGroup>();
for (const group of RULE_GROUPS) for (const item of group.items) BY_ITEM.set(item, group);

/** The rule group of an item; every catalogue item has exactly one (groups.test.ts). */
export function ruleGroupOf(itemNumber: string): RuleGroup | undefined {
  return BY_ITEM.get(itemNumber);
}

export function criteriaOf(group: RuleGroup, itemNumber: string): readonly string[] {
  return group.itemCriteria?.[itemNumber] ?? group.criteria;
}
