import { PDF_INK, PDF_MARGIN, PDF_MUTED, startPdf } from '../../reports/pdf';
import {
  COMPLIANCE_STATUS_LABELS,
  overallCompliancePercent,
  RISK_LABELS,
  type AuditRunDetail,
  type RequirementAnalysis,
} from '@shared/api/audit';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { formatReference } from '@shared/checklist/references';

const MARGIN = PDF_MARGIN;
const MUTED = PDF_MUTED;
const INK = PDF_INK;
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

function utc(iso: string) {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

function writeItem(doc: PDFKit.PDFDocument, a: RequirementAnalysis) {
  const width = doc.page.width - MARGIN * 2;
  if (doc.y > doc.page.height - MARGIN - 110) doc.addPage();
  doc.moveDown(0.6);
  doc.font('bold').fontSize(10).fillColor(INK).text(`${a.checklistItemId}   `, { continued: true });
  doc
    .fillColor(STATUS_COLOURS[a.complianceStatus])
    .text(COMPLIANCE_STATUS_LABELS[a.complianceStatus], {
      continued: true,
    });
  doc.fillColor(MUTED).text('  ·  ', { continued: true });
  doc
    .fillColor(RISK_COLOURS[a.riskLevel])
    .text(`${RISK_LABELS[a.riskLevel]} risk`, { continued: true });
  doc.fillColor(MUTED).text(`  ·  confidence ${Math.round(a.confidenceScore * 100)}%`);
  doc.font('regular').fontSize(9.5).fillColor(INK).text(a.requirement, { width });
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(8.5).fillColor(MUTED).text(`${label}: `, { continued: true, width });
    doc.font('regular').fillColor(INK).text(value, { width });
  };
  field('Reference', formatReference(a.reference));
  field('Analysis', a.preliminaryResponse);
  if (a.recommendations.length) field('Recommendations', a.recommendations.join(' '));
  if (a.requiredActions.length) field('Required actions', a.requiredActions.join(' '));
  if (a.additionalDocumentsNeeded.length) {
    field('Additional documents needed', a.additionalDocumentsNeeded.join('; '));
  }
  field('Estimated time to compliance', a.estimatedTimeToCompliance);
}

/** The stored result of a run as a PDF: summary first, then every requirement by area. */
export function auditRunPdf(
  run: AuditRunDetail,
  context: { organizationName: string; generatedBy: string; generatedAt: Date },
): Promise<Buffer> {
  const result = run.result!;
  const { doc, done } = startPdf({
    Title: `Compliance Analysis Report — ${context.organizationName}`,
    Author: context.generatedBy,
    CreationDate: context.generatedAt,
  });

  const s = result.summary;
  const overall = overallCompliancePercent({ ...s, checklistItems: result.checklistItems });
  doc.font('bold').fontSize(18).fillColor(INK).text('Compliance Analysis Report');
  doc.font('regular').fontSize(11).text(context.organizationName);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(MUTED);
  doc.text(`Analysis run ${run.id} completed ${utc(result.completedAt)}`);
  doc.text(`Exported ${utc(context.generatedAt.toISOString())} by ${context.generatedBy}`);
  doc.text(`Reasoner: ${result.reasoner}`);
  doc.text(
    `${result.checklistItems} requirements across ${result.documentCount} documents (catalogue version ${result.catalogueVersion})`,
  );
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor(INK).text(`Overall compliance: ${overall}%`);
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
    doc.fillColor(INK).text(`${area.number}. ${area.name}`, { continued: true });
    doc
      .fillColor(MUTED)
      .text(
        `  —  ${n('COMPLIANT')} compliant, ${n('PARTIAL')} partial, ${n('NON_COMPLIANT')} non-compliant, ${n('INSUFFICIENT_DATA')} insufficient data`,
      );
  }

  for (const area of CHECKLIST_AREAS) {
    const list = result.analyses.filter((a) => a.areaId === area.id);
    if (list.length === 0) continue;
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(INK).text(`Area ${area.number}: ${area.name}`);
    for (const a of list) writeItem(doc, a);
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(
      `${context.organizationName} · Compliance Analysis Report · run completed ${utc(result.completedAt)} · page ${i + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN + 15,
      { width: doc.page.width - MARGIN * 2, align: 'center', lineBreak: false },
    );
  }
  doc.end();
  return done;
}
