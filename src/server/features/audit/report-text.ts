import {
  COMPLIANCE_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  overallCompliancePercent,
  RISK_LABELS,
  type DocumentType,
  type RequirementAnalysis,
} from '@shared/api/audit';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { formatReference } from '@shared/checklist/references';
import type { AuditRunSummary } from '../../db/schema';
import { utcStamp } from '../../reports/utc-stamp';
import { quoteText } from './rules/decide';

export interface ReportInput {
  organizationName: string;
  generatedAt: Date;
  catalogueLabel: string;
  documentCount: number;
  documentTypes: Partial<Record<DocumentType, number>>;
  trainingEventCount: number;
  reasoner: string;
  summary: AuditRunSummary;
  analyses: RequirementAnalysis[];
}

const RULE = '='.repeat(72);
const THIN = '-'.repeat(72);

function itemBlock(a: RequirementAnalysis): string[] {
  const lines = [
    `${a.checklistItemId}  ${COMPLIANCE_STATUS_LABELS[a.complianceStatus]} · ${RISK_LABELS[a.riskLevel]} risk · confidence ${Math.round(a.confidenceScore * 100)}%`,
    `    ${a.requirement}`,
    `    Reference: ${formatReference(a.reference)}`,
    `    Analysis: ${a.preliminaryResponse}`,
  ];
  if (a.requiredActions.length) lines.push(`    Required actions: ${a.requiredActions.join(' ')}`);
  if (a.additionalDocumentsNeeded.length) {
    lines.push(`    Documents needed: ${a.additionalDocumentsNeeded.join('; ')}`);
  }
  lines.push(`    Estimated time to compliance: ${a.estimatedTimeToCompliance}`);
  return lines;
}

/** The Compliance Report tab's preformatted text (and the body of the PDF's summary). */
export function complianceReportText(input: ReportInput): string {
  const { summary, analyses } = input;
  const overall = overallCompliancePercent({ ...summary, checklistItems: analyses.length });
  const types = Object.entries(input.documentTypes)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${DOCUMENT_TYPE_LABELS[type as DocumentType]}: ${n}`)
    .join(', ');
  const out: string[] = [
    RULE,
    'PART 142 COMPLIANCE ANALYSIS REPORT',
    RULE,
    `Organization:     ${input.organizationName}`,
    `Generated:        ${utcStamp(input.generatedAt)}`,
    `Checklist:        ${input.catalogueLabel} (${analyses.length} requirements)`,
    `Documents read:   ${input.documentCount}${types ? ` (${types})` : ''}`,
    `Training records: ${input.trainingEventCount}`,
    `Reasoner:         ${input.reasoner}`,
    '',
    'SUMMARY',
    THIN,
    `Overall compliance (compliant + partial): ${overall}%`,
    `Compliant:          ${summary.compliant}`,
    `Partial:            ${summary.partial}`,
    `Non-compliant:      ${summary.nonCompliant}`,
    `Insufficient data:  ${summary.insufficientData}`,
    `Critical issues:    ${summary.criticalIssues}`,
    `High-risk issues:   ${summary.highRiskIssues}`,
    '',
    'BY AREA',
    THIN,
  ];
  for (const area of CHECKLIST_AREAS) {
    const inArea = analyses.filter((a) => a.areaId === area.id);
    if (inArea.length === 0) continue;
    const n = (s: RequirementAnalysis['complianceStatus']) =>
      inArea.filter((a) => a.complianceStatus === s).length;
    out.push(
      `${String(area.number).padStart(2)}. ${area.name.padEnd(52)} ${n('COMPLIANT')} compliant, ${n('PARTIAL')} partial, ${n('NON_COMPLIANT')} non-compliant, ${n('INSUFFICIENT_DATA')} insufficient`,
    );
  }

  const critical = analyses.filter((a) => a.riskLevel === 'CRITICAL');
  const nonCompliant = analyses.filter(
    (a) => a.complianceStatus === 'NON_COMPLIANT' && a.riskLevel !== 'CRITICAL',
  );
  const partial = analyses.filter((a) => a.complianceStatus === 'PARTIAL');
  const sections: [string, RequirementAnalysis[]][] = [
    ['CRITICAL ISSUES', critical],
    ['OTHER NON-COMPLIANT REQUIREMENTS', nonCompliant],
    ['PARTIALLY COMPLIANT REQUIREMENTS', partial],
  ];
  for (const [title, list] of sections) {
    out.push('', `${title} (${list.length})`, THIN);
    if (list.length === 0) out.push('None.');
    for (const a of list) out.push(...itemBlock(a), '');
  }

  const compliant = analyses.filter((a) => a.complianceStatus === 'COMPLIANT');
  out.push('', `COMPLIANT REQUIREMENTS (${compliant.length})`, THIN);
  if (compliant.length === 0) out.push('None.');
  for (const a of compliant) {
    const quote = a.evidence[0];
    out.push(`${a.checklistItemId}  ${quote ? quoteText(quote) : a.preliminaryResponse}`);
  }

  const insufficient = analyses.filter((a) => a.complianceStatus === 'INSUFFICIENT_DATA');
  out.push('', `REQUIREMENTS WITHOUT SUFFICIENT DATA (${insufficient.length})`, THIN);
  if (insufficient.length === 0) out.push('None.');
  const needed = new Map<string, string[]>();
  for (const a of insufficient) {
    for (const doc of a.additionalDocumentsNeeded) {
      needed.set(doc, [...(needed.get(doc) ?? []), a.checklistItemId]);
    }
  }
  if (insufficient.length) {
    out.push(`Items: ${insufficient.map((a) => a.checklistItemId).join(', ')}`);
    if (needed.size) {
      out.push('', 'Documents that would let these items be assessed:');
      for (const [doc, items] of [...needed].sort((a, b) => b[1].length - a[1].length)) {
        out.push(`  - ${doc} (items ${items.join(', ')})`);
      }
    }
  }
  out.push(
    '',
    RULE,
    'Statuses and risk levels come from stated rules over the organization’s documents,',
    'checklist responses and training records; each analysis quotes the evidence it used.',
    'This is a preliminary assessment to prepare an inspection, not an FAA finding.',
    RULE,
  );
  return out.join('\n');
}
