import { safeText } from '../../reports/cells';
import { readerText } from '../../i18n/index';
import { englishSourceNote } from '../../reports/pdf';
import { itemRow, ROW_COLUMNS, rowHeaders, type ChecklistReport } from './report-data';

/** The checklist as an Excel workbook: Checklist (one row per item), Evidence and Summary sheets. */
export async function checklistXlsx(report: ChecklistReport): Promise<Buffer> {
  // Loaded on the first export, not at every start of the server.
  const { default: ExcelJS } = await import('exceljs');
  const { t } = readerText(report.language, 'checklist-report');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centerline';
  workbook.created = report.generatedAt;

  const sheet = workbook.addWorksheet(t('sheets.checklist'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = rowHeaders(report.language);
  sheet.columns = ROW_COLUMNS.map((c, i) => ({ header: headers[i], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const area of report.areas) {
    for (const item of area.items) {
      const row = itemRow(report, area, item);
      sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeText(v)])));
    }
  }
  // Item numbers such as 1-01 stay text, so a re-import does not meet Excel's dates.
  sheet.getColumn('itemNumber').numFmt = '@';
  for (const key of ['description', 'comments', 'findings'] as const) {
    sheet.getColumn(key).alignment = { wrapText: true, vertical: 'top' };
  }

  const evidence = workbook.addWorksheet(t('sheets.evidence'));
  evidence.columns = (
    [
      ['itemNumber', 12],
      ['name', 40],
      ['documentId', 38],
      ['mimeType', 20],
      ['linkedAt', 20],
      ['linkedBy', 22],
    ] as const
  ).map(([key, width]) => ({ header: t(`evidenceColumns.${key}`), key, width }));
  evidence.getRow(1).font = { bold: true };
  for (const area of report.areas) {
    for (const item of area.items) {
      for (const e of item.evidence) {
        evidence.addRow({
          itemNumber: item.number,
          name: safeText(e.name),
          documentId: e.documentId,
          mimeType: e.mimeType,
          linkedAt: report.dates.stamp(e.linkedAt),
          linkedBy: e.linkedBy?.name ?? '',
        });
      }
    }
  }

  const summary = workbook.addWorksheet(t('sheets.summary'));
  summary.columns = (
    [
      ['area', 50],
      ['total', 8],
      ['compliant', 11],
      ['partial', 9],
      ['nonCompliant', 14],
      ['notApplicable', 15],
      ['pending', 9],
      ['progressPercent', 11],
    ] as const
  ).map(([key, width]) => ({ header: t(`summaryColumns.${key}`), key, width }));
  summary.getRow(1).font = { bold: true };
  for (const area of report.areas) {
    summary.addRow({ area: `${area.number}. ${area.name}`, ...area.summary });
  }
  summary.addRow({ area: t('summarySheet.allAreas'), ...report.summary }).font = { bold: true };
  summary.addRow({});
  summary.addRow({ area: t('summarySheet.organization', { name: report.organizationName }) });
  summary.addRow({
    area: t('summarySheet.generated', {
      stamp: report.dates.stamp(report.generatedAt),
      name: report.generatedBy,
    }),
  });
  summary.addRow({
    area: t('catalogue', { label: report.catalogueLabel, version: report.catalogueVersion }),
  });
  const note = englishSourceNote(report.language);
  if (note) summary.addRow({ area: note });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvCell(value: string): string {
  return `"${safeText(value).replaceAll('"', '""')}"`;
}

/** One row per item, the same columns the import reads (extra columns are skipped on import). */
export function checklistCsv(report: ChecklistReport): string {
  const lines = [rowHeaders(report.language).map(csvCell).join(',')];
  for (const area of report.areas) {
    for (const item of area.items) {
      const row = itemRow(report, area, item);
      lines.push(ROW_COLUMNS.map((c) => csvCell(row[c.key])).join(','));
    }
  }
  // A byte-order mark so Excel opens UTF-8 text correctly.
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
