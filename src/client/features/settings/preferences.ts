import { z } from 'zod';
import './theme.css';

/**
 * Preferences the server does not store yet (DESIGN.md §4 puts them on the user). Until it
 * does, they live in this browser only, and the screen says so.
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

type Values<T extends readonly { value: string }[]> = [T[number]['value'], ...T[number]['value'][]];
const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as Values<T>;

export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  complianceAlerts: z.boolean(),
  documentUpdates: z.boolean(),
  systemMaintenance: z.boolean(),
  timezone: z.enum(values(TIMEZONES)),
  language: z.enum(values(LANGUAGES)),
  theme: z.enum(values(THEMES)),
  dateFormat: z.enum(values(DATE_FORMATS)),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export type Theme = Preferences['theme'];

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

/** Stored values over the defaults; anything unreadable falls back to the default. */
export function loadPreferences(): Preferences {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    const stored = preferencesSchema.partial().safeParse(JSON.parse(raw));
    return stored.success ? { ...DEFAULT_PREFERENCES, ...stored.data } : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function savePreferences(preferences: Preferences) {
  window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  applyTheme(preferences.theme);
}

export function clearPreferences() {
  window.localStorage.removeItem(PREFERENCES_STORAGE_KEY);
  applyTheme(DEFAULT_PREFERENCES.theme);
}

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

/** Applies the theme saved on this device; meant to run once when the app starts. */
export function applyStoredTheme() {
  applyTheme(loadPreferences().theme);
}
