import type { ChatModel } from '../../../ai/chat-model';
import {
  FIELD_NAMES,
  type ExtractedFieldCandidate,
  type FieldName,
  type ReadResult,
} from '../reading/types';
import { parseValue } from './values';

/** Fields under this calibrated confidence are offered to the model for a second reading. */
export const REFINE_BELOW = 0.8;
/** How much page text goes into one request. */
const TEXT_BUDGET = 12_000;
/** A suggestion is taken only when it fits the field's format at least this well. */
const MIN_VALIDITY = 0.6;

export interface Refinement {
  fields: ExtractedFieldCandidate[];
  /** Why nothing was refined, or how many values the model changed; for the log. */
  note: string;
}

const collapse = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function prompt(read: ReadResult, asked: FieldName[], fields: ExtractedFieldCandidate[]) {
  let budget = TEXT_BUDGET;
  const pages: string[] = [];
  for (const page of read.pages) {
    if (budget <= 0) break;
    const text = page.text.slice(0, budget);
    budget -= text.length;
    pages.push(`--- page ${page.page} ---\n${text}`);
  }
  const current = asked.map((field) => {
    const found = fields.find((f) => f.fieldName === field);
    return `${field}: ${found ? JSON.stringify(found.value) : 'not found'}`;
  });
  return {
    system:
      'You read aviation training documents (certificates, training records, grade sheets). ' +
      'Answer with one JSON object {"fields": {...}} and nothing else. For each requested field, ' +
      'give the value exactly as it is written in the document text, or null when the text does ' +
      'not show it. Never guess, never complete or reformat a value.',
    user:
      `Requested fields, with what a rule-based reader found:\n${current.join('\n')}\n\n` +
      `Document text:\n${pages.join('\n')}`,
  };
}

function parseAnswer(answer: string): Record<string, unknown> | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const json = JSON.parse(answer.slice(start, end + 1)) as { fields?: unknown };
    return json.fields && typeof json.fields === 'object'
      ? (json.fields as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Asks the configured model to read again the fields the built-in extractor is unsure of. A
 * suggestion replaces the value only when it is printed in the document (so the model cannot
 * invent one) and passes the field's own format checks; it keeps the extractor's calibrated
 * confidence, since nothing measures the model's, and is marked with the model's name so the
 * reviewer knows where it came from. Any failure leaves the extractor's fields as they were.
 */
export async function refineWithModel(
  model: ChatModel,
  read: ReadResult,
  fields: ExtractedFieldCandidate[],
  options: { below?: number; signal?: AbortSignal } = {},
): Promise<Refinement> {
  const below = options.below ?? REFINE_BELOW;
  const unsure = fields.filter((f) => f.confidence < below).map((f) => f.fieldName);
  if (unsure.length === 0) return { fields, note: 'no field under the refinement threshold' };
  const asked = FIELD_NAMES.filter((f) => unsure.includes(f));
  let answer: string;
  try {
    answer = await model.complete({
      ...prompt(read, asked, fields),
      maxTokens: 600,
      signal: options.signal,
    });
  } catch (error) {
    return { fields, note: `model unavailable: ${(error as Error).message}` };
  }
  const suggested = parseAnswer(answer);
  if (!suggested) return { fields, note: 'the model answer was not the expected JSON' };

  let changed = 0;
  const refined = fields.map((field) => {
    const value = suggested[field.fieldName];
    if (!asked.includes(field.fieldName) || typeof value !== 'string' || value.trim() === '') {
      return field;
    }
    const page = read.pages.find((p) => collapse(p.text).includes(collapse(value)));
    if (!page) return field;
    const parsed = parseValue(field.fieldName, value);
    if (!parsed || parsed.validity < MIN_VALIDITY || parsed.value === field.value) return field;
    changed += 1;
    return {
      fieldName: field.fieldName,
      value: parsed.value,
      confidence: field.confidence,
      page: page.page,
      refinedBy: model.name,
    };
  });
  return { fields: refined, note: `${changed} of ${asked.length} unsure fields changed` };
}
