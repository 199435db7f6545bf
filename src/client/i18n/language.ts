import { LANGUAGES, type Language } from '@shared/constants/languages';

/**
 * Which language the screens are written in, for everyone who draws text: the application's
 * i18next instance and the light catalogue of the public pages. This module imports nothing heavy:
 * the signed-out landing page runs it.
 *
 * The signed-in user's saved preference decides; this browser remembers the last one so that the
 * first paint (and the public pages) are already in it; a first visit follows the browser.
 */
const LANGUAGE_KEY = 'centerline.language';
const PSEUDO_KEY = 'centerline.pseudo';

type Listener = (language: Language) => void;
const listeners = new Set<Listener>();
let current: Language = initialLanguage();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused: fall through to the browser's languages.
  }
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function currentLanguage(): Language {
  return current;
}

/** Switches every screen at once and remembers the choice on this device. */
export function setLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused: the language still applies to this page.
  }
  document.documentElement.lang = language;
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener(language);
}

export function onLanguageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The pseudo-locale of the end-to-end suite: every text taken from a catalogue is drawn between
 * ⟦ and ⟧, so that a test can find text on a screen that did not come from one. Turned on with
 * `?pseudo=1` (kept for the tab) and off with `?pseudo=0`.
 */
export function pseudoLocale(): boolean {
  try {
    const asked = new URLSearchParams(window.location.search).get('pseudo');
    if (asked === '1') window.sessionStorage.setItem(PSEUDO_KEY, '1');
    if (asked === '0') window.sessionStorage.removeItem(PSEUDO_KEY);
    return window.sessionStorage.getItem(PSEUDO_KEY) === '1';
  } catch {
    return false;
  }
}

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Keys a screen asked for that no catalogue holds, for the end-to-end suite to read. */
export function reportMissingKey(namespace: string, key: string) {
  const w = window as unknown as { __centerlineMissingKeys?: string[] };
  (w.__centerlineMissingKeys ??= []).push(`${namespace}:${key}`);
  if (import.meta.env?.DEV) console.warn(`Missing text ${namespace}:${key}`);
}
