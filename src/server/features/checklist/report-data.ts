import type { ChecklistItemState } from '@shared/api/checklist';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { summarizeChecklist, type ChecklistSummary } from '@shared/checklist/progress';
import { formatReference } from '@shared/checklist/references';
import { STATUS_LABELS } from '@shared/checklist/types';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { datesFor, type ReaderDates } from '../../reports/reader-dates';
import { getChecklist } from './service';

export interface ReportArea {
  id: string;
  number: number;
  name: string;
  items: ChecklistItemState[];
  summary: ChecklistSummary;
}

export interface ChecklistReport {
  organizationName: string;
  generatedAt: Date;
  generatedBy: string;
  /** Dates in the timezone and format of the person who asked for the export. */
  dates: ReaderDates;
  catalogueVersion: number;
  catalogueLabel: string;
  summary: ChecklistSummary;
  areas: ReportArea[];
}

/** Everything an export shows, read once so the three formats agree. */
export async function buildReport(db: Database, actor: Actor): Promise<ChecklistReport> {
  const checklist = await getChecklist(db, actor);
  return {
    organizationName: actor.organizationName,
    generatedAt: new Date(),
    generatedBy: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    dates: datesFor(actor),
    catalogueVersion: checklist.catalogueVersion,
    catalogueLabel: checklist.catalogueLabel,
    summary: summarizeChecklist(checklist.items),
    areas: CHECKLIST_AREAS.map((a) => {
      const items = checklist.items.filter((i) => i.areaId === a.id);
      return {
        id: a.id,
        number: a.number,
        name: a.name,
        items,
        summary: summarizeChecklist(items),
      };
    }),
  };
}

export function evidenceText(item: ChecklistItemState): string {
  return item.evidence.map((e) => e.name).join('; ');
}

/** One flat row per item, the shared shape of the CSV and the Excel sheet. */
export function itemRow(dates: ReaderDates, area: ReportArea, item: ChecklistItemState) {
  return {
    area: `${area.number}. ${area.name}`,
    itemNumber: item.number,
    description: item.description,
    reference: formatReference(item.reference),
    status: STATUS_LABELS[item.status],
    comments: item.comments,
    findings: item.findings,
    evidence: evidenceText(item),
    updatedAt: item.updatedAt ? dates.stamp(item.updatedAt) : '',
    updatedBy: item.updatedBy?.name ?? '',
  };
}

export const ROW_COLUMNS: {
  key: keyof ReturnType<typeof itemRow>;
  header: string;
  width: number;
}[] = [
  { key: 'area', header: 'Area', width: 28 },
  { key: 'itemNumber', header: 'Item Number', width: 12 },
  { key: 'description', header: 'Description', width: 70 },
  { key: 'reference', header: 'Reference', width: 30 },
  { key: 'status', header: 'Status', width: 15 },
  { key: 'comments', header: 'Comments', width: 40 },
  { key: 'findings', header: 'Findings', width: 40 },
  { key: 'evidence', header: 'Evidence', width: 30 },
  { key: 'updatedAt', header: 'Last Updated', width: 20 },
  { key: 'updatedBy', header: 'Updated By', width: 20 },
];
