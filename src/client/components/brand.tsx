import { PlaneTakeoff } from 'lucide-react';
import { cn } from '../lib/utils';

/** The product mark, on public pages and in the application shell alike. */
export function BrandMark({
  className,
  tone = 'dark',
}: {
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 font-semibold tracking-tight',
        tone === 'light' ? 'text-white' : 'text-primary',
        className,
      )}
    >
      <span
        className={cn(
          'flex size-8 items-center justify-center rounded-md',
          tone === 'light' ? 'bg-sky-400/15 text-sky-300' : 'bg-primary text-sky-300',
        )}
      >
        <PlaneTakeoff aria-hidden className="size-5" />
      </span>
      Centerline
    </span>
  );
}

/** Sets the tab title while a public page is shown. */
