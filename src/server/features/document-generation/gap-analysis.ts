import {
  GENERATION_PRIORITIES,
  type GenerationPriority,
  type RequirementResult,
} from '@shared/api/document-generation';
import { REQUIREMENTS, type Requirement } from './requirements';

/**
 * The gap analysis: which required documents the organization holds, from what is stored (names,
 * page text and extracted fields read when the document was processed — never read again here),
 * its checklist answers and the drafts it approved. Pure: the service gathers the inputs.
 *
 * Rules:
 * 1. A requirement is present when an uploaded document is recognised as it (its name or title
 *    block matches, see requirements.ts), when a generated draft of it was approved, or when one
 *    of its checklist items is answered compliant with evidence attached.
 * 2. A requirement whose checklist items are all answered not applicable is not needed.
 * 3. Priority starts at the requirement's base priority and rises one level (at most to
 *    CRITICAL) when any of its checklist items is answered non-compliant.
 * 4. generationPriority is the highest priority of the missing requirements; LOW when none is.
 * 5. criticalIssues counts the missing requirements at CRITICAL.
 */

export interface StoredDocument {
  id: string;
  name: string;
  /** Lower-cased name and first characters of the stored text, whitespace collapsed. */
  head: string;
  /** Lower-cased stored text, whitespace collapsed. */
  body: string;
  fields: { name: string; value: string; validated?: boolean }[];
}

export interface GapInputs {
  /** Uploaded documents (generated drafts are not evidence of themselves). */
  documents: StoredDocument[];
  /** Item number → status, for answered items. */
  checklistStatus: Map<string, string>;
  /** Item number → ids of documents attached as evidence. */
  checklistEvidence: Map<string, string[]>;
  /** Approved generated documents by type code. */
  approved: Map<string, { title: string }>;
}

/** Characters of stored text that count as a document's title block. */
export const HEAD_CHARS = 600;

export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function headOf(name: string, text: string): string {
  // Separators in file names ("training_center-manual.pdf") read as spaces.
  const readableName = name.replace(/\.[a-z0-9]+$/i, '').replace(/[_\-.]+/g, ' ');
  return normaliseText(`${readableName} ${text.slice(0, HEAD_CHARS)}`);
}

/** True when a stored document is (or contains) the required document. */
export function recognises(requirement: Requirement, document: StoredDocument): boolean {
  const { head, body, fields } = document;
  if (requirement.excludePatterns?.some((p) => p.test(head))) return false;
  if (requirement.headPatterns.some((p) => p.test(head))) return true;
  if (requirement.bodyPatterns?.some((p) => p.test(body))) return true;
  if (requirement.code === 'TRAINEE_CERTIFICATE_COPIES') {
    return fields.some(
      (f) => f.name === 'certificateType' && /\b(medical|private|commercial)\b/i.test(f.value),
    );
  }
  return false;
}

export function raise(priority: GenerationPriority): GenerationPriority {
  const index = GENERATION_PRIORITIES.indexOf(priority);
  return GENERATION_PRIORITIES[Math.max(0, index - 1)]!;
}

export function highest(priorities: GenerationPriority[]): GenerationPriority {
  for (const p of GENERATION_PRIORITIES) if (priorities.includes(p)) return p;
  return 'LOW';
}

const list = (items: string[]) => items.join(', ');

function priorityOf(requirement: Requirement, inputs: GapInputs) {
  const nonCompliant = requirement.checklistItems.filter(
    (n) => inputs.checklistStatus.get(n) === 'non-compliant',
  );
  if (nonCompliant.length === 0) {
    return { priority: requirement.basePriority, reason: requirement.priorityRule };
  }
  const priority = raise(requirement.basePriority);
  const raised = priority === requirement.basePriority ? 'kept at' : 'raised to';
  return {
    priority,
    reason:
      `${requirement.priorityRule} ${raised[0]!.toUpperCase()}${raised.slice(1)} ${priority}: ` +
      `checklist item${nonCompliant.length > 1 ? 's' : ''} ${list(nonCompliant)} answered non-compliant.`,
  };
}

function findingOf(requirement: Requirement, inputs: GapInputs) {
  const items = requirement.checklistItems;
  if (items.every((n) => inputs.checklistStatus.get(n) === 'not-applicable')) {
    return {
      status: 'not-applicable' as const,
      finding: `Checklist items ${list(items)} are answered not applicable.`,
    };
  }
  const match = inputs.documents.find((d) => recognises(requirement, d));
  if (match) return { status: 'present' as const, finding: `Found in “${match.name}”.` };
  const approved = inputs.approved.get(requirement.code);
  if (approved) {
    return {
      status: 'present' as const,
      finding: `Approved generated document “${approved.title}”.`,
    };
  }
  const evidenced = items.find(
    (n) =>
      inputs.checklistStatus.get(n) === 'compliant' &&
      (inputs.checklistEvidence.get(n)?.length ?? 0) > 0,
  );
  if (evidenced) {
    return {
      status: 'present' as const,
      finding: `Checklist item ${evidenced} is answered compliant with evidence attached.`,
    };
  }
  return {
    status: 'missing' as const,
    finding:
      requirement.action === 'generate'
        ? 'No stored document was recognised as this; a draft can be written from your records.'
        : 'No stored document was recognised as this; only your organization can supply it.',
  };
}

export function analyzeGaps(inputs: GapInputs): RequirementResult[] {
  return REQUIREMENTS.map((requirement) => {
    const { status, finding } = findingOf(requirement, inputs);
    const { priority, reason } = priorityOf(requirement, inputs);
    return {
      documentType: requirement.code,
      title: requirement.title,
      description: requirement.description,
      action: requirement.action,
      status,
      priority,
      priorityReason: reason,
      finding,
      regulatoryBasis: requirement.regulatoryBasis,
      checklistItems: requirement.checklistItems,
    };
  });
}

/** The spec's documentGaps and summary counts from the analysed requirements. */
export function summarizeGaps(results: RequirementResult[]) {
  const missing = results.filter((r) => r.status === 'missing');
  const byPriority = (a: RequirementResult, b: RequirementResult) =>
    GENERATION_PRIORITIES.indexOf(a.priority) - GENERATION_PRIORITIES.indexOf(b.priority);
  const sorted = [...missing].sort(byPriority);
  const applicable = results.filter((r) => r.status !== 'not-applicable');
  return {
    documentGaps: {
      generationPriority: highest(missing.map((r) => r.priority)),
      canAutoGenerate: sorted.filter((r) => r.action === 'generate').map((r) => r.documentType),
      requiresExternalUpload: sorted
        .filter((r) => r.action === 'upload')
        .map((r) => r.documentType),
    },
    total: applicable.length,
    compliant: applicable.filter((r) => r.status === 'present').length,
    criticalIssues: missing.filter((r) => r.priority === 'CRITICAL').length,
  };
}

export function uploadRequestText(result: RequirementResult): string {
  const basis = result.regulatoryBasis.map((c) => `14 CFR ${c}`).join(', ');
  return `${result.title} (${result.priority}): ${result.description} Basis: ${basis}.`;
}
