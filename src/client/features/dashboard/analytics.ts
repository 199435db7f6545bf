import type { KeyCount } from '@shared/api/dashboard';
import { DOCUMENT_STATUSES, TRAINING_EVENT_STATUSES } from '@shared/api/records';
import { t } from '../../i18n/app';
import { documentStatusLabel } from '../documents/DocumentStatus';

/*
 * Presentation of the server's analytics aggregates (GET /api/dashboard/analytics, computed over
 * every record the caller may see): labels, a fixed order, zeros for the known statuses.
 */

export interface CountRow {
  key: string;
  label: string;
  count: number;
}

export interface DayCount {
  day: string;
  count: number;
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const countsOf = (rows: KeyCount[]) => new Map(rows.map((r) => [r.key, r.count]));

/** Every document status in lifecycle order, zeros included. */
export function documentsByStatus(counts: KeyCount[]): CountRow[] {
  const byKey = countsOf(counts);
  return DOCUMENT_STATUSES.map((status) => ({
    key: status,
    label: documentStatusLabel(status),
    count: byKey.get(status) ?? 0,
  }));
}

/** The three known statuses (zeros included), then any other status found. */
export function trainingEventsByStatus(counts: KeyCount[]): CountRow[] {
  const byKey = countsOf(counts);
  const known: string[] = [...TRAINING_EVENT_STATUSES];
  const others = [...byKey.keys()].filter((status) => !known.includes(status)).sort();
  return [...known, ...others].map((status) => ({
    key: status,
    // A status the client does not know yet is shown as the server wrote it.
    label: known.includes(status)
      ? t(`dashboard:analytics.eventStatus.${status}`)
      : capitalise(status),
    count: byKey.get(status) ?? 0,
  }));
}

/** Event types, most frequent first. */
export function trainingEventsByType(counts: KeyCount[]): CountRow[] {
  return counts
    .map(({ key, count }) => ({ key, label: key, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The browser's time zone, which decides the server's "today" and its calendar days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
