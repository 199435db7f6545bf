import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useLedgerWatch } from './use-ledger-watch';

/** "This browser has kept N checkpoints…": so an auditor can see the watch is working. */
export function CheckpointMemoryNote({ className }: { className?: string }) {
  const { t } = useTranslation('ledger-watch');
  const watch = useLedgerWatch();
  const data = watch.data;
  let text: string;
  if (watch.isPending) text = t('memory.checking');
  else if (!data) text = t('memory.unavailable');
  else if (data.status === 'unavailable') {
    text = t('memory.unavailableBecause', {
      reason: data.cause === 'no-store' ? t('memory.noStore') : data.message,
    });
  } else if (!data.memory) text = t('memory.none');
  else {
    const { count, latest } = data.memory;
    text = t('memory.kept', {
      checkpoints: t('memory.checkpoints', { count, n: formatNumber(count) }),
      leaves: t('memory.leaves', { count: latest.treeSize, n: formatNumber(latest.treeSize) }),
      date: formatDateTime(latest.seenAt),
    });
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
