import { useTranslation } from 'react-i18next';
import type { ComplianceStatus, RiskLevel } from '@shared/api/audit';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

/** Spec §4: COMPLIANT green, NON_COMPLIANT red, PARTIAL yellow, INSUFFICIENT_DATA grey. */
const STATUS_CLASSES: Record<ComplianceStatus, string> = {
  COMPLIANT: 'bg-green-100 text-green-800',
  PARTIAL: 'bg-yellow-100 text-yellow-800',
  NON_COMPLIANT: 'bg-red-100 text-red-800',
  INSUFFICIENT_DATA: 'bg-slate-200 text-slate-700',
};

/**
 * Spec §4: CRITICAL red, HIGH orange, MEDIUM yellow, LOW green, in shades dark enough for white
 * text (4.5:1).
 */
const RISK_CLASSES: Record<RiskLevel, string> = {
  CRITICAL: 'bg-red-600 text-white',
  HIGH: 'bg-orange-700 text-white',
  MEDIUM: 'bg-yellow-400 text-yellow-950',
  LOW: 'bg-green-700 text-white',
};

export function ComplianceStatusBadge({ status }: { status: ComplianceStatus }) {
  const { t } = useTranslation('audit');
  return (
    <Badge variant="outline" className={cn('border-transparent', STATUS_CLASSES[status])}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  const { t } = useTranslation('audit');
  return (
    <Badge variant="outline" className={cn('border-transparent', RISK_CLASSES[risk])}>
      {t(`risk.${risk}`)}
    </Badge>
  );
}
