import { STATUS_LABELS, type ChecklistStatus } from '@shared/checklist/types';
import { Badge } from '../../components/ui/badge';

const VARIANT = {
  compliant: 'success',
  partial: 'warning',
  'non-compliant': 'destructive',
  'not-applicable': 'secondary',
  pending: 'outline',
} as const satisfies Record<ChecklistStatus, string>;

export function StatusBadge({ status }: { status: ChecklistStatus }) {
  return <Badge variant={VARIANT[status]}>{STATUS_LABELS[status]}</Badge>;
}
