import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  linkAlert,
  linkAlertList,
  linkCheckRun,
  linkHistory,
  linkList,
  linkStatus,
  type LinkCheckRun,
  type LinkInput,
  type LinkPatch,
} from '@shared/api/links';
import { apiRequest } from '../../lib/api';

export const linkKeys = {
  all: ['/api/links'] as const,
  list: ['/api/links', 'list'] as const,
  alerts: (status: 'open' | 'resolved') => ['/api/links', 'alerts', status] as const,
  history: (id: string) => ['/api/links', 'history', id] as const,
  /** Apart from `all`, so refreshing every view after a run does not refetch the run itself. */
  run: (id: string) => ['link-check-run', id] as const,
};

const RUN_POLL_MS = 1000;

export function useLinks() {
  return useQuery({
    queryKey: linkKeys.list,
    queryFn: () => apiRequest('GET', '/api/links', undefined, linkList),
  });
}

export function useLinkAlerts(status: 'open' | 'resolved' = 'open') {
  return useQuery({
    queryKey: linkKeys.alerts(status),
    queryFn: () =>
      apiRequest('GET', `/api/links/alerts?status=${status}`, undefined, linkAlertList),
  });
}

export function useLinkHistory(id: string) {
  return useQuery({
    queryKey: linkKeys.history(id),
    queryFn: () => apiRequest('GET', `/api/links/${id}/history`, undefined, linkHistory),
  });
}

const isRunning = (run: LinkCheckRun | undefined | null) =>
  run?.status === 'queued' || run?.status === 'running';

/** A run of checks, asked for every second until it is finished; then every view is refreshed. */
export function useCheckRun(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: linkKeys.run(id ?? 'none'),
    enabled: id !== null,
    queryFn: async () => {
      const run = await apiRequest('GET', `/api/links/check/${id}`, undefined, linkCheckRun);
      if (!isRunning(run)) void queryClient.invalidateQueries({ queryKey: linkKeys.all });
      return run;
    },
    refetchInterval: (query) => (isRunning(query.state.data) ? RUN_POLL_MS : false),
  });
}

export { isRunning };

export function useStartChecks() {
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest('POST', '/api/links/check', ids ? { ids } : {}, linkCheckRun),
  });
}

function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: linkKeys.all });
}

export function useAddLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (input: LinkInput) => apiRequest('POST', '/api/links', input, linkStatus),
    onSuccess: invalidate,
  });
}

export function useEditLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: LinkPatch }) =>
      apiRequest('PATCH', `/api/links/${id}`, patch, linkStatus),
    onSuccess: invalidate,
  });
}

export function useDeleteLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/links/${id}`),
    onSuccess: invalidate,
  });
}

export function useResolveAlert() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/api/links/alerts/${id}/resolve`, {}, linkAlert),
    onSuccess: invalidate,
  });
}
