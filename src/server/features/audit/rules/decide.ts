import {
  COMPLIANCE_STATUS_LABELS,
  type ComplianceStatus,
  type EvidenceQuote,
  type RequirementAnalysis,
  type RiskLevel,
} from '@shared/api/audit';
import { formatReference } from '@shared/checklist/references';
import type { CatalogueItem, ChecklistStatus } from '@shared/checklist/types';
import type { RecordCheckResult } from '../record-checks';
import type { RuleGroup } from './groups';
import { kindList, type CriterionEvidence } from './kinds';
import {
  foundSentence,
  missingSentence,
  neededDocuments,
  partlySentences,
  setAsideSentences,
  settleSentence,
} from './reasons';

/** Everything known about one checklist item when the rules run. */
export interface ItemEvidence {
  item: CatalogueItem;
  group: RuleGroup;
  /** Documents of the organization the analysis could read. */
  documentCount: number;
  response: { status: ChecklistStatus; comments: string; findings: string } | null;
  /** Documents attached to the item as evidence (any status). */
  attachedDocuments: { id: string; name: string }[];
  /**
   * Per criterion of the item: pages that satisfy it (from attached documents first), pages that
   * show it in part, and matching pages set aside because of their kind.
   */
  criteria: CriterionEvidence[];
  record: RecordCheckResult | null;
}

const LOWER: Record<RiskLevel, RiskLevel> = {
  CRITICAL: 'HIGH',
  HIGH: 'MEDIUM',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
};
const RAISED_TO_AT_LEAST_MEDIUM: Record<RiskLevel, RiskLevel> = {
  CRITICAL: 'CRITICAL',
  HIGH: 'HIGH',
  MEDIUM: 'HIGH',
  LOW: 'MEDIUM',
};

/**
 * Risk follows from the status and the group's severity (the risk of a confirmed breach):
 * a breach carries the severity (at least MEDIUM, and MEDIUM groups count as HIGH); a partial
 * or unknown state one step less; a met requirement LOW.
 */
export function riskFor(status: ComplianceStatus, severity: RiskLevel): RiskLevel {
  switch (status) {
    case 'COMPLIANT':
      return 'LOW';
    case 'NON_COMPLIANT':
      return RAISED_TO_AT_LEAST_MEDIUM[severity];
    case 'PARTIAL':
    case 'INSUFFICIENT_DATA':
      return LOWER[severity];
  }
}

export function quoteText(q: EvidenceQuote): string {
  return `“${q.excerpt}” (${q.documentName}, page ${q.page})`;
}

interface Verdict {
  status: ComplianceStatus;
  /** Why, in sentences; never empty. */
  reasons: string[];
  confidence: number;
}

const RESPONSE_WORDS: Record<ChecklistStatus, string> = {
  pending: 'pending',
  compliant: 'compliant',
  partial: 'partially compliant',
  'non-compliant': 'non-compliant',
  'not-applicable': 'not applicable',
};

function decide(e: ItemEvidence): Verdict {
  const satisfied = e.criteria.filter((c) => c.quotes.length > 0);
  const missing = e.criteria.filter((c) => c.quotes.length === 0);
  const partly = missing.filter((c) => (c.partial?.length ?? 0) > 0);
  const response = e.response?.status ?? 'pending';
  const recordsSuffice = e.group.recordsSuffice?.includes(e.item.number) ?? false;
  // For these items a clean record proves nothing; only a failure or an open one counts.
  const onlyAgainst = e.group.recordsOnlyAgainst?.includes(e.item.number) ?? false;
  const outcome = e.record?.outcome ?? 'none';
  const recordPass = outcome === 'pass' && !onlyAgainst;
  const recordPartial = outcome === 'partial';
  const recordFacts =
    outcome === 'none' || (outcome === 'pass' && onlyAgainst) ? [] : e.record!.facts;
  const sources =
    (satisfied.some((c) => c.quotes.some((q) => q.source === 'attached')) ? 1 : 0) +
    (satisfied.some((c) => c.quotes.some((q) => q.source === 'retrieval')) ? 1 : 0) +
    (recordFacts.length ? 1 : 0);
  const confidence = (base: number, agrees: boolean) =>
    Math.min(0.95, base + (agrees ? 0.15 : 0) + 0.1 * sources);
  const responseNote =
    response === 'compliant' || response === 'partial'
      ? [
          `The checklist response says ${RESPONSE_WORDS[response]}, but a response alone is not evidence.`,
        ]
      : [];

  if (e.documentCount === 0 && recordFacts.length === 0) {
    return {
      status: 'INSUFFICIENT_DATA',
      reasons: [
        'No processed documents of the organization are available, so nothing can be checked against this requirement.',
        ...(response !== 'pending' && response !== 'non-compliant'
          ? [
              `The checklist response says ${RESPONSE_WORDS[response]}, but a response alone is not evidence.`,
            ]
          : []),
        ...settleSentence(e.criteria),
      ],
      confidence: 0.2,
    };
  }
  if (response === 'non-compliant') {
    return {
      status: 'NON_COMPLIANT',
      reasons: [
        'The organization’s own checklist review records this item as non-compliant.',
        ...(e.response?.findings ? [`Findings: ${e.response.findings.trim()}`] : []),
      ],
      confidence: confidence(0.7, true),
    };
  }
  if (outcome === 'fail') {
    return {
      status: 'NON_COMPLIANT',
      reasons: ['The training records show the requirement not met.', ...recordFacts],
      confidence: confidence(0.65, false),
    };
  }
  if (response === 'not-applicable') {
    const why = e.response?.comments.trim();
    return why
      ? {
          status: 'COMPLIANT',
          reasons: [`The checklist response records this item as not applicable: ${why}.`],
          confidence: 0.7,
        }
      : {
          status: 'INSUFFICIENT_DATA',
          reasons: [
            'The checklist response records this item as not applicable without a stated reason; record why it does not apply, or provide the evidence.',
          ],
          confidence: 0.3,
        };
  }

  const allSatisfied = missing.length === 0 && satisfied.length > 0;
  const somethingFound = satisfied.length > 0 || partly.length > 0 || recordPass || recordPartial;
  const reasons = [...foundSentence(satisfied), ...partlySentences(partly), ...recordFacts];

  if ((allSatisfied || (recordPass && recordsSuffice)) && !recordPartial) {
    if (response === 'partial') {
      return {
        status: 'PARTIAL',
        reasons: [...reasons, 'The checklist response records the item as partially compliant.'],
        confidence: confidence(0.55, true),
      };
    }
    return {
      status: 'COMPLIANT',
      reasons: [
        ...reasons,
        response === 'compliant'
          ? 'The checklist response agrees (compliant).'
          : 'The checklist response is still pending; the evidence above supports compliance.',
      ],
      confidence: confidence(0.55, response === 'compliant'),
    };
  }
  if (somethingFound) {
    return {
      status: 'PARTIAL',
      reasons: [...reasons, ...missingSentence(missing), ...setAsideSentences(e.criteria)],
      confidence: confidence(0.5, response === 'partial'),
    };
  }
  const attached = e.attachedDocuments.map((d) => d.name).join(', ');
  return {
    status: 'INSUFFICIENT_DATA',
    reasons: [
      `No page of ${kindList([...new Set(e.criteria.flatMap((c) => c.criterion.kinds))])} among the organization’s ${e.documentCount} documents shows ${e.criteria.map((c) => c.criterion.shows).join(' or ')}.`,
      ...setAsideSentences(e.criteria),
      ...(attached && responseNote.length
        ? [
            `${attached} ${e.attachedDocuments.length === 1 ? 'is' : 'are'} attached as evidence, but no page of ${e.attachedDocuments.length === 1 ? 'it' : 'them'} that can count shows it.`,
          ]
        : []),
      ...responseNote,
      ...(e.group.whenAbsent ? [e.group.whenAbsent] : []),
      ...settleSentence(missing),
    ],
    confidence: 0.3,
  };
}

