import { useTranslation } from 'react-i18next';
import type { Discrepancy } from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useUpdateDiscrepancy } from './use-fleet';

/** An open write-up deferred (kept open, not restricting today's plan): a new version, ledgered. */
export function DeferButton({ deviceId, entry }: { deviceId: string; entry: Discrepancy }) {
  const { t } = useTranslation('fleet');
  const update = useUpdateDiscrepancy(deviceId);
  const defer = async () => {
    try {
      await update.mutateAsync({
        id: entry.id,
        status: 'deferred',
        expectedVersion: entry.version,
      });
      toast({ title: t('defer.toast'), description: entry.description });
    } catch (error) {
      toast({
        title: t('defer.failed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={update.isPending}
      onClick={defer}
      aria-label={t('defer.label', { description: entry.description })}
    >
      {update.isPending ? t('defer.busy') : t('defer.trigger')}
    </Button>
  );
}
