import type { AdminStats } from '@shared/api/users';
import { findPlan, type PlanId } from '@shared/constants/plans';
import { Progress } from '../../components/ui/misc';

/** Seats are held by active and invited users; deactivated users free theirs. */
export function seatsUsed(stats: AdminStats) {
  return stats.activeUsers + stats.invitedUsers;
}

export function seatsFull(stats: AdminStats) {
  return stats.userLimit !== null && seatsUsed(stats) >= stats.userLimit;
}

export function seatText(stats: AdminStats) {
  const used = seatsUsed(stats);
  return stats.userLimit === null
    ? `${used} ${used === 1 ? 'seat' : 'seats'} used (unlimited)`
    : `${used} of ${stats.userLimit} seats used`;
}

export function SeatUsage({ stats, plan }: { stats: AdminStats; plan: PlanId }) {
  const planName = findPlan(plan)?.name ?? plan;
  const used = seatsUsed(stats);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-medium">{planName} plan</p>
        <p className="text-sm text-muted-foreground" data-testid="seat-usage">
          {seatText(stats)}
        </p>
      </div>
      {stats.userLimit !== null && (
        <Progress value={(used / stats.userLimit) * 100} label={`Seats used: ${seatText(stats)}`} />
      )}
      <p className="text-xs text-muted-foreground">
        {stats.activeUsers} active, {stats.invitedUsers} invited.
        {seatsFull(stats) &&
          ' All seats are in use: deactivate a user or change plan to invite another.'}
      </p>
    </div>
  );
}
