import {
  CheckCircle2,
  ClipboardList,
  FileSearch,
  Minus,
  Sparkles,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StatTrend } from '@shared/api/records';
import { Card } from '../../components/ui/card';
import { t as appT } from '../../i18n/app';
import { formatNumber, formatPercent } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useAuth } from '../auth/use-auth';
import { QueryError, RoleNote } from './QueryError';
import { useDashboardStats } from './use-dashboard-stats';

export interface TrendLine {
  text: string;
  direction: 'up' | 'down' | 'flat' | null;
}

const signed = (n: number, digits = 0) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;

/**
 * The figure against itself `periodDays` ago, as the server computed it: a count changes by
 * records, a rate by percentage points. Nothing when the server sent no trend.
 */
export function trendLine(
  trend: StatTrend | undefined,
  kind: 'count' | 'rate',
  t: TFunction = appT,
): TrendLine | null {
  if (!trend) return null;
  const count = trend.periodDays;
  if (trend.change === null)
    return { text: t('dashboard:trend.noFigure', { count }), direction: null };
  if (trend.change === 0)
    return { text: t('dashboard:trend.noChange', { count }), direction: 'flat' };
  const direction = trend.change > 0 ? 'up' : 'down';
  if (kind === 'count')
    return { text: t('dashboard:trend.count', { count, change: signed(trend.change) }), direction };
  const change = signed(trend.change, 1);
  const text =
    trend.previous === null
      ? t('dashboard:trend.rate', { count, change })
      : t('dashboard:trend.rateWas', { count, change, previous: formatPercent(trend.previous) });
  return { text, direction };
}

const TREND_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

/** `better`: which way is good news (a rate up, a backlog down); none colours it neutral. */
function Trend({ line, better }: { line: TrendLine; better?: 'up' | 'down' }) {
  const Icon = line.direction ? TREND_ICONS[line.direction] : null;
  const moved = line.direction === 'up' || line.direction === 'down';
  const good = moved && better !== undefined && line.direction === better;
  const bad = moved && better !== undefined && line.direction !== better;
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs',
        good ? 'text-green-700' : bad ? 'text-red-700' : 'text-muted-foreground',
      )}
    >
      {Icon && <Icon aria-hidden className="size-3.5 shrink-0" />}
      {line.text}
    </p>
  );
}

interface Stat {
  label: string;
  icon: LucideIcon;
  tone: string;
  value: string | null;
  /** What the figure counts, or why there is none. */
  note: string;
  trend?: TrendLine | null;
  better?: 'up' | 'down';
}

function StatCard({
  stat,
  compact,
}: {
  stat: Stat | { label: string; icon: LucideIcon; tone: string };
  compact: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const loaded = 'value' in stat;
  return (
    <Card className={cn('flex flex-col gap-2', compact ? 'p-3' : 'p-5')}>
      <div className="flex items-start justify-between gap-2">
        <p className={cn('font-medium text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
          {stat.label}
        </p>
        <span
          className={cn(
            'flex shrink-0 items-center justify-center rounded-md',
            compact ? 'size-7' : 'size-9',
            stat.tone,
          )}
        >
          <stat.icon aria-hidden className={compact ? 'size-3.5' : 'size-4'} />
        </span>
      </div>
      {loaded ? (
        <>
          <p
            className={cn(
              'font-semibold tracking-tight tabular-nums',
              compact ? 'text-xl' : 'text-3xl',
            )}
          >
            {stat.value ?? (
              <span className="text-muted-foreground" aria-label={t('stats.notAvailable')}>
                —
              </span>
            )}
          </p>
          <p className="text-xs text-muted-foreground">{stat.note}</p>
          {stat.trend && <Trend line={stat.trend} better={stat.better} />}
        </>
      ) : (
        <div aria-hidden className="grid grid-cols-1 gap-2">
          <span
            className={cn(
              'block animate-pulse rounded bg-muted',
              compact ? 'h-6 w-12' : 'h-8 w-16',
            )}
          />
          <span className="block h-3 w-28 animate-pulse rounded bg-muted" />
        </div>
      )}
    </Card>
  );
}

/** The four figures; `id` names their label, `stats.<id>` in the dashboard catalogue. */
const CARDS = [
  { id: 'totalRecords', icon: ClipboardList, tone: 'bg-sky-100 text-sky-700' },
  { id: 'complianceRate', icon: CheckCircle2, tone: 'bg-green-100 text-green-700' },
  { id: 'pendingReviews', icon: FileSearch, tone: 'bg-amber-100 text-amber-700' },
  { id: 'aiAccuracy', icon: Sparkles, tone: 'bg-violet-100 text-violet-700' },
] as const;

/** The four dashboard figures from GET /api/dashboard/stats, each with its trend when the server computed one. */
export function StatCards({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const stats = useDashboardStats({ enabled: allowed });

  if (!allowed) return <RoleNote>{t('stats.roleNote')}</RoleNote>;
  if (stats.isError) return <QueryError error={stats.error} what={t('stats.what')} />;

  const data = stats.data;
  const card = (index: 0 | 1 | 2 | 3) => {
    const { id, icon, tone } = CARDS[index];
    return { label: t(`stats.${id}`), icon, tone };
  };
  const values: Stat[] | null = data
    ? [
        {
          ...card(0),
          value: formatNumber(data.totalRecords),
          note: t('stats.totalRecordsNote', { count: data.totalRecords }),
          trend: trendLine(data.trends?.totalRecords, 'count', t),
        },
        {
          ...card(1),
          value: data.complianceRate === null ? null : formatPercent(data.complianceRate),
          note:
            data.complianceRate === null
              ? t('stats.complianceRateNone')
              : t('stats.complianceRateNote'),
          trend: trendLine(data.trends?.complianceRate, 'rate', t),
          better: 'up',
        },
        {
          ...card(2),
          value: formatNumber(data.pendingReviews),
          note: t('stats.pendingReviewsNote'),
          trend: trendLine(data.trends?.pendingReviews, 'count', t),
          better: 'down',
        },
        {
          ...card(3),
          value: data.aiAccuracy === null ? null : formatPercent(data.aiAccuracy),
          note: data.aiAccuracy === null ? t('stats.aiAccuracyNone') : t('stats.aiAccuracyNote'),
          trend: trendLine(data.trends?.aiAccuracy, 'rate', t),
          better: 'up',
        },
      ]
    : null;

  return (
    <section
      aria-label={t('stats.label')}
      aria-busy={stats.isPending}
      className={cn('grid grid-cols-2 xl:grid-cols-4', compact ? 'gap-3' : 'gap-4')}
    >
      {(values ?? ([0, 1, 2, 3] as const).map(card)).map((stat) => (
        <StatCard key={stat.label} stat={stat} compact={compact} />
      ))}
    </section>
  );
}
