import { ChatModelError, type ChatModel } from '../../ai/chat-model';
import { citationsIn, invalidCitations } from './citations';
import { withParagraphs } from './draft';
import type { DraftDocument, OrganizationFacts } from './templates/types';

/**
 * The optional model path: a configured chat model redrafts the prose paragraphs of a generated
 * document from the organization's facts. Tables, forms, bullets and the draft marker stay as the
 * template wrote them. The answer is checked before use, and any failure keeps the template text.
 */

export interface ModelDraft {
  draft: DraftDocument;
  aiGenerated: boolean;
  fallbackReason: string | null;
  /** The model could not be reached or did not answer in time: ask it nothing more this run. */
  giveUp: boolean;
}

const MAX_TOKENS = 1500;
const MAX_PARAGRAPH = 2000;
const MAX_PARAGRAPHS = 8;

const SYSTEM = [
  'You draft sections of compliance documents for an FAA 14 CFR Part 142 training center.',
  'Rewrite the paragraphs of each section as clear, specific prose for the organization described.',
  'Use only the facts given. Do not invent names, numbers, dates, equipment or addresses; keep every bracketed blank such as [name] exactly as written.',
  'Cite only paragraphs of 14 CFR Part 142 that the template paragraphs already cite, written like 142.73(c)(1).',
  'Answer with JSON only, no commentary: {"sections":[{"heading":"...","paragraphs":["..."]}]}, with the same headings in the same order as given.',
].join(' ');

function promptFor(draft: DraftDocument, facts: OrganizationFacts): string {
  const sections = draft.sections
    .filter((s) => s.paragraphs.length > 0)
    .map((s) => ({ heading: s.heading, paragraphs: s.paragraphs }));
  return JSON.stringify({
    document: draft.title,
    organization: facts,
    regulatoryBasis: draft.regulatoryBasis,
    sections,
  });
}

function jsonPart(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('the answer holds no JSON object');
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new Error('the answer is not valid JSON');
  }
}

const sameHeading = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The model's paragraphs for each section of `draft`, or an Error saying why they are unusable. */
export function parseModelAnswer(answer: string, draft: DraftDocument): string[][] {
  const parsed = jsonPart(answer) as { sections?: unknown };
  if (!Array.isArray(parsed.sections)) throw new Error('the answer has no sections list');
  const prose = draft.sections.filter((s) => s.paragraphs.length > 0);
  const given = parsed.sections as { heading?: unknown; paragraphs?: unknown }[];
  if (given.length !== prose.length) {
    throw new Error(`the answer has ${given.length} sections instead of ${prose.length}`);
  }
  const byHeading = new Map<string, string[]>();
  given.forEach((section, i) => {
    const expected = prose[i]!;
    if (typeof section.heading !== 'string' || !sameHeading(section.heading, expected.heading)) {
      throw new Error(`section ${i + 1} is not “${expected.heading}”`);
    }
    const paragraphs = section.paragraphs;
    if (
      !Array.isArray(paragraphs) ||
      paragraphs.length === 0 ||
      paragraphs.length > MAX_PARAGRAPHS ||
      !paragraphs.every(
        (p) => typeof p === 'string' && p.trim().length > 0 && p.length <= MAX_PARAGRAPH,
      )
    ) {
      throw new Error(`section “${expected.heading}” has no usable paragraphs`);
    }
    byHeading.set(
      expected.heading,
      (paragraphs as string[]).map((p) => p.trim()),
    );
  });
  const cited = citationsIn([...byHeading.values()].flat().join('\n'));
  const invalid = invalidCitations(cited);
  if (invalid.length) {
    throw new Error(`it cites ${invalid.join(', ')}, which Part 142 does not have`);
  }
  return draft.sections.map((s) => byHeading.get(s.heading) ?? s.paragraphs);
}

export async function draftWithModel(
  model: ChatModel,
  draft: DraftDocument,
  facts: OrganizationFacts,
): Promise<ModelDraft> {
  let answer: string;
  try {
    answer = await model.complete({
      system: SYSTEM,
      user: promptFor(draft, facts),
      maxTokens: MAX_TOKENS,
    });
  } catch (error) {
    const reason = error instanceof ChatModelError ? error.message : 'The model request failed';
    const giveUp =
      error instanceof ChatModelError &&
      (error.reason === 'timeout' || error.reason === 'unreachable');
    return { draft, aiGenerated: false, fallbackReason: `${reason}; template text used.`, giveUp };
  }
  try {
    return {
      draft: withParagraphs(draft, parseModelAnswer(answer, draft)),
      aiGenerated: true,
      fallbackReason: null,
      giveUp: false,
    };
  } catch (error) {
    return {
      draft,
      aiGenerated: false,
      fallbackReason: `The model's answer was not usable (${(error as Error).message}); template text used.`,
      giveUp: false,
    };
  }
}
