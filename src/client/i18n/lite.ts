import { useSyncExternalStore } from 'react';
import type { Language } from '@shared/constants/languages';
import {
  currentLanguage,
  onLanguageChange,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoLocale,
  reportMissingKey,
} from './language';
import englishMarketing from './locales/en/marketing.json';
import englishShell from './locales/en/shell.json';

/**
 * The public pages' text, without i18next: the signed-out landing page has a script budget
 * (e2e/landing-budget.spec.ts) that i18next would use up. Same catalogue files, same `{{name}}`
 * interpolation and `_one`/`_other` plural keys as the application, so one test checks them all.
 */
type Catalogue = { [key: string]: string | Catalogue };
/** `marketing`: the public pages; `shell`: the few words of shared components (Loading, Close). */
export type PublicNamespace = 'marketing' | 'shell';
type File = 'marketing' | 'marketing-pages' | 'shell';

/**
 * The landing page's own text and the shell's are part of its script in English; the other public
 * pages' text (`marketing-pages`) and other languages are fetched when wanted.
 */
const FILES: Record<PublicNamespace, readonly File[]> = {
  marketing: ['marketing', 'marketing-pages'],
  shell: ['shell'],
};
const loaders = import.meta.glob<Catalogue>(
  ['./locales/*/marketing.json', './locales/*/marketing-pages.json', './locales/*/shell.json'],
  { import: 'default' },
);
const loaded = new Map<string, Catalogue>([
  ['en/marketing', englishMarketing as Catalogue],
  ['en/shell', englishShell as Catalogue],
]);
const listeners = new Set<() => void>();
let version = 0;
let pagesWanted = false;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

async function load(language: Language, file: File) {
  const id = `${language}/${file}`;
  if (loaded.has(id)) return;
  const loader = loaders[`./locales/${id}.json`];
  if (!loader) return;
  loaded.set(id, await loader());
  changed();
}

function loadLanguage(language: Language) {
  const files: File[] = pagesWanted
    ? ['marketing', 'shell', 'marketing-pages']
    : ['marketing', 'shell'];
  return Promise.all(
    files.flatMap((file) => [
      load(language, file),
      ...(language === 'en' ? [] : [load('en', file)]),
    ]),
  );
}

/** Fetches the public pages' text (all but the landing page's) before such a page draws. */
export async function loadPublicPages() {
  pagesWanted = true;
  await loadLanguage(currentLanguage());
}

onLanguageChange((language) => {
  void loadLanguage(language);
  changed();
});
if (currentLanguage() !== 'en') void loadLanguage(currentLanguage());

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
    for (const candidate of candidates) {
      const text = FILES[namespace]
        .map((file) => lookup(loaded.get(`${lang}/${file}`), candidate))
        .find((found) => found !== undefined);
      if (text !== undefined) {
        const filled = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        );
        return pseudoLocale() ? `${PSEUDO_OPEN}${filled}${PSEUDO_CLOSE}` : filled;
      }
    }
  }
  if (FILES[namespace].some((file) => !loaded.has(`en/${file}`))) {
    // Not here yet: the page draws again when its text arrives.
    void loadPublicPages();
    return '';
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
