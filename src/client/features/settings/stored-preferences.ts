import type { Preferences, Theme } from './preferences';
import './theme.css';

/**
 * Preferences the server does not store yet (DESIGN.md §4 puts them on the user). Until it
 * does, they live in this browser only, and the screen says so.
 *
 * This module holds their values and puts the stored theme on the page before it renders. It
 * imports no zod on purpose: it runs on every page, the signed-out landing page included;
 * `preferences.ts` holds the schema.
 */
export const PREFERENCES_STORAGE_KEY = 'centerline.preferences';

export const TIMEZONES = [
  { value: 'UTC-8', label: 'UTC-8 Pacific' },
  { value: 'UTC-7', label: 'UTC-7 Mountain' },
  { value: 'UTC-6', label: 'UTC-6 Central' },
  { value: 'UTC-5', label: 'UTC-5 Eastern' },
  { value: 'UTC+0', label: 'UTC+0 UTC' },
] as const;
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
] as const;
export const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto (follow the device)' },
] as const;
export const DATE_FORMATS = [
  { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY' },
  { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY' },
  { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD' },
] as const;

/** The spec's defaults (§3 Settings values, §9 constants). */
export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  complianceAlerts: true,
  documentUpdates: true,
  systemMaintenance: false,
  timezone: 'UTC-5',
  language: 'en',
  theme: 'light',
  dateFormat: 'MM/DD/YYYY',
};

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
      theme === 'dark' || (theme === 'auto' && !!query?.matches),
    );
  set();
  if (theme === 'auto' && query) {
    followDevice = set;
    query.addEventListener('change', set);
  }
}

const SWITCHES = [
  'emailNotifications',
  'complianceAlerts',
  'documentUpdates',
  'systemMaintenance',
] as const;
const CHOICES = {
  timezone: TIMEZONES,
  language: LANGUAGES,
  theme: THEMES,
  dateFormat: DATE_FORMATS,
};

/**
 * The theme `loadPreferences` would read (stored preferences the schema refuses in any field
 * mean the defaults), read without zod. preferences.test.ts keeps the two in step.
 */
export function storedTheme(): Theme {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      return DEFAULT_PREFERENCES.theme;
    }
    const fields = stored as Record<string, unknown>;
    const valid =
      SWITCHES.every((key) => fields[key] === undefined || typeof fields[key] === 'boolean') &&
      Object.entries(CHOICES).every(
        ([key, options]) =>
          fields[key] === undefined || options.some((option) => option.value === fields[key]),
      );
    return valid && fields.theme !== undefined
      ? (fields.theme as Theme)
      : DEFAULT_PREFERENCES.theme;
  } catch {
    return DEFAULT_PREFERENCES.theme;
  }
}

/** Applies the theme saved on this device; meant to run once when the app starts. */
export function applyStoredTheme() {
  applyTheme(storedTheme());
}
