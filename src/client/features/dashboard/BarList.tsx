import { formatNumber, formatPercent } from '../../lib/format';
import { cn } from '../../lib/utils';
import type { CountRow } from './analytics';

/** Horizontal bars with counts and shares; `tones` colours bars by row key, others get `fallbackTone`. */
export function BarList({
  rows,
  label,
  tones = {},
  fallbackTone = 'bg-primary',
}: {
  rows: CountRow[];
  label: string;
  tones?: Record<string, string>;
  fallbackTone?: string;
}) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3">
      {rows.map((row) => (
        <li key={row.key} className="grid grid-cols-1 gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate" title={row.label}>
              {row.label}
            </span>
            <span className="shrink-0 tabular-nums">
              <span className="font-semibold">{formatNumber(row.count)}</span>
              {total > 0 && (
                <span className="ml-1.5 text-xs text-muted-foreground">
                  {formatPercent((row.count / total) * 100)}
                </span>
              )}
            </span>
          </div>
          <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
            <div
              className={cn('h-full rounded-full', tones[row.key] ?? fallbackTone)}
              style={{ width: `${(row.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
