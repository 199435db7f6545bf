import type {
  ComplianceStatus,
  DocumentType,
  EvidenceQuote,
  RequirementAnalysis,
} from '@shared/api/audit';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import type { ChecklistStatus } from '@shared/checklist/types';
import type { AuditRunSummary } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { builtInReasoner, draftAll, type Reasoner } from '../../ai/reasoner';
import { checklistOf } from '../checklist/repository';
import { classifyDocument } from '../documents/service';
import { evidenceOf } from './evidence';
import { runRecordCheck, type RecordCheckResult } from './record-checks';
import { criterion, type EvidenceCriterion } from './rules/criteria';
import { analyzeItem } from './rules/decide';
import { criteriaOf, ruleGroupOf } from './rules/groups';
import { complianceReportText } from './report-text';

export type ProgressReporter = (phase: string, percent: number) => Promise<void>;

export interface AnalysisResult {
  catalogueVersion: number;
  checklistItems: number;
  documentCount: number;
  documentTypes: Partial<Record<DocumentType, number>>;
  analyses: RequirementAnalysis[];
  summary: AuditRunSummary;
  reasoner: string;
  complianceReport: string;
  timings: Record<string, number>;
}

export function summarize(analyses: RequirementAnalysis[]): AuditRunSummary {
  const count = (s: ComplianceStatus) => analyses.filter((a) => a.complianceStatus === s).length;
  return {
    compliant: count('COMPLIANT'),
    partial: count('PARTIAL'),
    nonCompliant: count('NON_COMPLIANT'),
    insufficientData: count('INSUFFICIENT_DATA'),
    criticalIssues: analyses.filter((a) => a.riskLevel === 'CRITICAL').length,
    highRiskIssues: analyses.filter((a) => a.riskLevel === 'HIGH').length,
  };
}

/**
 * The whole analysis of one organization: read documents, retrieve evidence per criterion,
 * check the training records, apply the rules to each of the catalogue's items, let the
 * reasoner write the text, and write the report. Reads only; the caller stores the result.
 */
export async function analyzeOrganization(
  db: DbOrTx,
  organizationId: string,
  options: {
    organizationName: string;
    reasoner?: Reasoner;
    signal?: AbortSignal;
    progress?: ProgressReporter;
  },
): Promise<AnalysisResult> {
  const progress = options.progress ?? (async () => undefined);
  const timings: Record<string, number> = {};
  let phaseStart = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - phaseStart);
    phaseStart = now;
    options.signal?.throwIfAborted();
  };
  const data = evidenceOf(db, organizationId);
  const checklist = checklistOf(db, organizationId);
  const items = CURRENT_CATALOGUE.items;

  await progress('Reading documents', 5);
  const documents = await data.documents();
  const documentTypes: Partial<Record<DocumentType, number>> = {};
  for (const doc of documents) {
    const { type } = classifyDocument({
      originalName: doc.originalName,
      text: doc.text,
      fieldNames: doc.fields.map((f) => f.fieldName),
    });
    documentTypes[type] = (documentTypes[type] ?? 0) + 1;
  }
  const [responses, attachments, events] = await Promise.all([
    checklist.responses(),
    checklist.evidence(),
    data.trainingEvents(),
  ]);
  lap('reading');

  await progress('Retrieving evidence', 20);
  const criteriaByItem = new Map<string, EvidenceCriterion[]>();
  for (const item of items) {
    const group = ruleGroupOf(item.number);
    if (!group) throw new Error(`Checklist item ${item.number} has no rule group`);
    criteriaByItem.set(item.number, criteriaOf(group, item.number).map(criterion));
  }
  const used = new Map<string, EvidenceCriterion>();
  for (const list of criteriaByItem.values()) for (const c of list) used.set(c.id, c);
  const itemsWithAttachments = new Set(attachments.map((a) => a.itemNumber));
  const noDocuments = documents.length === 0;
  const [retrieved, attached] = noDocuments
    ? [new Map<string, EvidenceQuote[]>(), new Map<string, EvidenceQuote[]>()]
    : await Promise.all([
        data.retrieve([...used.values()]),
        data.attachedMatches(
          items
            .filter((i) => itemsWithAttachments.has(i.number))
            .flatMap((i) =>
              criteriaByItem
                .get(i.number)!
                .map((c) => ({ item: i.number, criterion: c.id, query: c.query })),
            ),
        ),
      ]);
  lap('retrieval');

  await progress('Checking training records', 50);
  const recordResults = new Map<string, RecordCheckResult>();
  const recordCheck = (id: Parameters<typeof runRecordCheck>[0]) => {
    let result = recordResults.get(id);
    if (!result) {
      result = runRecordCheck(id, events);
      recordResults.set(id, result);
    }
    return result;
  };
  lap('records');

  await progress('Applying rules', 60);
  const responseOf = new Map(responses.map((r) => [r.itemNumber, r]));
  const analyses = items.map((item) => {
    const group = ruleGroupOf(item.number)!;
    const response = responseOf.get(item.number);
    const check = group.recordChecks?.[item.number];
    return analyzeItem({
      item,
      group,
      documentCount: documents.length,
      response: response
        ? {
            status: response.status as ChecklistStatus,
            comments: response.comments,
            findings: response.findings,
          }
        : null,
      attachedDocuments: attachments
        .filter((a) => a.itemNumber === item.number)
        .map((a) => ({ id: a.documentId, name: a.name })),
      criteria: criteriaByItem.get(item.number)!.map((c) => ({
        criterion: c,
        quotes: [...(attached.get(`${item.number}|${c.id}`) ?? []), ...(retrieved.get(c.id) ?? [])],
      })),
      record: check ? recordCheck(check) : null,
    });
  });
  lap('rules');

  const reasoner = options.reasoner ?? builtInReasoner;
  let reasonerLabel = 'built-in';
  if (reasoner !== builtInReasoner) {
    await progress(`Drafting responses with ${reasoner.name}`, 65);
    let reported = 0;
    const { outcomes, label } = await draftAll(
      reasoner,
      analyses.map((a) => ({
        itemNumber: a.checklistItemId,
        requirement: a.requirement,
        reference: a.reference,
        status: a.complianceStatus,
        risk: a.riskLevel,
        builtInText: a.preliminaryResponse,
        evidence: a.evidence,
      })),
      {
        signal: options.signal,
        onProgress: async (done) => {
          const percent = 65 + Math.floor((done / analyses.length) * 30);
          if (percent - reported >= 5) {
            reported = percent;
            await progress(`Drafting responses with ${reasoner.name}`, percent);
          }
        },
      },
    );
    outcomes.forEach((o, i) => {
      analyses[i]!.preliminaryResponse = o.text;
      analyses[i]!.draftedBy = o.draftedBy;
    });
    reasonerLabel = label;
    lap('drafting');
  }

  await progress('Writing report', 95);
  const summary = summarize(analyses);
  const complianceReport = complianceReportText({
    organizationName: options.organizationName,
    generatedAt: new Date(),
    catalogueLabel: CURRENT_CATALOGUE.label,
    documentCount: documents.length,
    documentTypes,
    trainingEventCount: events.length,
    reasoner: reasonerLabel,
    summary,
    analyses,
  });
  lap('report');

  return {
    catalogueVersion: CURRENT_CATALOGUE.version,
    checklistItems: items.length,
    documentCount: documents.length,
    documentTypes,
    analyses,
    summary,
    reasoner: reasonerLabel,
    complianceReport,
    timings,
  };
}
