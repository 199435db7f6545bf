import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemConfiguration, type ConfigurationUpdate } from '@shared/api/configuration';
import { headHistory } from '@shared/api/ledger';
import { apiRequest } from '../../lib/api';
import { AUTH_KEY } from '../auth/use-auth';

export const CONFIGURATION_KEY = ['/api/admin/configuration'] as const;
const HEADS_PAGE = 20;

export function useConfiguration() {
  return useQuery({
    queryKey: CONFIGURATION_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/configuration', undefined, systemConfiguration),
  });
}

/** Saves the threshold and page limit; the signed-in user's copy of the threshold follows. */
export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ConfigurationUpdate) =>
      apiRequest('PUT', '/api/admin/configuration', update, systemConfiguration),
    onSuccess: async (saved) => {
      queryClient.setQueryData(CONFIGURATION_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: AUTH_KEY });
    },
  });
}

/** The ledger's signed heads, newest first, a page at a time. */
export function useHeadHistory(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/ledger/heads'],
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      apiRequest(
        'GET',
        `/api/ledger/heads?limit=${HEADS_PAGE}${pageParam ? `&beforeSize=${pageParam}` : ''}`,
        undefined,
        headHistory,
      ),
    getNextPageParam: (last) =>
      last.heads.length === HEADS_PAGE ? last.heads.at(-1)?.treeSize : undefined,
  });
}
