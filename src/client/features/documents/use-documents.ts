import { useQuery, type QueryClient } from '@tanstack/react-query';
import { documentList, type DocumentSummary } from '@shared/api/records';
import { apiRequest } from '../../lib/api';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';
import { DASHBOARD_STATS_KEY } from '../dashboard/use-dashboard-stats';

export const DOCUMENTS_KEY = ['/api/documents'] as const;

/** The organization's documents, newest first. */
export function useDocuments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<DocumentSummary[]>({
    queryKey: DOCUMENTS_KEY,
    queryFn: () => apiRequest('GET', '/api/documents', undefined, documentList),
    enabled,
  });
}

/** After an upload: the list, the dashboard figures and the activity feed have all changed. */
export function invalidateAfterUpload(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_LOGS_KEY }),
  ]);
}
