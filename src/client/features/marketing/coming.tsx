import type { ReactNode } from 'react';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';

/**
 * Marks something the public pages mention that Centerline does not do yet, so that every
 * unmarked sentence describes what the product does today.
 */
export function ComingBadge({ className }: { className?: string }) {
  const t = usePublicText('marketing');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold uppercase leading-4 tracking-wide text-amber-900',
        className,
      )}
    >
      {t('coming.badge')}
      <span className="sr-only">:</span>
    </span>
  );
}

/** One line about a planned capability, led by its badge. */
export function ComingNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <ComingBadge className="mt-px" /> <span>{children}</span>
    </p>
  );
}
