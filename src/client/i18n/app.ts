import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared/api/preferences';
import {
  currentLanguage,
  onLanguageChange,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoLocale,
  reportMissingKey,
} from './language';

/**
 * The application's text: i18next with one namespace per feature (`locales/<language>/<ns>.json`).
 * Each language's catalogues come as one chunk, loaded before the screens draw in it, so no
 * screen waits on a namespace; English is always loaded as the fallback. Regulation text,
 * checklist items and document text are not in catalogues: they are the FAA's and the centre's
 * words and stay as written.
 */
type Bundle = Record<string, Record<string, unknown>>;
const bundles: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
};

export const i18n = i18next.createInstance();
const loadedLanguages = new Set<Language>();

i18n
  .use(initReactI18next)
  .use({
    type: 'postProcessor',
    name: 'pseudo',
    process: (value: string) => `${PSEUDO_OPEN}${value}${PSEUDO_CLOSE}`,
  })
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'es', 'fr'],
    defaultNS: 'common',
    ns: [],
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
    postProcess: pseudoLocale() ? ['pseudo'] : [],
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => reportMissingKey(namespace, key),
    initAsync: false,
  });

async function ensureLoaded(language: Language) {
  if (loadedLanguages.has(language)) return;
  const { default: bundle } = await bundles[language]();
  for (const [namespace, catalogue] of Object.entries(bundle)) {
    i18n.addResourceBundle(language, namespace, catalogue, true, true);
  }
  loadedLanguages.add(language);
}

/** Loads English and `language`, then switches every mounted screen to it. */
export async function switchLanguage(language: Language) {
  await Promise.all([ensureLoaded('en'), ensureLoaded(language)]);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Resolves once the screens can draw in the language this browser starts in. */
export const i18nReady: Promise<void> = switchLanguage(currentLanguage());
onLanguageChange((language) => void switchLanguage(language));

/** For code outside components (toasts in callbacks, option lists), with a namespaced key (`fleet:devices.title`). */
export const t: TFunction = ((...args: Parameters<TFunction>) =>
  (i18n.t as unknown as (...a: unknown[]) => string)(...args)) as TFunction;

/** The locale for Intl (numbers, plural rules) in the language the screens are drawn in. */
export function locale(): Language {
  return (i18n.language as Language) || 'en';
}
