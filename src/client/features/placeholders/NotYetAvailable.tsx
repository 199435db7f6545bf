import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** A neutral note saying what this version cannot do yet and what will fill the screen. */
export function NotYetAvailable({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="note"
      className={cn('flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm', className)}
    >
      <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium text-sky-950">{title}</p>
        {children && <div className="text-sky-900/80">{children}</div>}
      </div>
    </div>
  );
}
