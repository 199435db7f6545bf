import { safeText } from '../../reports/cells';
import type { ReaderDates } from '../../reports/reader-dates';
import type { Language } from '@shared/api/preferences';
import type { RegulatoryAlert } from '@shared/api/regulatory';
import { readerText } from '../../i18n/index';
import {
  englishSourceNote,
  keepOnPage,
  pdfContentWidth,
  PDF_INK,
  PDF_MUTED,
  startPdf,
  writePdfField,
  writePdfTitle,
} from '../../reports/pdf';

/**
 * The alerts report, as PDF (house style) and Excel, with its headings and labels in the reader's
 * language; an alert's title, description and actions stay as recorded.
 */

export async function alertsPdf(
  alerts: RegulatoryAlert[],
  organizationName: string,
  generatedAt: Date,
  dates: ReaderDates,
  language: Language = 'en',
): Promise<Buffer> {
  const { t, number } = readerText(language, 'regulatory-export');
  const { doc, finish } = await startPdf({
    info: { Title: t('title'), Subject: organizationName },
    footer: t('footer', { organization: organizationName, stamp: dates.stamp(generatedAt) }),
    language,
  });
  writePdfTitle(doc, t('title'), organizationName);
  const open = alerts.filter((a) => !a.acknowledged).length;
  doc.moveDown(0.5);
  writePdfField(doc, t('generated'), dates.stamp(generatedAt));
  writePdfField(doc, t('alerts'), t('alertsValue', { total: alerts.length, count: open }));
  const note = englishSourceNote(language);
  if (note) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(PDF_MUTED)
      .text(`${note} ${t('englishNote')}`, { width: pdfContentWidth(doc) });
  }
  if (alerts.length === 0) {
    doc.moveDown().font('regular').fontSize(11).fillColor(PDF_INK).text(t('none'));
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
        t(alert.dueDate ? 'metaDue' : 'meta', {
          type: t(`types.${alert.type}`),
          severity: t(`severities.${alert.severity}`),
          created: dates.day(alert.createdAt),
          due: alert.dueDate ? dates.day(alert.dueDate) : '',
        }),
        { width },
      );
    doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(alert.description, { width });
    if (alert.regulation) writePdfField(doc, t('fields.regulation'), alert.regulation);
    if (alert.checklistItems.length)
      writePdfField(doc, t('fields.checklistItems'), alert.checklistItems.join(', '));
    if (alert.recordIds.length) {
      writePdfField(doc, t('fields.records'), number(alert.recordIds.length));
    }
    for (const action of alert.actionItems) writePdfField(doc, t('fields.action'), action);
    const stamp = alert.acknowledgedAt ? dates.stamp(alert.acknowledgedAt) : '';
    writePdfField(
      doc,
      t('fields.acknowledged'),
      alert.acknowledged
        ? alert.acknowledgedBy
          ? t('fields.acknowledgedBy', { stamp, name: alert.acknowledgedBy.name })
          : t('fields.closedByData', { stamp })
        : t('fields.no'),
    );
  }
  return finish();
}

const XLSX_COLUMNS = [
  ['createdAt', 22],
  ['type', 20],
  ['severity', 10],
  ['title', 50],
  ['description', 80],
  ['regulation', 22],
  ['checklistItems', 20],
  ['recordIds', 40],
  ['actionItems', 60],
  ['dueDate', 12],
  ['acknowledgedAt', 22],
  ['acknowledgedBy', 22],
] as const;

export async function alertsXlsx(
  alerts: RegulatoryAlert[],
  generatedAt: Date,
  language: Language = 'en',
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const { t } = readerText(language, 'regulatory-export');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centerline';
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet(t('sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = XLSX_COLUMNS.map(([key, width]) => ({
    header: t(`columns.${key}`),
    key,
    width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const a of alerts) {
    const row: Record<string, string> = {
      createdAt: a.createdAt,
      type: t(`types.${a.type}`),
      severity: t(`severities.${a.severity}`),
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
