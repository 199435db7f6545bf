import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditRunComparison,
  auditRunDetail,
  auditRunList,
  complianceAnalysisResponse,
  documentSummaryResponse,
  type ComplianceAnalysisResponse,
} from '@shared/api/audit';
import { t } from '../../i18n/app';
import { ApiError, apiRequest, throwIfNotOk } from '../../lib/api';

export const DOCUMENT_SUMMARY_KEY = ['/api/audit/document-summary'] as const;
export const AUDIT_RUNS_KEY = ['/api/audit/runs'] as const;
export const auditRunKey = (id: string) => ['/api/audit/runs', id] as const;

/** Spec §8: a failed summary load reads 'Failed to fetch document summary'. */
export function useDocumentSummary() {
  return useQuery({
    queryKey: DOCUMENT_SUMMARY_KEY,
    queryFn: async () => {
      try {
        return await apiRequest(
          'GET',
          '/api/audit/document-summary',
          undefined,
          documentSummaryResponse,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        throw new Error(t('audit:summary.fetchFailed'));
      }
    },
  });
}

/** Run history; polled every second while a run is queued or running, to show its progress. */
export function useAuditRuns(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: AUDIT_RUNS_KEY,
    queryFn: () => apiRequest('GET', '/api/audit/runs', undefined, auditRunList),
    refetchInterval: (query) =>
      options.poll ||
      query.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running')
        ? 1000
        : false,
  });
}

export function useAuditRun(id: string | null) {
  return useQuery({
    queryKey: auditRunKey(id ?? 'none'),
    queryFn: () => apiRequest('GET', `/api/audit/runs/${id}`, undefined, auditRunDetail),
    enabled: id !== null,
  });
}

export function useRunComparison(from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['/api/audit/runs/compare', from, to],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/audit/runs/compare?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`,
        undefined,
        auditRunComparison,
      ),
    enabled: from !== null && to !== null && from !== to,
  });
}

/** Spec §7: POST with no body and a JSON header; on success the cached analysis data is refreshed. */
export function useAnalyzeCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ComplianceAnalysisResponse> => {
      const res = await fetch('/api/audit/analyze-compliance', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
      });
      await throwIfNotOk(res);
      return complianceAnalysisResponse.parse(await res.json());
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUDIT_RUNS_KEY }),
        queryClient.invalidateQueries({ queryKey: DOCUMENT_SUMMARY_KEY }),
      ]);
    },
  });
}
