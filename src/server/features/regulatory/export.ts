import type { ReaderDates } from '../../reports/reader-dates';
import type { RegulatoryAlert } from '@shared/api/regulatory';
import {
  keepOnPage,
  pdfContentWidth,
  PDF_INK,
  PDF_MUTED,
  startPdf,
  writePdfField,
  writePdfTitle,
} from '../../reports/pdf';

/** The alerts report, as PDF (house style) and Excel. */

const FORMULA_START = /^[=+\-@\t\r]/;
const safeText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

export async function alertsPdf(
  alerts: RegulatoryAlert[],
  organizationName: string,
  generatedAt: Date,
  dates: ReaderDates,
): Promise<Buffer> {
  const { doc, finish } = await startPdf({
    info: { Title: 'Regulatory alerts', Subject: organizationName },
    footer: `Regulatory alerts · ${organizationName} · ${dates.stamp(generatedAt)}`,
  });
  writePdfTitle(doc, 'Regulatory alerts', organizationName);
  const open = alerts.filter((a) => !a.acknowledged).length;
  doc.moveDown(0.5);
  writePdfField(doc, 'Generated', dates.stamp(generatedAt));
  writePdfField(doc, 'Alerts', `${alerts.length} (${open} unacknowledged)`);
  if (alerts.length === 0) {
    doc.moveDown().font('regular').fontSize(11).fillColor(PDF_INK).text('No alerts found');
  }
  const width = pdfContentWidth(doc);
  for (const alert of alerts) {
    keepOnPage(doc, 120);
    doc.moveDown(0.8);
    doc.font('bold').fontSize(11).fillColor(PDF_INK).text(alert.title, { width });
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(PDF_MUTED)
      .text(
        `${alert.type} · ${alert.severity} · created ${dates.day(alert.createdAt)}${alert.dueDate ? ` · due ${dates.day(alert.dueDate)}` : ''}`,
        { width },
      );
    doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(alert.description, { width });
    if (alert.regulation) writePdfField(doc, 'Regulation', alert.regulation);
    if (alert.checklistItems.length)
      writePdfField(doc, 'Checklist items', alert.checklistItems.join(', '));
    if (alert.recordIds.length) writePdfField(doc, 'Records', String(alert.recordIds.length));
    for (const action of alert.actionItems) writePdfField(doc, 'Action', action);
    writePdfField(
      doc,
      'Acknowledged',
      alert.acknowledged
        ? `${alert.acknowledgedAt ? dates.stamp(alert.acknowledgedAt) : ''}${alert.acknowledgedBy ? ` by ${alert.acknowledgedBy.name}` : ' (closed by the data)'}`
        : 'no',
    );
  }
  return finish();
}

export async function alertsXlsx(alerts: RegulatoryAlert[], generatedAt: Date): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centerline';
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet('Alerts', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Created', key: 'createdAt', width: 22 },
    { header: 'Type', key: 'type', width: 20 },
    { header: 'Severity', key: 'severity', width: 10 },
    { header: 'Title', key: 'title', width: 50 },
    { header: 'Description', key: 'description', width: 80 },
    { header: 'Regulation', key: 'regulation', width: 22 },
    { header: 'Checklist Items', key: 'checklistItems', width: 20 },
    { header: 'Records', key: 'recordIds', width: 40 },
    { header: 'Actions', key: 'actionItems', width: 60 },
    { header: 'Due', key: 'dueDate', width: 12 },
    { header: 'Acknowledged At', key: 'acknowledgedAt', width: 22 },
    { header: 'Acknowledged By', key: 'acknowledgedBy', width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const a of alerts) {
    const row: Record<string, string> = {
      createdAt: a.createdAt,
      type: a.type,
      severity: a.severity,
      title: a.title,
      description: a.description,
      regulation: a.regulation ?? '',
      checklistItems: a.checklistItems.join(', '),
      recordIds: a.recordIds.join(', '),
      actionItems: a.actionItems.join('\n'),
      dueDate: a.dueDate ?? '',
      acknowledgedAt: a.acknowledgedAt ?? '',
      acknowledgedBy: a.acknowledgedBy?.name ?? '',
    };
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeText(v)])));
  }
  for (const key of ['description', 'actionItems'] as const) {
    sheet.getColumn(key).alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
