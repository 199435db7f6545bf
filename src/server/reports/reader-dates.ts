import {
  displayDate,
  displayDatesIn,
  displayDateTime,
  type DateDisplay,
} from '@shared/dates/display';
import type { Actor } from '../http/actor';

/**
 * Dates in a file made for one reader (a PDF, a workbook, a CSV they download): in their
 * timezone and date format (Settings → System Preferences), with the zone named on every time
 * because files travel. What is stored and what the ledger commits to stays UTC.
 */
export interface ReaderDates {
  /** `25/11/2026 15:05 CET` */
  stamp: (date: Date | string) => string;
  /** `25/11/2026`; a calendar day (`2026-11-25`) is never shifted by the zone. */
  day: (date: Date | string) => string;
  /** Every `YYYY-MM-DD` of a sentence the server wrote, in the reader's format. */
  inText: (text: string) => string;
}

export function readerDates(display: DateDisplay): ReaderDates {
  return {
    stamp: (date) => displayDateTime(date, display, { withZone: true }),
    day: (date) => displayDate(date, display),
    inText: (text) => displayDatesIn(text, display),
  };
}

export function datesFor(actor: Actor): ReaderDates {
  return readerDates({
    timezone: actor.preferences.timezone,
    dateFormat: actor.preferences.dateFormat,
  });
}
