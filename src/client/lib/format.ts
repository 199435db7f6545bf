import { formatDistanceToNow, parseISO, type Locale } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { DEFAULT_PREFERENCES, type Language } from '@shared/api/preferences';
import {
  displayDate,
  displayDatesIn,
  displayDateTime,
  type DateDisplay,
} from '@shared/dates/display';
import { locale, t } from '../i18n/app';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocale } from '../i18n/language';

/**
 * Every date on screen is written here, in the signed-in user's timezone and date format
 * (Settings → System Preferences). Until their preferences are known (signed-out pages, the
 * first paint) dates follow this browser's zone and the default format.
 */
let display: DateDisplay = {
  timezone: browserTimezone(),
  dateFormat: DEFAULT_PREFERENCES.dateFormat,
};

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Set from the user's saved preferences; the screens re-render after it changes. */
export function setDateDisplay(next: DateDisplay) {
  display = next;
}

export function dateDisplay(): DateDisplay {
  return display;
}

/**
 * `11/25/2026 at 02:05 PM` (spec: a date, ` at `, the time), in the user's zone and format;
 * `25/11/2026 à 14:05` in French.
 */
export function formatDateTime(iso: string): string {
  return displayDateTime(iso, display, { joiner: t('common:dates.at') });
}

/** A calendar date (`2026-11-25`) as it is; an instant on the user's day. */
export function formatDate(iso: string): string {
  return displayDate(iso, display);
}

/** Dashboard percentages show one decimal: `87.5%`, `87,5 %` in French. */
export function formatPercent(value: number): string {
  return new Intl.NumberFormat(locale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/** A whole percentage (`85%`, `85 %` in French), for figures the server gives as 0–100 integers. */
export function formatWholePercent(value: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

/** A count or a measure as the reader's language writes it: `1,234.5`, `1 234,5`. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(), options).format(value);
}

/** date-fns' words for a language; English is its default. */
const DATE_FNS_LOCALES: Record<Language, Locale | undefined> = { en: undefined, es, fr };

/** How long ago an instant was, in the reader's language: `about 2 hours ago`. */
export function formatTimeAgo(iso: string): string {
  const text = formatDistanceToNow(parseISO(iso), {
    addSuffix: true,
    locale: DATE_FNS_LOCALES[locale()],
  });
  return fromLocaleData(text);
}

/**
 * Server sentences write dates as YYYY-MM-DD ("Overdue since 2026-09-01"); on screen they read
 * like every other date of the page.
 */
export function withReadableDates(text: string): string {
  return displayDatesIn(text, display);
}

/**
 * A `YYYY-MM` month in the reader's language: `Mar 2025`, `mars 2025` (or `Mar` alone with
 * `{ month: 'short' }`). The month's name comes from Intl, not a catalogue: the pseudo-locale
 * marks it as written.
 */
export function formatMonth(
  month: string,
  options: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' },
): string {
  const text = new Intl.DateTimeFormat(locale(), { ...options, timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  return fromLocaleData(text);
}

/** `in 3 days`, `il y a 2 heures`: Intl's relative time in the reader's language. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return fromLocaleData(
    new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }).format(value, unit),
  );
}

/**
 * Words that come from the locale data of Intl or date-fns (month names, "ago"), not from a
 * catalogue: the pseudo-locale of the end-to-end suite marks them as translated by the platform.
 */
function fromLocaleData(text: string): string {
  return pseudoLocale() ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text;
}
