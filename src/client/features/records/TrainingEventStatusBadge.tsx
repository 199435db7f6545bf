import { useTranslation } from 'react-i18next';
import { TRAINING_EVENT_STATUSES } from '@shared/api/training-events';
import { Badge } from '../../components/ui/badge';

const VARIANTS: Record<string, 'success' | 'warning' | 'destructive'> = {
  completed: 'success',
  pending: 'warning',
  failed: 'destructive',
};

const isKnown = (status: string) => (TRAINING_EVENT_STATUSES as readonly string[]).includes(status);

/** Spec §4: completed green, pending amber, failed red; any other value neutral, as written. */
export function TrainingEventStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('records');
  return (
    <Badge
      variant={VARIANTS[status] ?? 'secondary'}
      className={isKnown(status) ? undefined : 'capitalize'}
    >
      {isKnown(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}
