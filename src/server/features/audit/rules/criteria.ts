import type { EvidenceCriterion } from './types';
import { ORGANIZATION_CRITERIA } from './subjects/organization-criteria';
import { TRAINING_CRITERIA } from './subjects/training-criteria';
import { PEOPLE_CRITERIA } from './subjects/people';
import { FACILITIES_CRITERIA } from './subjects/facilities';
import {
  RECORDS_AND_QUALITY_CRITERIA,
  TRAINEE_RECORD_CRITERIA,
} from './subjects/records-and-quality-criteria';

export type { EvidenceCriterion } from './types';

const LIST: readonly EvidenceCriterion[] = [
  ...ORGANIZATION_CRITERIA,
  ...TRAINING_CRITERIA,
  ...PEOPLE_CRITERIA,
  ...FACILITIES_CRITERIA,
  ...RECORDS_AND_QUALITY_CRITERIA,
  ...TRAINEE_RECORD_CRITERIA,
];

export const CRITERIA: ReadonlyMap<string, EvidenceCriterion> = new Map(LIST.map((c) => [c.id, c]));

export function criterion(id: string): EvidenceCriterion {
  const found = CRITERIA.get(id);
  if (!found) throw new Error(`Unknown evidence criterion ${id}`);
  return found;
}
