import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth';
import { watchLedgerInBrowser } from './watch-ledger';

export const ledgerWatchKey = (organizationId: string) => ['ledger-watch', organizationId] as const;

/**
 * The check of the organization's log against this browser's memory: once per app load (the
 * query never goes stale), shared by the banner and every screen that shows the memory.
 */
export function useLedgerWatch() {
  const { user } = useAuth();
  const organizationId = user?.organizationId ?? '';
  return useQuery({
    queryKey: ledgerWatchKey(organizationId),
    queryFn: () => watchLedgerInBrowser(organizationId),
    enabled: organizationId !== '',
    staleTime: Infinity,
  });
}
