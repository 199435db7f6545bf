import { useAlertCount } from './use-regulatory';

/** The sidebar's count of unacknowledged regulatory alerts; hidden at 0 and while unknown. */
export function AlertsBadge() {
  const count = useAlertCount();
  const n = count.data?.unacknowledged ?? 0;
  if (n === 0) return null;
  return (
    <span className="rounded-full bg-red-500 px-1.5 py-0.5 text-[10px] font-semibold tabular-nums text-white">
      {n}
      <span className="sr-only"> unacknowledged</span>
    </span>
  );
}
