import type { Discrepancy } from '@shared/api/maintenance';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useUpdateDiscrepancy } from './use-fleet';

/** An open write-up deferred (kept open, not restricting today's plan): a new version, ledgered. */
export function DeferButton({ deviceId, entry }: { deviceId: string; entry: Discrepancy }) {
  const update = useUpdateDiscrepancy(deviceId);
  const defer = async () => {
    try {
      await update.mutateAsync({
        id: entry.id,
        status: 'deferred',
        expectedVersion: entry.version,
      });
      toast({ title: 'Discrepancy deferred', description: entry.description });
    } catch (error) {
      toast({
        title: 'It could not be deferred',
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
      aria-label={`Defer discrepancy: ${entry.description}`}
    >
      {update.isPending ? 'Deferring…' : 'Defer'}
    </Button>
  );
}
