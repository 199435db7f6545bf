import { format, parseISO, subDays } from 'date-fns';
import {
  DOCUMENT_STATUSES,
  TRAINING_EVENT_STATUSES,
  type DocumentSummary,
  type TrainingEventSummary,
} from '@shared/api/records';

export interface CountRow {
  key: string;
  label: string;
  count: number;
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Every document status in lifecycle order, zeros included. */
export function documentsByStatus(documents: DocumentSummary[]): CountRow[] {
  const counts = tally(documents.map((d) => d.status));
  return DOCUMENT_STATUSES.map((status) => ({
    key: status,
    label: capitalise(status),
    count: counts.get(status) ?? 0,
  }));
}

/** The three known statuses (zeros included), then any other status found. */
export function trainingEventsByStatus(events: TrainingEventSummary[]): CountRow[] {
  const counts = tally(events.map((e) => e.status));
  const known: string[] = [...TRAINING_EVENT_STATUSES];
  const others = [...counts.keys()].filter((status) => !known.includes(status)).sort();
  return [...known, ...others].map((status) => ({
    key: status,
    label: capitalise(status),
    count: counts.get(status) ?? 0,
  }));
}

/** Event types, most frequent first. */
export function trainingEventsByType(events: TrainingEventSummary[]): CountRow[] {
  return [...tally(events.map((e) => e.eventType.trim())).entries()]
    .map(([type, count]) => ({ key: type, label: type, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export interface DayCount {
  day: string;
  count: number;
}

/** Entries per local calendar day for the `days` days ending today, oldest first. */
export function activityPerDay(timestamps: string[], now: Date, days = 14): DayCount[] {
  const counts = tally(timestamps.map((ts) => format(parseISO(ts), 'yyyy-MM-dd')));
  return Array.from({ length: days }, (_, index) => {
    const day = format(subDays(now, days - 1 - index), 'yyyy-MM-dd');
    return { day, count: counts.get(day) ?? 0 };
  });
}
