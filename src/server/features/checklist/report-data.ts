import type { ChecklistItemState } from '@shared/api/checklist';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { summarizeChecklist, type ChecklistSummary } from '@shared/checklist/progress';
import { formatReference } from '@shared/checklist/references';
import type { Language } from '@shared/api/preferences';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { textFor } from '../../i18n/index';
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
  /** Their language: headings, labels and status words; checklist text stays the FAA's English. */
  language: Language;
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
    language: actor.preferences.language,
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
export function itemRow(
  { dates, language }: Pick<ChecklistReport, 'dates' | 'language'>,
  area: ReportArea,
  item: ChecklistItemState,
) {
  return {
    area: `${area.number}. ${area.name}`,
    itemNumber: item.number,
    description: item.description,
    reference: formatReference(item.reference),
    status: textFor(language, 'checklist-report')(`statuses.${item.status}`),
    comments: item.comments,
    findings: item.findings,
    evidence: evidenceText(item),
    updatedAt: item.updatedAt ? dates.stamp(item.updatedAt) : '',
    updatedBy: item.updatedBy?.name ?? '',
  };
}

/** The row's columns; each header is `columns.<key>` of the checklist-report catalogue. */
export const ROW_COLUMNS: {
  key: keyof ReturnType<typeof itemRow>;
  width: number;
}[] = [
  { key: 'area', width: 28 },
  { key: 'itemNumber', width: 12 },
  { key: 'description', width: 70 },
  { key: 'reference', width: 30 },
  { key: 'status', width: 15 },
  { key: 'comments', width: 40 },
  { key: 'findings', width: 40 },
  { key: 'evidence', width: 30 },
  { key: 'updatedAt', width: 20 },
  { key: 'updatedBy', width: 20 },
];

/** The headers of ROW_COLUMNS in `language` (what the import reads back, in any language). */
export function rowHeaders(language: Language): string[] {
  const t = textFor(language, 'checklist-report');
  return ROW_COLUMNS.map((c) => t(`columns.${c.key}`));
}
