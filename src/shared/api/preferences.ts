import { z } from 'zod';
import { LANGUAGES } from '../constants/languages';
import { AUTO_LOGOUT_MINUTES, DEFAULT_AUTO_LOGOUT_MINUTES } from '../constants/ui';

/**
 * A user's preferences, kept on the server (users.preferences) and applied on every screen and
 * export. Stored times stay UTC; only what is shown follows the timezone and date format.
 */

export { LANGUAGES, type Language } from '../constants/languages';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The spec's default timezone (UTC-5 Eastern), as the IANA zone that follows its daylight time. */
export const DEFAULT_TIMEZONE = 'America/New_York';

/** Every IANA zone this runtime knows, plus UTC (which `supportedValuesOf` leaves out). */
export function knownTimezones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

export const notificationSwitches = z.object({
  email: z.boolean(),
  complianceAlerts: z.boolean(),
  documentUpdates: z.boolean(),
  systemMaintenance: z.boolean(),
});
export type NotificationSwitches = z.infer<typeof notificationSwitches>;

export const preferences = z.object({
  timezone: z
    .string()
    .trim()
    .refine(isKnownTimezone, { message: 'Unknown timezone: choose one from the list' }),
  language: z.enum(LANGUAGES, { message: 'Choose English, Español or Français' }),
  theme: z.enum(THEMES, { message: 'Choose light, dark or system' }),
  dateFormat: z.enum(DATE_FORMATS, { message: 'Choose one of the listed date formats' }),
  notifications: notificationSwitches,
  autoLogoutMinutes: z
    .number()
    .int()
    .refine((v) => (AUTO_LOGOUT_MINUTES as readonly number[]).includes(v), {
      message: `Choose one of ${AUTO_LOGOUT_MINUTES.join(', ')} minutes`,
    }),
});
export type Preferences = z.infer<typeof preferences>;

/** What `GET /api/settings/preferences` answers: the preferences and whether the timezone was chosen. */
export const preferencesResponse = preferences.extend({
  /** False until the user (or their first sign-in from a browser) set a timezone. */
  timezoneChosen: z.boolean(),
});
export type PreferencesResponse = z.infer<typeof preferencesResponse>;

/** The spec's defaults (product-regulatory-admin §3 and §9). */
export const DEFAULT_PREFERENCES: Preferences = {
  timezone: DEFAULT_TIMEZONE,
  language: 'en',
  theme: 'light',
  dateFormat: 'MM/DD/YYYY',
  notifications: {
    email: true,
    complianceAlerts: true,
    documentUpdates: true,
    systemMaintenance: false,
  },
  autoLogoutMinutes: DEFAULT_AUTO_LOGOUT_MINUTES,
};

/**
 * The stored JSON read leniently: each field that is missing or no longer valid falls back to
 * its default, so a value written by an older version never locks a user out of their settings.
 */
export function readStoredPreferences(
  stored: unknown,
  autoLogoutMinutes: number,
): PreferencesResponse {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const pick = <K extends keyof Preferences>(key: K): Preferences[K] => {
    const parsed = preferences.shape[key].safeParse(raw[key]);
    return parsed.success ? (parsed.data as Preferences[K]) : DEFAULT_PREFERENCES[key];
  };
  const switches = notificationSwitches.partial().safeParse(raw.notifications);
  return {
    timezone: pick('timezone'),
    language: pick('language'),
    theme: pick('theme'),
    dateFormat: pick('dateFormat'),
    notifications: {
      ...DEFAULT_PREFERENCES.notifications,
      ...(switches.success ? switches.data : {}),
    },
    autoLogoutMinutes,
    timezoneChosen: preferences.shape.timezone.safeParse(raw.timezone).success,
  };
}
