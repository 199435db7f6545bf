import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { cn } from '../../lib/utils';

export interface UnavailableAction {
  label: string;
  icon?: LucideIcon;
  variant?: ButtonProps['variant'];
}

/**
 * Buttons of the observed screen that cannot act in this version: shown disabled, with the reason
 * written beside them (a tooltip would not reach touch or keyboard users on a disabled button)
 * and linked to each button through aria-describedby.
 */
export function UnavailableActions({
  actions,
  reason,
  className,
}: {
  actions: UnavailableAction[];
  reason: string;
  className?: string;
}) {
  const reasonId = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex flex-wrap gap-2">
        {actions.map(({ label, icon: Icon, variant = 'outline' }) => (
          <Button key={label} type="button" variant={variant} disabled aria-describedby={reasonId}>
            {Icon && <Icon aria-hidden />}
            {label}
          </Button>
        ))}
      </div>
      <p id={reasonId} className="text-xs text-muted-foreground">
        {reason}
      </p>
    </div>
  );
}
