import { useTranslation } from 'react-i18next';
import type { InstructorStatus } from '@shared/api/instructors';
import { Badge } from '../../components/ui/badge';

/** Each status's word, a key of the `instructors` catalogue. */
export const STATUS_LABELS: Record<InstructorStatus, string> = {
  current: 'status.current',
  due_soon: 'status.due_soon',
  overdue: 'status.overdue',
  not_eligible: 'status.not_eligible',
};

const VARIANTS = {
  current: 'success',
  due_soon: 'warning',
  overdue: 'destructive',
  not_eligible: 'secondary',
} as const satisfies Record<InstructorStatus, string>;

export function InstructorStatusBadge({ status }: { status: InstructorStatus }) {
  const { t } = useTranslation('instructors');
  return <Badge variant={VARIANTS[status]}>{t(STATUS_LABELS[status])}</Badge>;
}
