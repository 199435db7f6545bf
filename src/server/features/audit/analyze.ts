import type { ComplianceStatus, DocumentType, RequirementAnalysis } from '@shared/api/audit';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import type { ChecklistStatus } from '@shared/checklist/types';
import type { AuditRunSummary } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { builtInReasoner, draftAll, type Reasoner } from '../../ai/reasoner';
import { checklistOf } from '../checklist/repository';
import { filesForAudit } from '../instructors/service';
import { classifyDocument, documentStanding } from '../documents/service';
import { admissibleWords, coverStaff, staffOnRecord, staffRoleOf } from './coverage';
import { evidenceOf, type PageMatch, type StoredDocument } from './evidence';
import {
  runRecordCheck,
  type CompletionDocument,
  type EventFacts,
  type RecordCheckResult,
} from './record-checks';
import { criterion, type EvidenceCriterion } from './rules/criteria';
import {
  MIN_KIND_CONFIDENCE,
  everyPersonOf,
  partlyBecause,
  standingOf,
  type CriterionEvidence,
  type DocumentClass,
  type Standing,
} from './rules/kinds';
import { analyzeItem } from './rules/decide';
import { criteriaOf, ruleGroupOf } from './rules/groups';
import { complianceReportText } from './report-text';
import { staffFileCheck } from './staff-files';

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
    /** Analyse only these items (the evaluation runner); all of the catalogue by default. */
    onlyItems?: readonly string[];
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
  const only = options.onlyItems ? new Set(options.onlyItems) : null;
  const items = CURRENT_CATALOGUE.items.filter((i) => !only || only.has(i.number));

  await progress('Reading documents', 5);
  const documents = await data.documents();
  const documentTypes: Partial<Record<DocumentType, number>> = {};
  // Classified here for now; once the documents feature stores the kind when it reads a file,
  // this reads the stored kind instead.
  const classes = new Map<string, DocumentClass>();
  for (const doc of documents) {
    const readable = {
      originalName: doc.originalName,
      text: doc.text,
      fieldNames: doc.fields.map((f) => f.fieldName),
    };
    const { type, confidence, strongTypes } = classifyDocument(readable);
    const { provisional, person, promotional, adverse, breach } = documentStanding(readable);
    classes.set(doc.id, {
      kind: type,
      confidence,
      strongKinds: strongTypes,
      provisional: provisional?.reason ?? null,
      person: person?.name ?? null,
      promotional,
      adverse,
      breach,
    });
    documentTypes[type] = (documentTypes[type] ?? 0) + 1;
  }
  const [responses, attachments, events, instructorFiles] = await Promise.all([
    checklist.responses(),
    checklist.evidence(),
    data.trainingEvents(),
    filesForAudit(db, organizationId),
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
    ? [new Map<string, PageMatch[]>(), new Map<string, PageMatch[]>()]
    : await Promise.all([
        data.retrieve([...used.values()], classes),
        data.attachedMatches(
          items
            .filter((i) => itemsWithAttachments.has(i.number))
            .flatMap((i) =>
              criteriaByItem.get(i.number)!.map((c) => ({ item: i.number, criterion: c })),
            ),
          classes,
        ),
      ]);
  lap('retrieval');

  await progress('Checking training records', 50);
  const context = { completions: completionDocuments(documents, classes, events) };
  const recordResults = new Map<string, RecordCheckResult>();
  const recordCheck = (id: Parameters<typeof runRecordCheck>[0]) => {
    let result = recordResults.get(id);
    if (!result) {
      result = runRecordCheck(id, events, context);
      recordResults.set(id, result);
    }
    return result;
  };
  lap('records');

  await progress('Applying rules', 60);
  const responseOf = new Map(responses.map((r) => [r.itemNumber, r]));
  const wordsOf = admissibleWords(documents, classes);
  const staff = {
    instructor: staffOnRecord(events, 'instructor'),
    evaluator: staffOnRecord(events, 'evaluator'),
  };
  const analyses = items.map((item) => {
    const group = ruleGroupOf(item.number)!;
    const response = responseOf.get(item.number);
    const check = group.recordChecks?.[item.number];
    const fileCheck = group.fileChecks?.[item.number];
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
      criteria: criteriaByItem.get(item.number)!.map((c) => {
        const everyPerson = everyPersonOf(item.description);
        const found = sortedEvidence(
          c,
          [...(attached.get(`${item.number}|${c.id}`) ?? []), ...(retrieved.get(c.id) ?? [])],
          classes,
          everyPerson,
        );
        const role = staffRoleOf(everyPerson);
        return role ? coverStaff(found, role, staff[role], wordsOf) : found;
      }),
      record: check
        ? recordCheck(check)
        : fileCheck
          ? staffFileCheck(fileCheck, instructorFiles, events)
          : null,
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

/**
 * The pages of one criterion sorted by where they stand against its evidence standard. The query
 * ranked them by the same rule to keep the best of each; standingOf decides.
 */
function sortedEvidence(
  criterion: EvidenceCriterion,
  matches: PageMatch[],
  classes: ReadonlyMap<string, DocumentClass>,
  everyPerson: string | null,
): CriterionEvidence {
  const sorted = matches.map((m) => {
    const document = classes.get(m.quote.documentId);
    return { ...m, document, standing: standingOf(criterion, document, everyPerson) };
  });
  const of = (standing: Standing) => sorted.filter((m) => m.standing === standing);
  const firstPartial = of('partial')[0];
  return {
    criterion,
    quotes: of('full').map((m) => m.quote),
    partial: of('partial').map((m) => m.quote),
    partialBecause: firstPartial && partlyBecause(criterion, firstPartial.document, everyPerson),
    setAside: of('aside').map((m) => ({ quote: m.quote, document: m.document, terms: m.terms })),
  };
}

const COMPLETION_WORDS = /complet|graduat/i;

/**
 * Certificates that say a trainee of the records completed or graduated: shown beside an
 * unsatisfactory check with no passed retest, they are evidence against the graduation items.
 */
function completionDocuments(
  documents: StoredDocument[],
  classes: ReadonlyMap<string, DocumentClass>,
  events: EventFacts[],
): CompletionDocument[] {
  const trainees = [...new Set(events.map((e) => e.studentName.trim()).filter(Boolean))];
  return documents.flatMap((doc) => {
    const kind = classes.get(doc.id);
    const certificate = kind?.kind === 'certificate' && kind.confidence >= MIN_KIND_CONFIDENCE;
    if (!certificate || !COMPLETION_WORDS.test(doc.text)) return [];
    const text = doc.text.toLowerCase();
    return trainees
      .filter((name) => text.includes(name.toLowerCase()))
      .map((studentName) => ({ studentName, documentName: doc.originalName }));
  });
}
