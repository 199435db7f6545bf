import type { LinkAlert, LinkStatus } from '@shared/api/links';

/** Spec §2: link URLs are shown truncated at 60 characters (the full URL is in the title). */
export const URL_DISPLAY_LIMIT = 60;

export function truncateUrl(url: string, limit = URL_DISPLAY_LIMIT): string {
  return url.length <= limit ? url : `${url.slice(0, limit - 1)}…`;
}

export const STATUS_LABELS: Record<LinkStatus['status'], string> = {
  pending: 'Not checked yet',
  active: 'Active',
  broken: 'Broken',
  redirected: 'Redirected',
  changed: 'Changed',
};

export const STATUS_VARIANTS = {
  pending: 'outline',
  active: 'success',
  broken: 'destructive',
  redirected: 'info',
  changed: 'warning',
} as const satisfies Record<LinkStatus['status'], string>;

export const SEVERITY_VARIANTS = {
  low: 'secondary',
  medium: 'warning',
  high: 'destructive',
  critical: 'destructive',
} as const satisfies Record<LinkAlert['severity'], string>;

export const INTERVAL_CHOICES: { minutes: number; label: string }[] = [
  { minutes: 60, label: 'Every hour' },
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 720, label: 'Every 12 hours' },
  { minutes: 1440, label: 'Daily' },
  { minutes: 10080, label: 'Weekly' },
];

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** "3 hours ago", "in 12 days": relative to now, for detected and expiry times. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [size, unit] of units) {
    if (abs >= size) return rtf.format(Math.round(diff / size), unit);
  }
  return 'just now';
}
