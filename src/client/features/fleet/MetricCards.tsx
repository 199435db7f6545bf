import {
  Activity,
  Gauge,
  Network,
  PiggyBank,
  Plane,
  ShieldOff,
  TrendingUp,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceMetricKey, MaintenanceMetrics } from '@shared/api/maintenance-insight';
import { t } from '../../i18n/app';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber, withReadableDates } from '../../lib/format';
import { cn } from '../../lib/utils';
import { QueryError } from '../dashboard/QueryError';
import { probability } from './badges';
import { fixed } from './figure-format';
import { useMaintenanceMetrics } from './use-fleet';

/** Points of availability, signed: "+2.5 points", "−1.0 points". */
export function signedPoints(points: number) {
  const sign = points > 0 ? '+' : points < 0 ? '−' : '±';
  return t('fleet:units.points', { value: `${sign}${fixed(Math.abs(points), 1)}` });
}

const count = (n: number | null) => (n === null ? null : formatNumber(n));

/** The cards in order; each one's name is `metrics.cards.<key>` in the catalogue. */
const CARDS: {
  key: MaintenanceMetricKey;
  icon: LucideIcon;
  show: (m: MaintenanceMetrics) => string | null;
}[] = [
  { key: 'totalAircraft', icon: Plane, show: (m) => count(m.totalAircraft) },
  { key: 'criticalAlerts', icon: TriangleAlert, show: (m) => count(m.criticalAlerts) },
  { key: 'predictedFailures', icon: Activity, show: (m) => count(m.predictedFailures) },
  {
    key: 'uptimeImprovement',
    icon: TrendingUp,
    show: (m) => (m.uptimeImprovement === null ? null : signedPoints(m.uptimeImprovement)),
  },
  {
    key: 'predictiveAccuracy',
    icon: Gauge,
    show: (m) => (m.predictiveAccuracy === null ? null : probability(m.predictiveAccuracy)),
  },
  { key: 'costReduction', icon: PiggyBank, show: (m) => count(m.costReduction) },
  { key: 'preventedDowntime', icon: ShieldOff, show: (m) => count(m.preventedDowntime) },
  { key: 'networkIntelligence', icon: Network, show: (m) => count(m.networkIntelligence) },
];

/**
 * A missing value is named by its basis when the basis opens with one ("Not computed: …"), else
 * "Not measured"; the rest of the basis says why.
 */
export function missingValue(basis: string): { label: string; why: string } {
  const named = /^(Not [a-z ]+?):\s*(.*)$/s.exec(basis);
  return named
    ? { label: named[1]!, why: named[2]! }
    : { label: t('fleet:metrics.notMeasured'), why: basis };
}

/**
 * One figure with how it was computed. A value the server did not compute is said in words,
 * never a number; the basis is clamped to four lines, all of it in the title and for screen
 * readers.
 */
function MetricCard({
  label,
  value,
  basis,
  icon: Icon,
}: {
  label: string;
  value: string | null;
  basis: string;
  icon: LucideIcon;
}) {
  const missing = value === null ? missingValue(basis) : null;
  const hint = missing ? missing.why : basis;
  return (
    <Card className="min-w-0" data-testid="metric">
      <CardContent className="flex items-start justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p
            className={cn(
              'mt-1 font-semibold tabular-nums',
              value === null ? 'text-base text-muted-foreground' : 'text-2xl',
            )}
          >
            {missing ? missing.label : value}
          </p>
          <p className="mt-1 line-clamp-4 text-xs text-muted-foreground" title={hint}>
            {hint}
          </p>
        </div>
        <span className="hidden rounded-md bg-muted p-2 text-muted-foreground sm:block">
          <Icon aria-hidden className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

export function MetricCards() {
  const { t } = useTranslation('fleet');
  const metrics = useMaintenanceMetrics();
  if (metrics.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('metrics.loading')} />
      </div>
    );
  }
  if (metrics.isError) return <QueryError error={metrics.error} what={t('metrics.what')} />;
  const m = metrics.data;
  return (
    <section
      aria-label={t('metrics.label')}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      {CARDS.map((card) => (
        <MetricCard
          key={card.key}
          label={t(`metrics.cards.${card.key}`)}
          icon={card.icon}
          value={card.show(m)}
          basis={withReadableDates(m.basis[card.key] ?? '')}
        />
      ))}
    </section>
  );
}
