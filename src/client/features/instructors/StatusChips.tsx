import { useTranslation } from 'react-i18next';
import {
  INSTRUCTOR_STATUSES,
  type InstructorList,
  type InstructorStatus,
} from '@shared/api/instructors';
import { cn } from '../../lib/utils';
import { STATUS_LABELS } from './InstructorStatusBadge';

const DOT: Record<InstructorStatus, string> = {
  current: 'bg-green-600',
  due_soon: 'bg-amber-500',
  overdue: 'bg-red-600',
  not_eligible: 'bg-slate-400',
};

/**
 * The organization's counts per status (before filters), each a toggle of the status filter.
 * `aria-pressed` tells a screen reader which one filters the table.
 */
export function StatusChips({
  counts,
  selected,
  onSelect,
}: {
  counts: InstructorList['counts'];
  selected: InstructorStatus | null;
  onSelect: (status: InstructorStatus | null) => void;
}) {
  const { t } = useTranslation('instructors');
  const chip = (status: InstructorStatus | null, label: string, count: number) => (
    <button
      key={status ?? 'all'}
      type="button"
      aria-pressed={selected === status}
      onClick={() => onSelect(status)}
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring',
        selected === status
          ? 'border-primary bg-primary text-primary-foreground'
          : 'bg-card hover:bg-muted',
      )}
    >
      {status && <span aria-hidden className={cn('size-2 rounded-full', DOT[status])} />}
      {label}
      <span className="font-semibold tabular-nums">{count}</span>
    </button>
  );
  return (
    <div role="group" aria-label={t('chips.label')} className="flex flex-wrap gap-2">
      {chip(null, t('chips.all'), counts.total)}
      {INSTRUCTOR_STATUSES.map((status) => chip(status, t(STATUS_LABELS[status]), counts[status]))}
    </div>
  );
}
