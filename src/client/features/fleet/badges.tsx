import { CircleCheck, CircleAlert } from 'lucide-react';
import type {
  DeviceStatus,
  DiscrepancySeverity,
  DiscrepancyStatus,
  Release,
} from '@shared/api/maintenance';
import type { MaintenanceSeverity } from '@shared/api/maintenance-insight';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { formatPercent, withReadableDates } from '../../lib/format';
import { cn } from '../../lib/utils';

const STATUS_VARIANTS = {
  OPERATIONAL: 'success',
  MAINTENANCE: 'warning',
  INSPECTION: 'info',
  GROUNDED: 'destructive',
} as const satisfies Record<DeviceStatus, string>;

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation('fleet');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`deviceStatus.${status}`)}</Badge>;
}

/** The spec's risk colours in this dashboard: critical red, high orange, medium yellow, low blue. */
const SEVERITY_CLASSES: Record<MaintenanceSeverity, string> = {
  CRITICAL: 'border-transparent bg-red-600 text-white',
  HIGH: 'border-transparent bg-orange-100 text-orange-900',
  MEDIUM: 'border-transparent bg-yellow-100 text-yellow-900',
  LOW: 'border-transparent bg-sky-100 text-sky-900',
};

export function SeverityBadge({ severity }: { severity: MaintenanceSeverity }) {
  const { t } = useTranslation('fleet');
  return (
    <Badge variant="outline" className={SEVERITY_CLASSES[severity]}>
      {t(`alertSeverity.${severity}`)}
    </Badge>
  );
}

const DISCREPANCY_CLASSES: Record<DiscrepancySeverity, string> = {
  down: 'border-transparent bg-red-100 text-red-800',
  restricted: 'border-transparent bg-amber-100 text-amber-800',
  no_impact: 'border-transparent bg-slate-100 text-slate-700',
};

export function DiscrepancySeverityBadge({ severity }: { severity: DiscrepancySeverity }) {
  const { t } = useTranslation('fleet');
  return (
    <Badge variant="outline" className={DISCREPANCY_CLASSES[severity]}>
      {t(`discrepancySeverity.${severity}`)}
    </Badge>
  );
}

const DISCREPANCY_STATUS_VARIANTS = {
  open: 'warning',
  deferred: 'info',
  closed: 'secondary',
} as const satisfies Record<DiscrepancyStatus, string>;

export function DiscrepancyStatusBadge({ status }: { status: DiscrepancyStatus }) {
  const { t } = useTranslation('fleet');
  return (
    <Badge variant={DISCREPANCY_STATUS_VARIANTS[status]}>{t(`discrepancyStatus.${status}`)}</Badge>
  );
}

/** The spec's health colours: 80 or more green, 60 or more yellow, below 60 red. */
export function healthTone(score: number) {
  if (score >= 80) return 'text-green-700';
  if (score >= 60) return 'text-yellow-700';
  return 'text-red-700';
}

export function HealthScore({ score, className }: { score: number | null; className?: string }) {
  const { t } = useTranslation('fleet');
  if (score === null) {
    return <span className={cn('text-muted-foreground', className)}>{t('health.noScore')}</span>;
  }
  return (
    <span className={cn('font-semibold tabular-nums', healthTone(score), className)}>
      {formatPercent(score)}
    </span>
  );
}

/** Whether the device may train today (142.59(c)(3)), said in words with the server's reason. */
export function ReleaseLine({ release }: { release: Release }) {
  const { t } = useTranslation('fleet');
  const Icon = release.released ? CircleCheck : CircleAlert;
  return (
    <div
      data-testid="release"
      className={cn(
        'flex items-start gap-2 text-sm',
        'rounded-md border px-3 py-2',
        release.released
          ? 'border-green-200 bg-green-50 text-green-900'
          : 'border-amber-200 bg-amber-50 text-amber-950',
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          'mt-0.5 size-4 shrink-0',
          release.released ? 'text-green-700' : 'text-amber-700',
        )}
      />
      <span>
        <span className="font-medium">
          {release.released ? t('release.released') : t('release.notReleased')}
        </span>
        <span>{t('release.reason', { reason: withReadableDates(release.reason) })}</span>
      </span>
    </div>
  );
}

/**
 * A 0–1 probability as the dashboard writes percentages. A model's probability is never quite
 * 0 or 1, so one that rounds to either end says so rather than claim certainty.
 */
export function probability(p: number) {
  if (p > 0 && p < 0.0005) return `< ${formatPercent(0.1)}`;
  if (p < 1 && p >= 0.9995) return `> ${formatPercent(99.9)}`;
  return formatPercent(p * 100);
}
