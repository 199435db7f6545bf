import { PDF_INK, PDF_MARGIN, PDF_MUTED, startPdf } from '../../reports/pdf';
import type { ChecklistItemState } from '@shared/api/checklist';
import { formatReference } from '@shared/checklist/references';
import { STATUS_LABELS } from '@shared/checklist/types';
import { utcStamp, type ChecklistReport } from './report-data';

const MARGIN = PDF_MARGIN;
const MUTED = PDF_MUTED;
const INK = PDF_INK;

function summaryLine(s: ChecklistReport['summary']) {
  return (
    `${s.reviewed} of ${s.total} reviewed (${s.progressPercent}%) · ${s.compliant} compliant · ` +
    `${s.partial} partial · ${s.nonCompliant} non-compliant · ${s.notApplicable} not applicable · ` +
    `${s.pending} pending`
  );
}

function writeItem(doc: PDFKit.PDFDocument, item: ChecklistItemState) {
  const width = doc.page.width - MARGIN * 2;
  // Keep an item's heading with at least its question on the same page.
  if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`${item.number}   ${STATUS_LABELS[item.status]}`, {
      width,
    });
  doc.font('regular').fontSize(9.5).fillColor(INK).text(item.description, { width });
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(8.5).fillColor(MUTED).text(`${label}: `, { continued: true, width });
    doc.font('regular').fillColor(INK).text(value, { width });
  };
  field('Reference', formatReference(item.reference));
  if (item.comments) field('Comments', item.comments);
  if (item.findings) field('Findings', item.findings);
  field(
    'Evidence',
    item.evidence.length
      ? item.evidence
          .map(
            (e) =>
              `${e.name} (attached ${utcStamp(new Date(e.linkedAt))}${e.linkedBy ? ` by ${e.linkedBy.name}` : ''})`,
          )
          .join('; ')
      : 'none attached',
  );
  if (item.updatedAt) {
    field(
      'Last updated',
      `${utcStamp(new Date(item.updatedAt))}${item.updatedBy ? ` by ${item.updatedBy.name}` : ''}`,
    );
  }
}

/** The whole checklist with responses, evidence and the generation time, as a PDF. */
export function checklistPdf(report: ChecklistReport): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Part 142 Compliance Checklist — ${report.organizationName}`,
    Author: report.generatedBy,
    CreationDate: report.generatedAt,
  });

  doc.font('bold').fontSize(18).fillColor(INK).text('Part 142 Compliance Checklist');
  doc.font('regular').fontSize(11).text(report.organizationName);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(MUTED);
  doc.text(`Generated ${utcStamp(report.generatedAt)} by ${report.generatedBy}`);
  doc.text(`${report.catalogueLabel} (catalogue version ${report.catalogueVersion})`);
  doc.text(`Compliance: ${report.summary.compliancePercent ?? 0}% of items compliant`);
  doc.text(`Overall: ${summaryLine(report.summary)}`);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor(INK).text('Areas');
  doc.font('regular').fontSize(9);
  for (const area of report.areas) {
    doc.fillColor(INK).text(`${area.number}. ${area.name}`, { continued: true });
    doc.fillColor(MUTED).text(`  —  ${summaryLine(area.summary)}`);
  }

  for (const area of report.areas) {
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(INK).text(`Area ${area.number}: ${area.name}`);
    doc.font('regular').fontSize(9).fillColor(MUTED).text(summaryLine(area.summary));
    for (const item of area.items) writeItem(doc, item);
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(
      `${report.organizationName} · Part 142 Compliance Checklist · generated ${utcStamp(report.generatedAt)} · page ${i + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN + 15,
      { width: doc.page.width - MARGIN * 2, align: 'center', lineBreak: false },
    );
  }
  doc.end();
  return done;
}
