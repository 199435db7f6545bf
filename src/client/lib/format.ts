import { DEFAULT_PREFERENCES } from '@shared/api/preferences';
import {
  displayDate,
  displayDatesIn,
  displayDateTime,
  type DateDisplay,
} from '@shared/dates/display';

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

/** `11/25/2026 at 02:05 PM` (spec: a date, ` at `, the time), in the user's zone and format. */
export function formatDateTime(iso: string): string {
  return displayDateTime(iso, display, { joiner: ' at ' });
}

/** A calendar date (`2026-11-25`) as it is; an instant on the user's day. */
export function formatDate(iso: string): string {
  return displayDate(iso, display);
}

/** Dashboard percentages show one decimal. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/**
 * Server sentences write dates as YYYY-MM-DD ("Overdue since 2026-09-01"); on screen they read
 * like every other date of the page.
 */
export function withReadableDates(text: string): string {
  return displayDatesIn(text, display);
}
