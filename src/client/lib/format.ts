import { format, parseISO } from 'date-fns';

/** Spec date formats: 'MMM dd, yyyy at hh:mm a' and 'MMM dd, yyyy'. */
export function formatDateTime(iso: string): string {
  return format(parseISO(iso), "MMM dd, yyyy 'at' hh:mm a");
}

export function formatDate(iso: string): string {
  return format(parseISO(iso), 'MMM dd, yyyy');
}

/** Dashboard percentages show one decimal. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/**
 * Server sentences write dates as YYYY-MM-DD ("Overdue since 2026-09-01"); on screen they read
 * like every other date of the page ("Sep 01, 2026").
 */
export function withReadableDates(text: string): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (iso) => {
    const d = parseISO(iso);
    return Number.isNaN(d.getTime()) ? iso : format(d, 'MMM dd, yyyy');
  });
}
