import type { TFunction } from 'i18next';
import { Activity, Building2, CreditCard, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@shared/api/users';
import { findPlan, type PlanId } from '@shared/constants/plans';
import { Card, CardContent } from '../../components/ui/card';
import { t as appT } from '../../i18n/app';
import { formatDateTime, formatNumber } from '../../lib/format';
import { seatText } from '../users/SeatUsage';

function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="truncate text-2xl font-semibold tracking-tight">{value}</p>
          <p className="text-xs text-muted-foreground">{detail}</p>
        </div>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-secondary-foreground">
          <Icon aria-hidden className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

/** `3 d 4 h`, `5 h 12 min`, `42 min`: how long this server process has run. */
export function uptimeText(seconds: number, t: TFunction = appT): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('admin:uptime.days', { days, hours });
  if (hours > 0) return t('admin:uptime.hours', { hours, minutes });
  return t('admin:uptime.minutes', { minutes });
}

/** Every figure comes from GET /api/admin/stats; nothing here is typed in. */
export function AdminStatCards({
  stats,
  plan,
  operator = false,
}: {
  stats: AdminStats;
  plan: PlanId;
  operator?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label={t('stats.organizations')}
        value={formatNumber(stats.totalOrganizations)}
        detail={t(operator ? 'stats.organizationsOperator' : 'stats.organizationsDetail')}
        icon={Building2}
      />
      <StatCard
        label={t('stats.users')}
        value={formatNumber(stats.totalUsers)}
        detail={t('stats.usersDetail', {
          active: formatNumber(stats.activeUsers),
          invited: formatNumber(stats.invitedUsers),
        })}
        icon={Users}
      />
      <StatCard
        label={t('stats.plan')}
        value={findPlan(plan)?.name ?? plan}
        detail={seatText(stats)}
        icon={CreditCard}
      />
      <StatCard
        label={t('stats.uptime')}
        value={uptimeText(stats.server.uptimeSeconds, t)}
        detail={t('stats.uptimeDetail', { date: formatDateTime(stats.server.startedAt) })}
        icon={Activity}
      />
    </div>
  );
}
