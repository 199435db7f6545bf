import { LINK_INTERVALS, type LinkAlert, type LinkStatus } from '@shared/api/links';
import { t } from '../../i18n/app';
import { formatNumber, formatRelative } from '../../lib/format';

/** Spec §2: link URLs are shown truncated at 60 characters (the full URL is in the title). */
export const URL_DISPLAY_LIMIT = 60;

export function truncateUrl(url: string, limit = URL_DISPLAY_LIMIT): string {
  return url.length <= limit ? url : `${url.slice(0, limit - 1)}…`;
}

/** A status's label is `status.<status>` in the links catalogue. */
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

/** The check intervals offered, in minutes; each one's label is `interval.<minutes>`. */
export const INTERVAL_CHOICES: readonly number[] = LINK_INTERVALS;

/** `412 ms`, `1.2 s` (`1,2 s` in French). */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000
    ? `${formatNumber(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`
    : `${formatNumber(ms)} ms`;
}

/** "3 hours ago", "in 12 days": relative to now, for detected and expiry times, in the reader's language. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (abs >= size) return formatRelative(Math.round(diff / size), unit);
  }
  return t('links:time.justNow');
}