/** The built-in analysis of one item: rules over the evidence, with the reasons stated. */
export function analyzeItem(e: ItemEvidence): RequirementAnalysis {
  const verdict = decide(e);
  const { status } = verdict;
  const missing = e.criteria.filter((c) => c.quotes.length === 0);
  // The quotes that count, then those that show the item in part; set-aside pages are named in
  // the reasons only, never cited as evidence.
  const quotes = [
    ...e.criteria.flatMap((c) => c.quotes.slice(0, 2)),
    ...missing.flatMap((c) => (c.partial ?? []).slice(0, 1)),
  ];
  const evidence = dedupe(quotes).slice(0, 4);

  const text = [
    `${COMPLIANCE_STATUS_LABELS[status]}.`,
    ...verdict.reasons,
    ...(evidence.length ? [`Evidence: ${evidence.map(quoteText).join('; ')}.`] : []),
    `Requirement basis: ${formatReference(e.item.reference)}.`,
  ].join(' ');

  const additionalDocumentsNeeded = status === 'COMPLIANT' ? [] : neededDocuments(missing);
  const requiredActions: string[] = [];
  const recommendations: string[] = [];
  if (status === 'NON_COMPLIANT') {
    requiredActions.push(`${e.group.action} (${e.item.number}).`);
    if (e.response?.findings) requiredActions.push('Close the findings recorded on the checklist.');
  } else if (status === 'PARTIAL') {
    requiredActions.push(
      missing.length
        ? `Provide ${missing.map((c) => c.criterion.shows).join('; ')}.`
        : `${e.group.action} (${e.item.number}).`,
    );
  } else if (status === 'INSUFFICIENT_DATA') {
    requiredActions.push(
      e.documentCount === 0
        ? 'Upload the training center’s documents in Document Import and run the analysis again.'
        : `Upload and attach to item ${e.item.number} as evidence: ${neededDocuments(missing).join('; ')}.`,
    );
  }
  if (status === 'COMPLIANT' && e.attachedDocuments.length === 0 && evidence.length) {
    recommendations.push(
      `Attach ${evidence[0]!.documentName} to checklist item ${e.item.number} as evidence.`,
    );
  }
  if ((e.response?.status ?? 'pending') === 'pending' && status !== 'INSUFFICIENT_DATA') {
    recommendations.push(`Review item ${e.item.number} in the checklist and record its status.`);
  }
  recommendations.push(e.group.recommendation);

  return {
    checklistItemId: e.item.number,
    areaId: e.item.areaId,
    reference: e.item.reference,
    requirement: e.item.description,
    complianceStatus: status,
    riskLevel: riskFor(status, e.group.severity),
    confidenceScore: Math.round(verdict.confidence * 100) / 100,
    preliminaryResponse: text,
    recommendations,
    requiredActions,
    additionalDocumentsNeeded,
    estimatedTimeToCompliance:
      status === 'COMPLIANT'
        ? 'None: already compliant'
        : status === 'NON_COMPLIANT'
          ? e.group.time.nonCompliant
          : status === 'PARTIAL'
            ? e.group.time.partial
            : 'Unknown until the missing evidence is reviewed',
    evidence,
    ruleId: e.group.id,
    draftedBy: 'built-in',
  };
}

function dedupe(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const key = `${q.documentId}:${q.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
