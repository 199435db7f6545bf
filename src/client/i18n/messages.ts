import { i18n, t } from './app';

/**
 * Messages written in English by the rules the client and the server share (src/shared/api:
 * "Use at least 12 characters") and by the server's answers, in the reader's language: the
 * `validation` catalogue holds each such English sentence under a key, and a message is found by
 * its English text. A message the catalogue does not hold is shown as it was written.
 */
let byEnglish: Map<string, string> | null = null;

function index(): Map<string, string> {
  if (byEnglish) return byEnglish;
  const bundle = (i18n.getResourceBundle('en', 'validation') ?? {}) as Record<string, string>;
  byEnglish = new Map(Object.entries(bundle).map(([key, english]) => [english, key]));
  return byEnglish;
}

export function readerMessage(english: string): string {
  if (i18n.language === 'en') return english;
  const key = index().get(english);
  return key ? t(`validation:${key}`) : english;
}
