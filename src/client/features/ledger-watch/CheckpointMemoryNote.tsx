import { History } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useLedgerWatch } from './use-ledger-watch';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "This browser has kept N checkpoints…": so an auditor can see the watch is working. */
export function CheckpointMemoryNote({ className }: { className?: string }) {
  const watch = useLedgerWatch();
  const data = watch.data;
  let text: string;
  if (watch.isPending) text = 'Checking this log against the checkpoints this browser kept…';
  else if (!data || data.status === 'unavailable') {
    text = `This browser could not check the log this time${
      data?.status === 'unavailable' ? ` (${data.reason})` : ''
    }.`;
  } else if (!data.memory) text = 'This browser has kept no checkpoints of this log yet.';
  else {
    const { count, latest } = data.memory;
    text = `This browser has kept ${plural(count, 'checkpoint', 'checkpoints')} of this log, the latest of ${plural(latest.treeSize, 'leaf', 'leaves')} seen on ${formatDateTime(latest.seenAt)}.`;
  }
  return (
    <p
      data-testid="checkpoint-memory"
      className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}
    >
      <History aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
