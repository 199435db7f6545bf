import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  acknowledgeResponse,
  alertCountResponse,
  alertsResponse,
  changeDetail,
  changesResponse,
  complianceReport,
  latestRunResponse,
  refreshResponse,
  watchedSource,
  watchedSourcesResponse,
  type AlertType,
  type WatchedSourceInput,
  type FetchRun,
} from '@shared/api/regulatory';
import { apiRequest } from '../../lib/api';

/** Every regulatory query key starts here, so a finished fetch can refresh them all. */
export const REGULATORY_KEY = ['/api/regulatory'] as const;
export const REPORT_KEY = [...REGULATORY_KEY, 'compliance-report'] as const;
export const LATEST_RUN_KEY = [...REGULATORY_KEY, 'runs', 'latest'] as const;
export const CHANGES_KEY = [...REGULATORY_KEY, 'changes'] as const;
export const ALERTS_KEY = [...REGULATORY_KEY, 'alerts'] as const;
export const ALERT_COUNT_KEY = [...REGULATORY_KEY, 'alerts', 'count'] as const;
export const SOURCES_KEY = [...REGULATORY_KEY, 'sources'] as const;

/** Spec §7: the compliance report is refetched every 5 minutes (and on Refresh). */
const REPORT_REFETCH_MS = 5 * 60_000;
/** The sidebar badge follows new alerts within a minute. */
const ALERT_COUNT_REFETCH_MS = 60_000;
/** While a fetch runs, its progress is polled this often. */
const RUN_POLL_MS = 1000;

export type AlertsView = 'all' | 'unacknowledged' | 'history';

export function isRunActive(run: FetchRun | null | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

export function useComplianceReport(country: string) {
  return useQuery({
    queryKey: [...REPORT_KEY, country],
    queryFn: () => {
      const query = country === 'all' ? '' : `?country=${encodeURIComponent(country)}`;
      return apiRequest(
        'GET',
        `/api/regulatory/compliance-report${query}`,
        undefined,
        complianceReport,
      );
    },
    refetchInterval: REPORT_REFETCH_MS,
    placeholderData: (previous) => previous,
  });
}

/** Everything a finished fetch may have changed: the report, the changes, alerts and the badge. */
function refreshAfterFetch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: REPORT_KEY }),
    queryClient.invalidateQueries({ queryKey: CHANGES_KEY }),
    queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  ]);
}

/** The newest fetch run, polled while it is queued or running; its end refreshes the data. */
export function useLatestRun() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: LATEST_RUN_KEY,
    queryFn: () => apiRequest('GET', '/api/regulatory/runs/latest', undefined, latestRunResponse),
    refetchInterval: (q) => (isRunActive(q.state.data?.run) ? RUN_POLL_MS : false),
  });
  const run = query.data?.run;
  const wasActive = useRef(false);
  useEffect(() => {
    const active = isRunActive(run);
    if (wasActive.current && !active) void refreshAfterFetch(queryClient);
    wasActive.current = active;
  }, [run, queryClient]);
  return query;
}

/** Refresh: starts a fetch job (202) and shows its run until the poll takes over. */
export function useRefreshRegulations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/regulatory/refresh', undefined, refreshResponse),
    onSuccess: ({ run }) => queryClient.setQueryData(LATEST_RUN_KEY, { run }),
  });
}

export function useChanges() {
  return useQuery({
    queryKey: CHANGES_KEY,
    queryFn: () => apiRequest('GET', '/api/regulatory/changes', undefined, changesResponse),
  });
}

export function useChange(id: string | null) {
  return useQuery({
    queryKey: [...CHANGES_KEY, id],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/regulatory/changes/${encodeURIComponent(id!)}`,
        undefined,
        changeDetail,
      ),
    enabled: id !== null,
  });
}

export function useAlerts(status: AlertsView, type?: AlertType) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'list', status, type ?? 'any'],
    queryFn: () => {
      const params = new URLSearchParams({ status });
      if (type) params.set('type', type);
      return apiRequest(
        'GET',
        `/api/regulatory/alerts?${params.toString()}`,
        undefined,
        alertsResponse,
      );
    },
    placeholderData: (previous) => previous,
  });
}

/** The sidebar badge: unacknowledged alerts of the caller's organization. */
export function useAlertCount(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ALERT_COUNT_KEY,
    queryFn: () => apiRequest('GET', '/api/regulatory/alerts/count', undefined, alertCountResponse),
    refetchInterval: ALERT_COUNT_REFETCH_MS,
  });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      apiRequest(
        'POST',
        `/api/regulatory/alerts/${encodeURIComponent(alertId)}/acknowledge`,
        undefined,
        acknowledgeResponse,
      ),
    // The lists, the cards' counts and the badge all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** The regulations the organization watches beyond Part 142 (their pages are in the Link Monitor). */
export function useWatchedSources() {
  return useQuery({
    queryKey: SOURCES_KEY,
    queryFn: () => apiRequest('GET', '/api/regulatory/sources', undefined, watchedSourcesResponse),
  });
}

export function useWatchSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WatchedSourceInput) =>
      apiRequest('POST', '/api/regulatory/sources', input, watchedSource),
    // The report lists it, and the Link Monitor gained its page.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REGULATORY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/links'] }),
      ]),
  });
}

export function useStopWatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/regulatory/sources/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REGULATORY_KEY }),
  });
}
