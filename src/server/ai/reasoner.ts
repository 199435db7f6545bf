import { ChatModelError, type ChatModel } from './chat-model';
import { draftProblem } from './draft-check';

/**
 * The `Reasoner` of DESIGN.md: it writes the text of a decision the rules already took. The
 * built-in reasoner returns the rules' own text and always works offline; the model reasoner
 * asks the configured chat model for a draft confined to the evidence, and the draft is checked
 * before use. Status and risk never come from a model.
 */
export interface DraftRequest {
  itemNumber: string;
  requirement: string;
  reference: string;
  status: string;
  risk: string;
  /** The built-in reasoning: what the rules decided and why. */
  builtInText: string;
  evidence: { documentName: string; page: number; excerpt: string }[];
}

export type DraftOutcome =
  { draftedBy: 'model'; text: string } | { draftedBy: 'built-in'; text: string; rejected?: string };

export interface Reasoner {
  readonly name: string;
  draft(request: DraftRequest, signal?: AbortSignal): Promise<DraftOutcome>;
}

export const builtInReasoner: Reasoner = {
  name: 'built-in',
  async draft(request) {
    return { draftedBy: 'built-in', text: request.builtInText };
  },
};

const SYSTEM = [
  'You draft the preliminary response for one item of an FAA 14 CFR Part 142 training center inspection.',
  'The compliance status and risk level are already decided; state them as given and never change them.',
  'Use only the evidence provided. Quote evidence with its document name and page exactly as given.',
  'Cite only the regulation references provided. Do not mention any other regulation.',
  'Write 3 to 6 plain sentences, no headings, no lists, no markdown.',
].join(' ');

export function draftPrompt(request: DraftRequest): string {
  const evidence = request.evidence.length
    ? request.evidence
        .map((e, i) => `${i + 1}. ${e.documentName}, page ${e.page}: "${e.excerpt}"`)
        .join('\n')
    : 'None retrieved.';
  return [
    `Checklist item ${request.itemNumber}: ${request.requirement}`,
    `Regulation references: ${request.reference}`,
    `Decided status: ${request.status}. Decided risk: ${request.risk}.`,
    `Findings of the rule engine: ${request.builtInText}`,
    `Evidence:\n${evidence}`,
  ].join('\n\n');
}

export function modelReasoner(model: ChatModel): Reasoner {
  return {
    name: model.name,
    async draft(request, signal) {
      // ChatModelError (time-out, unreachable, error answer) propagates: the caller decides
      // whether the model is still worth asking.
      const answer = await model.complete({
        system: SYSTEM,
        user: draftPrompt(request),
        maxTokens: 500,
        signal,
      });
      const problem = draftProblem(answer, {
        documentNames: request.evidence.map((e) => e.documentName),
        mustCiteEvidence: request.evidence.length > 0,
      });
      if (problem) return { draftedBy: 'built-in', text: request.builtInText, rejected: problem };
      return { draftedBy: 'model', text: answer.trim() };
    },
  };
}

/** Consecutive failures (errors or rejected drafts, before any accepted one) that retire the model. */
const GIVE_UP_AFTER = 4;

/**
 * Drafts every request with the reasoner, a few at a time. A model that times out or is
 * unreachable is retired at once; one that errs or whose drafts fail the checks is retired after
 * a few consecutive failures. Retired or not, every request gets a text (the built-in one at
 * worst), and `label` says which reasoner wrote the run and why the model was not used.
 */
export async function draftAll(
  reasoner: Reasoner,
  requests: DraftRequest[],
  options: {
    concurrency?: number;
    signal?: AbortSignal;
    onProgress?: (done: number) => void | Promise<void>;
  } = {},
): Promise<{ outcomes: DraftOutcome[]; label: string }> {
  const outcomes: DraftOutcome[] = requests.map((r) => ({
    draftedBy: 'built-in',
    text: r.builtInText,
  }));
  if (reasoner === builtInReasoner) return { outcomes, label: 'built-in' };

  let retired: string | null = null;
  let consecutiveFailures = 0;
  let lastFailure = '';
  let accepted = 0;
  let rejected = 0;
  let done = 0;
  let next = 0;

  const worker = async () => {
    while (retired === null && next < requests.length) {
      options.signal?.throwIfAborted();
      const index = next++;
      try {
        const outcome = await reasoner.draft(requests[index]!, options.signal);
        outcomes[index] = outcome;
        if (outcome.draftedBy === 'model') {
          accepted++;
          consecutiveFailures = 0;
        } else {
          rejected++;
          lastFailure = `answers failed checks: ${outcome.rejected ?? 'rejected'}`;
          if (accepted === 0 && ++consecutiveFailures >= GIVE_UP_AFTER) retired = lastFailure;
        }
      } catch (error) {
        options.signal?.throwIfAborted();
        const reason = error instanceof ChatModelError ? error.reason : 'error';
        lastFailure = reason;
        if (reason === 'timeout' || reason === 'unreachable') retired = reason;
        else if (++consecutiveFailures >= GIVE_UP_AFTER) retired = reason;
      }
      done++;
      await options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, () => worker()));

  if (accepted === 0) {
    return {
      outcomes: outcomes.map((o, i) => ({
        draftedBy: 'built-in',
        text: requests[i]!.builtInText,
        ...('rejected' in o && o.rejected ? { rejected: o.rejected } : {}),
      })),
      label: `built-in (model unavailable: ${retired ?? lastFailure ?? 'no usable answer'})`,
    };
  }
  const fellBack = requests.length - accepted;
  const label =
    fellBack === 0
      ? `${reasoner.name} (model drafts checked against the evidence)`
      : `${reasoner.name} with built-in text for ${fellBack} of ${requests.length} items (${retired ? `model stopped: ${retired}` : `${rejected} drafts failed checks`})`;
  return { outcomes, label };
}
