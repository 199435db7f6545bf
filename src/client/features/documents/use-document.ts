import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  documentDetail,
  documentPageList,
  extractedDataList,
  type DocumentDetail,
  type ExtractedDataItem,
} from '@shared/api/documents';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { DOCUMENTS_KEY, isInProgress, PROCESSING_POLL_MS } from './use-documents';

export type DocumentPage = z.infer<typeof documentPageList>[number];

/** Keys sit under the list's key, so invalidating the list refreshes every document query. */
export const documentKeys = {
  detail: (id: string) => [...DOCUMENTS_KEY, id] as const,
  fields: (id: string) => [...DOCUMENTS_KEY, id, 'extracted-data'] as const,
  pages: (id: string) => [...DOCUMENTS_KEY, id, 'pages'] as const,
};

const documentPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/**
 * One document. While it is being read it is asked for every 2 s; when reading ends, its fields,
 * its pages and the list are fetched again, since all of them changed.
 */
export function useDocument(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery<DocumentDetail>({
    queryKey: documentKeys.detail(id),
    queryFn: () => apiRequest('GET', documentPath(id), undefined, documentDetail),
    enabled,
    refetchInterval: (q) =>
      q.state.data && isInProgress(q.state.data) ? PROCESSING_POLL_MS : false,
  });
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (!was || !status || was === status) return;
    if (isInProgress({ status: was }) && !isInProgress({ status })) {
      void queryClient.invalidateQueries({ queryKey: documentKeys.fields(id) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.pages(id) });
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY, exact: true });
    }
  }, [status, id, queryClient]);
  return query;
}

/** Fields and pages exist once the document has been read (processed, needs review, validated). */
export function hasBeenRead(document: Pick<DocumentDetail, 'status'> | undefined): boolean {
  return (
    document?.status === 'processed' ||
    document?.status === 'needs_review' ||
    document?.status === 'validated'
  );
}

export function useExtractedData(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ExtractedDataItem[]>({
    queryKey: documentKeys.fields(id),
    queryFn: () =>
      apiRequest('GET', `${documentPath(id)}/extracted-data`, undefined, extractedDataList),
    enabled,
  });
}

export function useDocumentPages(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<DocumentPage[]>({
    queryKey: documentKeys.pages(id),
    queryFn: () => apiRequest('GET', `${documentPath(id)}/pages`, undefined, documentPageList),
    enabled,
  });
}
