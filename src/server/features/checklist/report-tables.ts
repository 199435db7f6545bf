import { itemRow, ROW_COLUMNS, type ChecklistReport } from './report-data';

// A cell that starts like a formula is shown as text, never evaluated (CSV/Excel injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const safeText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The checklist as an Excel workbook: Checklist (one row per item), Evidence and Summary sheets. */
export async function checklistXlsx(report: ChecklistReport): Promise<Buffer> {
  // Loaded on the first export, not at every start of the server.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centerline';
  workbook.created = report.generatedAt;

  const sheet = workbook.addWorksheet('Checklist', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ROW_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const area of report.areas) {
    for (const item of area.items) {
      const row = itemRow(report.dates, area, item);
      sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeText(v)])));
    }
  }
  // Item numbers such as 1-01 stay text, so a re-import does not meet Excel's dates.
  sheet.getColumn('itemNumber').numFmt = '@';
  for (const key of ['description', 'comments', 'findings'] as const) {
    sheet.getColumn(key).alignment = { wrapText: true, vertical: 'top' };
  }

  const evidence = workbook.addWorksheet('Evidence');
  evidence.columns = [
    { header: 'Item Number', key: 'itemNumber', width: 12 },
    { header: 'Document', key: 'name', width: 40 },
    { header: 'Document ID', key: 'documentId', width: 38 },
    { header: 'Type', key: 'mimeType', width: 20 },
    { header: 'Attached', key: 'linkedAt', width: 20 },
    { header: 'Attached By', key: 'linkedBy', width: 22 },
  ];
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

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Area', key: 'area', width: 50 },
    { header: 'Items', key: 'total', width: 8 },
    { header: 'Compliant', key: 'compliant', width: 11 },
    { header: 'Partial', key: 'partial', width: 9 },
    { header: 'Non-compliant', key: 'nonCompliant', width: 14 },
    { header: 'Not applicable', key: 'notApplicable', width: 15 },
    { header: 'Pending', key: 'pending', width: 9 },
    { header: 'Reviewed %', key: 'progressPercent', width: 11 },
  ];
  summary.getRow(1).font = { bold: true };
  for (const area of report.areas) {
    summary.addRow({ area: `${area.number}. ${area.name}`, ...area.summary });
  }
  summary.addRow({ area: 'All areas', ...report.summary }).font = { bold: true };
  summary.addRow({});
  summary.addRow({ area: `Organization: ${report.organizationName}` });
  summary.addRow({
    area: `Generated: ${report.dates.stamp(report.generatedAt)} by ${report.generatedBy}`,
  });
  summary.addRow({
    area: `${report.catalogueLabel} (catalogue version ${report.catalogueVersion})`,
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvCell(value: string): string {
  return `"${safeText(value).replaceAll('"', '""')}"`;
}

/** One row per item, the same columns the import reads (extra columns are skipped on import). */
export function checklistCsv(report: ChecklistReport): string {
  const lines = [ROW_COLUMNS.map((c) => csvCell(c.header)).join(',')];
  for (const area of report.areas) {
    for (const item of area.items) {
      const row = itemRow(report.dates, area, item);
      lines.push(ROW_COLUMNS.map((c) => csvCell(row[c.key])).join(','));
    }
  }
  // A byte-order mark so Excel opens UTF-8 text correctly.
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
