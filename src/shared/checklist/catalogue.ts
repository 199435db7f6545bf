import { CATALOGUE_V1 } from './catalogue-v1';
import type { Catalogue } from './types';

/**
 * The catalogue version this build serves. A change to any question or reference is released as
 * a new version (catalogue-v2/…); organizations keep their responses for every item number the
 * new version still has.
 */
export const CURRENT_CATALOGUE: Catalogue = CATALOGUE_V1;

/** Lower-cased, punctuation-free text: two questions that differ only in case or punctuation are duplicates. */
export function normaliseQuestion(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
