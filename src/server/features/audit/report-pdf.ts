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
import type { ReaderDates } from '../../reports/reader-dates';
import {
  COMPLIANCE_STATUS_LABELS,
  overallCompliancePercent,
  RISK_LABELS,
  type AuditRunDetail,
  type RequirementAnalysis,
} from '@shared/api/audit';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { formatReference } from '@shared/checklist/references';

/** Spec §4 colours: status and risk words are printed in them. */
const STATUS_COLOURS: Record<RequirementAnalysis['complianceStatus'], string> = {
  COMPLIANT: '#15803d',
  PARTIAL: '#a16207',
  NON_COMPLIANT: '#b91c1c',
  INSUFFICIENT_DATA: '#64748b',
};
const RISK_COLOURS: Record<RequirementAnalysis['riskLevel'], string> = {
  CRITICAL: '#b91c1c',
  HIGH: '#c2410c',
  MEDIUM: '#a16207',
  LOW: '#15803d',
};

function writeItem(doc: PDFKit.PDFDocument, a: RequirementAnalysis) {
  const width = pdfContentWidth(doc);
  keepOnPage(doc, 110);
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(`${a.checklistItemId}   `, { continued: true });
  doc
    .fillColor(STATUS_COLOURS[a.complianceStatus])
    .text(COMPLIANCE_STATUS_LABELS[a.complianceStatus], {
      continued: true,
    });
  doc.fillColor(PDF_MUTED).text('  ·  ', { continued: true });
  doc
    .fillColor(RISK_COLOURS[a.riskLevel])
    .text(`${RISK_LABELS[a.riskLevel]} risk`, { continued: true });
  doc.fillColor(PDF_MUTED).text(`  ·  confidence ${Math.round(a.confidenceScore * 100)}%`);
  doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(a.requirement, { width });
  writePdfField(doc, 'Reference', formatReference(a.reference));
  writePdfField(doc, 'Analysis', a.preliminaryResponse);
  if (a.recommendations.length) {
    writePdfField(doc, 'Recommendations', a.recommendations.join(' '));
  }
  if (a.requiredActions.length) {
    writePdfField(doc, 'Required actions', a.requiredActions.join(' '));
  }
  if (a.additionalDocumentsNeeded.length) {
    writePdfField(doc, 'Additional documents needed', a.additionalDocumentsNeeded.join('; '));
  }
  writePdfField(doc, 'Estimated time to compliance', a.estimatedTimeToCompliance);
}

/** The stored result of a run as a PDF: summary first, then every requirement by area. */
export async function auditRunPdf(
  run: AuditRunDetail,
  context: {
    organizationName: string;
    generatedBy: string;
    generatedAt: Date;
    /** Dates in the timezone and format of the person who exports. */
    dates: ReaderDates;
    ledger: LedgerAnchor;
  },
): Promise<Buffer> {
  const result = run.result!;
  const { doc, finish } = await startPdf({
    info: {
      Title: `Compliance Analysis Report — ${context.organizationName}`,
      Author: context.generatedBy,
      CreationDate: context.generatedAt,
    },
    footer: `${context.organizationName} · Compliance Analysis Report · run completed ${context.dates.stamp(result.completedAt)}`,
  });

  const s = result.summary;
  const overall = overallCompliancePercent({ ...s, checklistItems: result.checklistItems });
  writePdfTitle(doc, 'Compliance Analysis Report', context.organizationName);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(`Analysis run ${run.id} completed ${context.dates.stamp(result.completedAt)}`);
  doc.text(`Exported ${context.dates.stamp(context.generatedAt)} by ${context.generatedBy}`);
  doc.text(`Reasoner: ${result.reasoner}`);
  doc.text(
    `${result.checklistItems} requirements across ${result.documentCount} documents (catalogue version ${result.catalogueVersion})`,
  );
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor(PDF_INK).text(`Overall compliance: ${overall}%`);
  doc.font('regular').fontSize(9.5);
  doc.text(
    `${s.compliant} compliant · ${s.partial} partial · ${s.nonCompliant} non-compliant · ${s.insufficientData} insufficient data`,
  );
  doc.text(`${s.criticalIssues} critical issues · ${s.highRiskIssues} high-risk issues`);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).text('Areas');
  doc.font('regular').fontSize(9);
  for (const area of CHECKLIST_AREAS) {
    const list = result.analyses.filter((a) => a.areaId === area.id);
    const n = (status: RequirementAnalysis['complianceStatus']) =>
      list.filter((a) => a.complianceStatus === status).length;
    doc.fillColor(PDF_INK).text(`${area.number}. ${area.name}`, { continued: true });
    doc
      .fillColor(PDF_MUTED)
      .text(
        `  —  ${n('COMPLIANT')} compliant, ${n('PARTIAL')} partial, ${n('NON_COMPLIANT')} non-compliant, ${n('INSUFFICIENT_DATA')} insufficient data`,
      );
  }

  for (const area of CHECKLIST_AREAS) {
    const list = result.analyses.filter((a) => a.areaId === area.id);
    if (list.length === 0) continue;
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(PDF_INK).text(`Area ${area.number}: ${area.name}`);
    for (const a of list) writeItem(doc, a);
  }
  writeLedgerAnchor(doc, context.ledger);
  return finish();
}
