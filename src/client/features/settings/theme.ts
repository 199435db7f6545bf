import type { Theme } from '@shared/api/preferences';
import './theme.css';

/**
 * The theme is saved with the user's preferences on the server. This browser keeps a copy only
 * so that the first paint, before the preferences arrive, is already in the right colours. This
 * module imports nothing heavy on purpose: it runs on every page, the landing page included.
 */
const THEME_KEY = 'centerline.theme';
const THEMES: readonly string[] = ['light', 'dark', 'system'];

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');
let followDevice: (() => void) | null = null;

/** Light, dark, or the device's choice (kept in step when the device switches). */
export function applyTheme(theme: Theme) {
  const query = darkQuery();
  if (followDevice) query?.removeEventListener('change', followDevice);
  followDevice = null;
  const set = () =>
    document.documentElement.classList.toggle(
      'dark',
      theme === 'dark' || (theme === 'system' && !!query?.matches),
    );
  set();
  if (theme === 'system' && query) {
    followDevice = set;
    query.addEventListener('change', set);
  }
}

/** Applies the theme and remembers it for the next first paint on this device. */
export function applyAndRememberTheme(theme: Theme) {
  applyTheme(theme);
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused (private mode, quota): the theme still applies to this page.
  }
}

export function rememberedTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return stored && THEMES.includes(stored) ? (stored as Theme) : 'light';
  } catch {
    return 'light';
  }
}

/** Meant to run once when the app starts, before React renders. */
export function applyRememberedTheme() {
  applyTheme(rememberedTheme());
}

export function forgetTheme() {
  try {
    window.localStorage.removeItem(THEME_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
