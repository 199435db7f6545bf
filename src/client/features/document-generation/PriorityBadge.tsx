import { useTranslation } from 'react-i18next';
import type { GenerationPriority } from '@shared/api/document-generation';
import { Badge } from '../../components/ui/badge';

/** Spec §4: critical and high destructive, medium secondary, low outline. */
const VARIANT = {
  CRITICAL: 'destructive',
  HIGH: 'destructive',
  MEDIUM: 'secondary',
  LOW: 'outline',
} as const;

export function PriorityBadge({
  priority,
  className,
}: {
  priority: GenerationPriority;
  className?: string;
}) {
  const { t } = useTranslation('document-generation');
  return (
    <Badge variant={VARIANT[priority]} className={className}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
