import { parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import type { DayCount } from './analytics';

/** Column chart of audit entries per day; each column carries its own accessible label. */
export function ActivityChart({ days }: { days: DayCount[] }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <ol aria-label={t('activityChart.label')} className="flex h-48 gap-1 sm:gap-2">
      {days.map(({ day, count }, index) => {
        const date = parseISO(day);
        const label = t('activityChart.day', { date: formatDate(day), count });
        // Label every other day, always including today (the last column).
        const showDay = (days.length - 1 - index) % 2 === 0;
        const dayOfMonth = showDay ? String(date.getDate()) : '';
        return (
          <li
            key={day}
            aria-label={label}
            title={label}
            className="flex h-full min-w-0 flex-1 flex-col items-center gap-1"
          >
            <span
              aria-hidden
              className="h-3.5 text-[10px] leading-3.5 font-medium tabular-nums text-muted-foreground"
            >
              {count > 0 ? count : ''}
            </span>
            <div aria-hidden className="flex w-full flex-1 items-end border-b">
              <span
                className={count > 0 ? 'block w-full rounded-t bg-sky-600' : 'block w-full'}
                style={{ height: count > 0 ? `${Math.max(3, (count / max) * 100)}%` : 0 }}
              />
            </div>
            <span aria-hidden className="h-4 text-[10px] leading-4 text-muted-foreground">
              {dayOfMonth}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
