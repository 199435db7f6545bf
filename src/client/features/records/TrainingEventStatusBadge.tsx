import { Badge } from '../../components/ui/badge';

const VARIANTS: Record<string, 'success' | 'warning' | 'destructive'> = {
  completed: 'success',
  pending: 'warning',
  failed: 'destructive',
};

/** Spec §4: completed green, pending amber, failed red; any other value neutral. */
export function TrainingEventStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={VARIANTS[status] ?? 'secondary'} className="capitalize">
      {status}
    </Badge>
  );
}
