import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@shared/api/users';
import type { PlanId } from '@shared/constants/plans';
import { Progress } from '../../components/ui/misc';
import { t as translate } from '../../i18n/app';
import { formatNumber } from '../../lib/format';

/** Seats are held by active and invited users; deactivated users free theirs. */
export function seatsUsed(stats: AdminStats) {
  return stats.activeUsers + stats.invitedUsers;
}

export function seatsFull(stats: AdminStats) {
  return stats.userLimit !== null && seatsUsed(stats) >= stats.userLimit;
}

/** `2 of 50 seats used`, in the reader's language (also drawn by the admin dashboard). */
export function seatText(stats: AdminStats) {
  const used = seatsUsed(stats);
  return stats.userLimit === null
    ? translate('users:seats.usedUnlimited', { count: used, used: formatNumber(used) })
    : translate('users:seats.usedOf', {
        count: used,
        used: formatNumber(used),
        limit: formatNumber(stats.userLimit),
      });
}

export function SeatUsage({ stats, plan }: { stats: AdminStats; plan: PlanId }) {
  const { t } = useTranslation('users');
  const used = seatsUsed(stats);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-medium">{t('seats.plan', { plan: t(`seats.plans.${plan}`) })}</p>
        <p className="text-sm text-muted-foreground" data-testid="seat-usage">
          {seatText(stats)}
        </p>
      </div>
      {stats.userLimit !== null && (
        <Progress
          value={(used / stats.userLimit) * 100}
          label={t('seats.progress', { seats: seatText(stats) })}
        />
      )}
      <p className="text-xs text-muted-foreground">
        {t('seats.breakdown', {
          active: formatNumber(stats.activeUsers),
          invited: formatNumber(stats.invitedUsers),
        })}
        {seatsFull(stats) && ` ${t('seats.full')}`}
      </p>
    </div>
  );
}
