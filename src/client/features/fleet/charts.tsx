import { useTranslation } from 'react-i18next';
import { locale } from '../../i18n/app';
import { formatMonth } from '../../lib/format';
import { cn } from '../../lib/utils';

export interface MonthValue {
  /** YYYY-MM */
  month: string;
  value: number | null;
  reason: string | null;
}

const monthName = (month: string) => formatMonth(month);
const monthShort = (month: string) => formatMonth(month, { month: 'short' });

/**
 * One column per month, each with its own accessible label. A month without a value has no
 * column: it reads "no value" and its reason is listed under the chart, never drawn as 0.
 */
export function MonthColumns({
  months,
  label,
  show,
  max,
  tone = 'bg-sky-600',
}: {
  months: readonly MonthValue[];
  label: string;
  show: (value: number) => string;
  /** The top of the scale; the largest value when left out. */
  max?: number;
  tone?: string;
}) {
  const { t } = useTranslation('fleet');
  const top = max ?? Math.max(0, ...months.map((m) => m.value ?? 0));
  const missing = months.filter((m) => m.value === null);
  return (
    <div className="grid gap-3">
      <ol aria-label={label} className="flex h-44 items-stretch gap-2">
        {months.map((m) => {
          const text =
            m.value === null
              ? t('charts.noValue', {
                  month: monthName(m.month),
                  reason: m.reason ?? t('charts.notComputed'),
                })
              : t('charts.value', { month: monthName(m.month), value: show(m.value) });
          const height = m.value === null || top <= 0 ? 0 : Math.max(2, (m.value / top) * 100);
          return (
            <li
              key={m.month}
              aria-label={text}
              title={text}
              className="flex min-w-0 flex-1 flex-col items-center gap-1"
            >
              <span
                aria-hidden
                className="h-4 text-[11px] leading-4 font-medium tabular-nums whitespace-nowrap text-muted-foreground"
              >
                {m.value === null ? '—' : show(m.value)}
              </span>
              <div aria-hidden className="flex w-full flex-1 items-end justify-center border-b">
                <span
                  className={cn('block w-full max-w-12 rounded-t', m.value !== null && tone)}
                  style={{ height: `${height}%` }}
                />
              </div>
              <span aria-hidden className="h-4 text-[11px] leading-4 text-muted-foreground">
                {monthShort(m.month)}
              </span>
            </li>
          );
        })}
      </ol>
      {missing.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {missing.map((m) => (
            <li key={m.month}>
              {t('charts.noValueListed', {
                month: monthName(m.month),
                reason: m.reason ?? t('charts.notComputed'),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The two bars' colours, first and second. */
const PAIR_TONES = ['bg-sky-600', 'bg-orange-500'] as const;

export interface PairedRow {
  key: string;
  label: string;
  first: number;
  second: number;
}

/** Two counts per row as bars on one scale (discrepancies and, of them, failures). */
export function PairedBars({
  rows,
  label,
  names,
}: {
  rows: readonly PairedRow[];
  label: string;
  names: [string, string];
}) {
  const { t } = useTranslation('fleet');
  const max = Math.max(1, ...rows.map((r) => Math.max(r.first, r.second)));
  return (
    <div className="grid gap-3">
      <div aria-hidden className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-sky-600" /> {names[0]}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-orange-500" /> {names[1]}
        </span>
      </div>
      <ul aria-label={label} className="grid gap-3">
        {rows.map((r) => (
          <li
            key={r.key}
            aria-label={t('charts.paired', {
              label: r.label,
              first: r.first,
              firstName: names[0].toLocaleLowerCase(locale()),
              second: r.second,
              secondName: names[1].toLocaleLowerCase(locale()),
            })}
            className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-3 text-sm"
          >
            <span className="truncate" title={r.label}>
              {r.label}
            </span>
            <div aria-hidden className="grid gap-1">
              {[r.first, r.second].map((n, i) => (
                <div key={i} className="flex items-center gap-2">
                  <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                    <div
                      className={cn('h-full rounded-full', PAIR_TONES[i])}
                      style={{ width: `${(n / max) * 100}%` }}
                    />
                  </div>
                  <span className="w-6 text-right text-xs tabular-nums">{n}</span>
                </div>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
