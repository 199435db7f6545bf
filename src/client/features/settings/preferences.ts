import { z } from 'zod';
import {
  DATE_FORMATS,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  PREFERENCES_STORAGE_KEY,
  THEMES,
  TIMEZONES,
  applyTheme,
} from './stored-preferences';

export {
  applyStoredTheme,
  applyTheme,
  DATE_FORMATS,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  PREFERENCES_STORAGE_KEY,
  THEMES,
  TIMEZONES,
} from './stored-preferences';

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
