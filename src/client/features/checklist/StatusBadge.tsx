import { useTranslation } from 'react-i18next';
import type { ChecklistStatus } from '@shared/checklist/types';
import { Badge } from '../../components/ui/badge';

const VARIANT = {
  compliant: 'success',
  partial: 'warning',
  'non-compliant': 'destructive',
  'not-applicable': 'secondary',
  pending: 'outline',
} as const satisfies Record<ChecklistStatus, string>;

export function StatusBadge({ status }: { status: ChecklistStatus }) {
  const { t } = useTranslation('checklist');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
