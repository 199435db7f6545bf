import type { ReactNode } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { cn } from '../../lib/utils';
import { useSearchParam } from './use-search-param';

/** Radix tabs whose selected tab lives in the query string (`?tab=`). */
export function UrlTabs<T extends string>({
  values,
  param = 'tab',
  children,
  className,
  orientation,
}: {
  values: readonly [T, ...T[]];
  param?: string;
  children: ReactNode;
  className?: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const [tab, setTab] = useSearchParam<T>(param, values[0], values);
  return (
    <Tabs
      value={tab}
      onValueChange={setTab}
      className={cn('min-w-0', className)}
      orientation={orientation}
    >
      {children}
    </Tabs>
  );
}
