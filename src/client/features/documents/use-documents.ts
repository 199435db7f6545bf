import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DocumentDetail } from '@shared/api/documents';
import { documentList, type DocumentSummary } from '@shared/api/records';
import { apiRequest } from '../../lib/api';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';
import { DASHBOARD_STATS_KEY } from '../dashboard/use-dashboard-stats';

export const DOCUMENTS_KEY = ['/api/documents'] as const;

/** How often a screen that shows a document still being read asks for its status again. */
export const PROCESSING_POLL_MS = 2_000;

export function isInProgress(document: Pick<DocumentSummary, 'status'>): boolean {
  return document.status === 'uploaded' || document.status === 'processing';
}

/**
 * The organization's documents, newest first. With `pollWhileProcessing` the list is asked for
 * again every 2 s while any document is uploaded or processing, and no more once none is.
 */
export function useDocuments({
  enabled = true,
  pollWhileProcessing = false,
}: { enabled?: boolean; pollWhileProcessing?: boolean } = {}) {
  return useQuery<DocumentDetail[]>({
    queryKey: DOCUMENTS_KEY,
    queryFn: () => apiRequest('GET', '/api/documents', undefined, documentList),
    enabled,
    refetchInterval: pollWhileProcessing
      ? (query) => (query.state.data?.some(isInProgress) ? PROCESSING_POLL_MS : false)
      : false,
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
