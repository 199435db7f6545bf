import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../lib/utils';

/**
 * One figure with its label. `value: null` means "nothing to compute from yet" and shows a dash
 * (read out as "No data"), so an empty screen never displays a number it did not count.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  flat = false,
  className,
}: {
  label: string;
  value: number | string | null;
  hint?: string;
  icon?: LucideIcon;
  /** A borderless tile for use inside another card. */
  flat?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('placeholders');
  return (
    <Card
      className={cn('min-w-0', flat && 'border-transparent bg-muted/60 shadow-none', className)}
    >
      <CardContent className="flex items-start justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">
            {value === null ? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">{t('statCard.noData')}</span>
              </>
            ) : (
              value
            )}
          </p>
          {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
        </div>
        {Icon && (
          <span
            className={cn(
              'hidden rounded-md p-2 text-muted-foreground sm:block',
              flat ? 'bg-card' : 'bg-muted',
            )}
          >
            <Icon aria-hidden className="size-5" />
          </span>
        )}
      </CardContent>
    </Card>
  );
}
