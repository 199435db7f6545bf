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
