import { Loader2 } from 'lucide-react';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  // The shell's words come with the first script: spinners draw before any catalogue loads.
  const t = usePublicText('shell');
  return (
    <Loader2
      role="status"
      aria-label={label ?? t('loading')}
      className={cn('size-5 animate-spin text-muted-foreground', className)}
    />
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
