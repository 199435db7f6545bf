import { useSyncExternalStore } from 'react';
import type { Language } from '@shared/api/preferences';
import {
  currentLanguage,
  onLanguageChange,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoLocale,
  reportMissingKey,
} from './language';
import englishMarketing from './locales/en/marketing.json';

/**
 * The public pages' text, without i18next: the signed-out landing page has a script budget
 * (e2e/landing-budget.spec.ts) that i18next would use up. Same catalogue files, same `{{name}}`
 * interpolation and `_one`/`_other` plural keys as the application, so one test checks them all.
 * English is part of the page; another language is fetched when it is chosen.
 */
type Catalogue = { [key: string]: string | Catalogue };
export type PublicNamespace = 'marketing';

const loaders = import.meta.glob<Catalogue>('./locales/*/marketing.json', { import: 'default' });
const loaded = new Map<string, Catalogue>([['en/marketing', englishMarketing as Catalogue]]);
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

async function load(language: Language, namespace: PublicNamespace) {
  const id = `${language}/${namespace}`;
  if (loaded.has(id)) return;
  const loader = loaders[`./locales/${id}.json`];
  if (!loader) return;
  loaded.set(id, await loader());
  changed();
}

onLanguageChange((language) => {
  void load(language, 'marketing');
  changed();
});
if (currentLanguage() !== 'en') void load(currentLanguage(), 'marketing');

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Values = Record<string, string | number>;

/** `key` in `language` (English when that language lacks it), interpolated and pluralised. */
export function translate(
  language: Language,
  namespace: PublicNamespace,
  key: string,
  values: Values = {},
): string {
  const candidates =
    typeof values.count === 'number'
      ? [`${key}_${new Intl.PluralRules(language).select(values.count)}`, `${key}_other`, key]
      : [key];
  for (const lang of [language, 'en'] as const) {
    const catalogue = loaded.get(`${lang}/${namespace}`);
    for (const candidate of candidates) {
      const text = lookup(catalogue, candidate);
      if (text !== undefined) {
        const filled = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        );
        return pseudoLocale() ? `${PSEUDO_OPEN}${filled}${PSEUDO_CLOSE}` : filled;
      }
    }
  }
  reportMissingKey(namespace, key);
  return key;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t(key, values)` for a public page; the page draws again when the language changes. */
export function usePublicText(namespace: PublicNamespace) {
  useSyncExternalStore(subscribe, () => version);
  const language = currentLanguage();
  return (key: string, values?: Values) => translate(language, namespace, key, values);
}
