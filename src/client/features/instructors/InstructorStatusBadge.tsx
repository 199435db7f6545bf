import type { InstructorStatus } from '@shared/api/instructors';
import { Badge } from '../../components/ui/badge';

export const STATUS_LABELS: Record<InstructorStatus, string> = {
  current: 'Current',
  due_soon: 'Due within 30 days',
  overdue: 'Overdue',
  not_eligible: 'Not eligible',
};

const VARIANTS = {
  current: 'success',
  due_soon: 'warning',
  overdue: 'destructive',
  not_eligible: 'secondary',
} as const satisfies Record<InstructorStatus, string>;

export function InstructorStatusBadge({ status }: { status: InstructorStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
