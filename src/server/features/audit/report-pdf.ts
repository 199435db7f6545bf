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
import type { ReaderDates } from '../../reports/reader-dates';
import {
  overallCompliancePercent,
  type AuditRunDetail,
  type RequirementAnalysis,
} from '@shared/api/audit';
import type { Language } from '@shared/api/preferences';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { formatReference } from '@shared/checklist/references';
import { readerText, type Text } from '../../i18n/index';

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

/** `3 compliant · 1 partial · …` (or joined with `, `), each count as the language writes it. */
function statusCounts(
  t: Text,
  n: Record<'compliant' | 'partial' | 'nonCompliant' | 'insufficientData', number>,
  separator: string,
) {
  return [
    t('counts.compliant', { count: n.compliant }),
    t('counts.partial', { count: n.partial }),
    t('counts.nonCompliant', { count: n.nonCompliant }),
    t('counts.insufficientData', { count: n.insufficientData }),
  ].join(separator);
}

/**
 * The requirement, the reference and the analysis text stay as the checklist and the analysis
 * wrote them (English); the labels around them are the reader's.
 */
function writeItem(doc: PDFKit.PDFDocument, t: Text, a: RequirementAnalysis) {
  const width = pdfContentWidth(doc);
  keepOnPage(doc, 110);
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(`${a.checklistItemId}   `, { continued: true });
  doc.fillColor(STATUS_COLOURS[a.complianceStatus]).text(t(`statuses.${a.complianceStatus}`), {
    continued: true,
  });
  doc.fillColor(PDF_MUTED).text('  ·  ', { continued: true });
  doc.fillColor(RISK_COLOURS[a.riskLevel]).text(t(`risks.${a.riskLevel}`), { continued: true });
  doc
    .fillColor(PDF_MUTED)
    .text(`  ·  ${t('confidence', { percent: Math.round(a.confidenceScore * 100) })}`);
  doc.font('regular').fontSize(9.5).fillColor(PDF_INK).text(a.requirement, { width });
  writePdfField(doc, t('item.reference'), formatReference(a.reference));
  writePdfField(doc, t('item.analysis'), a.preliminaryResponse);
  if (a.recommendations.length) {
    writePdfField(doc, t('item.recommendations'), a.recommendations.join(' '));
  }
  if (a.requiredActions.length) {
    writePdfField(doc, t('item.requiredActions'), a.requiredActions.join(' '));
  }
  if (a.additionalDocumentsNeeded.length) {
    writePdfField(doc, t('item.additionalDocuments'), a.additionalDocumentsNeeded.join('; '));
  }
  writePdfField(doc, t('item.estimatedTime'), a.estimatedTimeToCompliance);
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
    /** Their language, for the headings and labels (the analysis text is English). */
    language?: Language;
    ledger: LedgerAnchor;
  },
): Promise<Buffer> {
  const result = run.result!;
  const language = context.language ?? 'en';
  const { t } = readerText(language, 'audit-report');
  const organization = context.organizationName;
  const completed = context.dates.stamp(result.completedAt);
  const { doc, finish } = await startPdf({
    info: {
      Title: t('documentTitle', { organization }),
      Author: context.generatedBy,
      CreationDate: context.generatedAt,
    },
    footer: t('footer', { organization, stamp: completed }),
    language,
  });

  const s = result.summary;
  const overall = overallCompliancePercent({ ...s, checklistItems: result.checklistItems });
  writePdfTitle(doc, t('title'), organization);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(t('run', { id: run.id, stamp: completed }));
  doc.text(
    t('exported', { stamp: context.dates.stamp(context.generatedAt), name: context.generatedBy }),
  );
  doc.text(
    t('reasoner', {
      reasoner: result.reasoner === 'built-in' ? t('builtInReasoner') : result.reasoner,
    }),
  );
  doc.text(
    t('scope', {
      requirements: t('requirements', { count: result.checklistItems }),
      documents: t('documents', { count: result.documentCount }),
      version: result.catalogueVersion,
    }),
  );
  const note = englishSourceNote(language);
  if (note) doc.text(`${note} ${t('englishAnalysis')}`);
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(PDF_INK)
    .text(t('overall', { percent: overall }));
  doc.font('regular').fontSize(9.5);
  doc.text(statusCounts(t, s, ' · '));
  doc.text(
    [
      t('issues.critical', { count: s.criticalIssues }),
      t('issues.highRisk', { count: s.highRiskIssues }),
    ].join(' · '),
  );
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).text(t('areas'));
  doc.font('regular').fontSize(9);
  for (const area of CHECKLIST_AREAS) {
    const list = result.analyses.filter((a) => a.areaId === area.id);
    const n = (status: RequirementAnalysis['complianceStatus']) =>
      list.filter((a) => a.complianceStatus === status).length;
    doc.fillColor(PDF_INK).text(`${area.number}. ${area.name}`, { continued: true });
    const counts = {
      compliant: n('COMPLIANT'),
      partial: n('PARTIAL'),
      nonCompliant: n('NON_COMPLIANT'),
      insufficientData: n('INSUFFICIENT_DATA'),
    };
    doc.fillColor(PDF_MUTED).text(`  —  ${statusCounts(t, counts, ', ')}`);
  }

  for (const area of CHECKLIST_AREAS) {
    const list = result.analyses.filter((a) => a.areaId === area.id);
    if (list.length === 0) continue;
    doc.addPage();
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(PDF_INK)
      .text(t('areaHeading', { number: area.number, name: area.name }));
    for (const a of list) writeItem(doc, t, a);
  }
  writeLedgerAnchor(doc, context.ledger, language);
  return finish();
}
