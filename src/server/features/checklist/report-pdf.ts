import {
  englishSourceNote,
  keepOnPage,
  PDF_INK,
  PDF_MUTED,
  pdfContentWidth,
  startPdf,
  writePdfField,
  writeLedgerAnchor,
  writePdfTitle,
  type LedgerAnchor,
} from '../../reports/pdf';
import type { ChecklistItemState } from '@shared/api/checklist';
import { formatReference } from '@shared/checklist/references';
import { readerText, type Text } from '../../i18n/index';
import type { ReaderDates } from '../../reports/reader-dates';
import type { ChecklistReport } from './report-data';

function summaryLine(t: Text, s: ChecklistReport['summary']) {
  return [
    t('summary.reviewed', { count: s.reviewed, total: s.total, percent: s.progressPercent }),
    t('summary.compliant', { count: s.compliant }),
    t('summary.partial', { count: s.partial }),
    t('summary.nonCompliant', { count: s.nonCompliant }),
    t('summary.notApplicable', { count: s.notApplicable }),
    t('summary.pending', { count: s.pending }),
  ].join(' · ');
}

function writeItem(doc: PDFKit.PDFDocument, t: Text, dates: ReaderDates, item: ChecklistItemState) {
  const width = pdfContentWidth(doc);
  // Keep an item's heading with at least its question on the same page.
  keepOnPage(doc, 90);
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(`${item.number}   ${t(`statuses.${item.status}`)}`, {
      width,
    });
  doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(item.description, { width });
  writePdfField(doc, t('item.reference'), formatReference(item.reference));
  if (item.comments) writePdfField(doc, t('item.comments'), item.comments);
  if (item.findings) writePdfField(doc, t('item.findings'), item.findings);
  writePdfField(
    doc,
    t('item.evidence'),
    item.evidence.length
      ? item.evidence
          .map((e) =>
            e.linkedBy
              ? t('item.attachedBy', {
                  name: e.name,
                  stamp: dates.stamp(e.linkedAt),
                  by: e.linkedBy.name,
                })
              : t('item.attached', { name: e.name, stamp: dates.stamp(e.linkedAt) }),
          )
          .join('; ')
      : t('item.noEvidence'),
  );
  if (item.updatedAt) {
    const stamp = dates.stamp(item.updatedAt);
    writePdfField(
      doc,
      t('item.lastUpdated'),
      item.updatedBy ? t('item.updatedBy', { stamp, name: item.updatedBy.name }) : stamp,
    );
  }
}

/** The whole checklist with responses, evidence and the generation time, as a PDF. */
export async function checklistPdf(report: ChecklistReport, anchor: LedgerAnchor): Promise<Buffer> {
  const { language } = report;
  const { t } = readerText(language, 'checklist-report');
  const organization = report.organizationName;
  const generated = report.dates.stamp(report.generatedAt);
  const { doc, finish } = await startPdf({
    info: {
      Title: t('documentTitle', { organization }),
      Author: report.generatedBy,
      CreationDate: report.generatedAt,
    },
    footer: t('footer', { organization, stamp: generated }),
    language,
  });

  writePdfTitle(doc, t('title'), organization);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(t('generated', { stamp: generated, name: report.generatedBy }));
  doc.text(t('catalogue', { label: report.catalogueLabel, version: report.catalogueVersion }));
  doc.text(t('compliance', { percent: report.summary.compliancePercent ?? 0 }));
  doc.text(t('overall', { summary: summaryLine(t, report.summary) }));
  const note = englishSourceNote(language);
  if (note) doc.text(note);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor(PDF_INK).text(t('areas'));
  doc.font('regular').fontSize(9);
  for (const area of report.areas) {
    doc.fillColor(PDF_INK).text(`${area.number}. ${area.name}`, { continued: true });
    doc.fillColor(PDF_MUTED).text(`  —  ${summaryLine(t, area.summary)}`);
  }

  for (const area of report.areas) {
    doc.addPage();
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(PDF_INK)
      .text(t('areaHeading', { number: area.number, name: area.name }));
    doc.font('regular').fontSize(9).fillColor(PDF_MUTED).text(summaryLine(t, area.summary));
    for (const item of area.items) writeItem(doc, t, report.dates, item);
  }
  writeLedgerAnchor(doc, anchor, language);
  return finish();
}
