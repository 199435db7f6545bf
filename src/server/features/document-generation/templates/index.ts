import type { RequirementCode } from '../requirements';
import { trainingSpecificationsApplication } from './application';
import { certificateSurrenderProcedure } from './certificate-surrender';
import { curriculumOutlines } from './curriculum';
import { facilityEquipmentDescription } from './facilities';
import { fstdDailyPreflightForm, fstdDiscrepancyLogForm } from './fstd-forms';
import { trainingCenterManual } from './manual';
import { instructorEvaluatorRecords } from './personnel-records';
import { qualityControlProcedures } from './quality';
import { recordsRetentionProcedure } from './records-retention';
import { satelliteCenterProcedures } from './satellite';
import type { DocumentTemplate } from './types';

/** One template for each requirement the centre can draft itself. */
export const TEMPLATES: DocumentTemplate[] = [
  trainingCenterManual,
  trainingSpecificationsApplication,
  curriculumOutlines,
  instructorEvaluatorRecords,
  facilityEquipmentDescription,
  fstdDailyPreflightForm,
  fstdDiscrepancyLogForm,
  recordsRetentionProcedure,
  qualityControlProcedures,
  satelliteCenterProcedures,
  certificateSurrenderProcedure,
];

const BY_TYPE = new Map<string, DocumentTemplate>(TEMPLATES.map((t) => [t.type, t]));

export function templateFor(type: RequirementCode | string): DocumentTemplate | undefined {
  return BY_TYPE.get(type);
}

export type { DocumentTemplate, DraftDocument, OrganizationFacts, TemplateSection } from './types';
