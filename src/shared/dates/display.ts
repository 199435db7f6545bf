import type { DateFormat } from '../api/preferences';

/**
 * How one reader wants dates written: the screens, the PDFs, the workbooks and the e-mails made
 * for them all go through here. Stored times stay UTC; an instant is shown in the reader's zone.
 * A calendar date without a time (a training date, a due date) is a day, not an instant, and is
 * never shifted by a zone.
 */
export interface DateDisplay {
  timezone: string;
  dateFormat: DateFormat;
}

export const UTC_DISPLAY: DateDisplay = { timezone: 'UTC', dateFormat: 'YYYY-MM-DD' };

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  zone: string;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made once: building an Intl.DateTimeFormat costs far more than using it. */
function partsIn(date: Date, timezone: string): Parts {
  let format = partFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    partFormats.set(timezone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    zone: parts.timeZoneName ?? timezone,
  };
}

function dayIn(year: string, month: string, day: string, format: DateFormat): string {
  switch (format) {
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
  }
}

function toDate(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `11/25/2026`, `25/11/2026` or `2026-11-25`; a day-only value keeps its day in every zone. */
export function displayDate(value: Date | string, display: DateDisplay): string {
  if (typeof value === 'string') {
    const day = DAY_ONLY.exec(value);
    if (day) return dayIn(day[1]!, day[2]!, day[3]!, display.dateFormat);
  }
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsIn(date, display.timezone);
  return dayIn(p.year, p.month, p.day, display.dateFormat);
}

/**
 * The time of day in the reader's zone: 12-hour with AM/PM for the US month-first format (as the
 * spec's screens wrote it), 24-hour for the others.
 */
function timeOf(p: Parts, format: DateFormat): string {
  if (format !== 'MM/DD/YYYY') return `${p.hour}:${p.minute}`;
  const hour = Number(p.hour);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(twelve).padStart(2, '0')}:${p.minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * `11/25/2026 02:05 PM`; screens join with ` at ` (the spec's wording), and `withZone` adds the
 * zone's short name for documents read elsewhere.
 */
export function displayDateTime(
  value: Date | string,
  display: DateDisplay,
  options: { withZone?: boolean; joiner?: string } = {},
): string {
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsIn(date, display.timezone);
  const day = dayIn(p.year, p.month, p.day, display.dateFormat);
  const stamp = `${day}${options.joiner ?? ' '}${timeOf(p, display.dateFormat)}`;
  return options.withZone ? `${stamp} ${p.zone}` : stamp;
}

/** Every `YYYY-MM-DD` in a sentence written by the server, rewritten in the reader's format. */
export function displayDatesIn(text: string, display: DateDisplay): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (whole, y: string, m: string, d: string) =>
    Number(m) >= 1 && Number(m) <= 12 && Number(d) >= 1 && Number(d) <= 31
      ? dayIn(y, m, d, display.dateFormat)
      : whole,
  );
}
