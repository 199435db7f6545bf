import {
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
import { STATUS_LABELS } from '@shared/checklist/types';
import type { ReaderDates } from '../../reports/reader-dates';
import type { ChecklistReport } from './report-data';

function summaryLine(s: ChecklistReport['summary']) {
  return (
    `${s.reviewed} of ${s.total} reviewed (${s.progressPercent}%) · ${s.compliant} compliant · ` +
    `${s.partial} partial · ${s.nonCompliant} non-compliant · ${s.notApplicable} not applicable · ` +
    `${s.pending} pending`
  );
}

function writeItem(doc: PDFKit.PDFDocument, dates: ReaderDates, item: ChecklistItemState) {
  const width = pdfContentWidth(doc);
  // Keep an item's heading with at least its question on the same page.
  keepOnPage(doc, 90);
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(`${item.number}   ${STATUS_LABELS[item.status]}`, {
      width,
    });
  doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(item.description, { width });
  writePdfField(doc, 'Reference', formatReference(item.reference));
  if (item.comments) writePdfField(doc, 'Comments', item.comments);
  if (item.findings) writePdfField(doc, 'Findings', item.findings);
  writePdfField(
    doc,
    'Evidence',
    item.evidence.length
      ? item.evidence
          .map(
            (e) =>
              `${e.name} (attached ${dates.stamp(e.linkedAt)}${e.linkedBy ? ` by ${e.linkedBy.name}` : ''})`,
          )
          .join('; ')
      : 'none attached',
  );
  if (item.updatedAt) {
    writePdfField(
      doc,
      'Last updated',
      `${dates.stamp(item.updatedAt)}${item.updatedBy ? ` by ${item.updatedBy.name}` : ''}`,
    );
  }
}

/** The whole checklist with responses, evidence and the generation time, as a PDF. */
export async function checklistPdf(report: ChecklistReport, anchor: LedgerAnchor): Promise<Buffer> {
  const { doc, finish } = await startPdf({
    info: {
      Title: `Part 142 Compliance Checklist — ${report.organizationName}`,
      Author: report.generatedBy,
      CreationDate: report.generatedAt,
    },
    footer: `${report.organizationName} · Part 142 Compliance Checklist · generated ${report.dates.stamp(report.generatedAt)}`,
  });

  writePdfTitle(doc, 'Part 142 Compliance Checklist', report.organizationName);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(`Generated ${report.dates.stamp(report.generatedAt)} by ${report.generatedBy}`);
  doc.text(`${report.catalogueLabel} (catalogue version ${report.catalogueVersion})`);
  doc.text(`Compliance: ${report.summary.compliancePercent ?? 0}% of items compliant`);
  doc.text(`Overall: ${summaryLine(report.summary)}`);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor(PDF_INK).text('Areas');
  doc.font('regular').fontSize(9);
  for (const area of report.areas) {
    doc.fillColor(PDF_INK).text(`${area.number}. ${area.name}`, { continued: true });
    doc.fillColor(PDF_MUTED).text(`  —  ${summaryLine(area.summary)}`);
  }

  for (const area of report.areas) {
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(PDF_INK).text(`Area ${area.number}: ${area.name}`);
    doc.font('regular').fontSize(9).fillColor(PDF_MUTED).text(summaryLine(area.summary));
    for (const item of area.items) writeItem(doc, report.dates, item);
  }
  writeLedgerAnchor(doc, anchor);
  return finish();
}
