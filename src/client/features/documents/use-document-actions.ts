import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  documentDetail,
  validateFieldResponse,
  type AddFieldRequest,
  type DocumentDetail,
  type ExtractedDataItem,
} from '@shared/api/documents';
import { redirectToLogin } from '../../components/layout/RequireAuth';
import { toast } from '../../components/ui/use-toast';
import { t } from '../../i18n/app';
import { apiRequest, isUnauthorized } from '../../lib/api';
import { errorText } from '../dashboard/QueryError';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';
import { DASHBOARD_STATS_KEY } from '../dashboard/use-dashboard-stats';
import { documentKeys } from './use-document';
import { DOCUMENTS_KEY } from './use-documents';

/** A failed action as a destructive toast; a lost session goes to sign-in instead. */
export function toastActionError(title: string, error: unknown) {
  if (isUnauthorized(error)) {
    redirectToLogin(window.location.pathname + window.location.search);
    return;
  }
  toast({ title, description: errorText(error), variant: 'destructive' });
}

/** What a document change touches: the document, the list, the dashboard figures, the activity. */
function refreshAfterChange(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.detail(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_LOGS_KEY }),
  ]);
}

export interface FieldDraft {
  field: ExtractedDataItem;
  value: string;
}

/**
 * Validates fields one request at a time (POST /api/extracted-data/:id/validate). Each answer
 * replaces its field in the cache at once; the last field moves the document to 'validated'.
 */
export function useFieldValidation(
  document: Pick<DocumentDetail, 'id' | 'originalName' | 'status'>,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const mark = (id: string, busy: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const send = useCallback(
    async ({ field, value }: FieldDraft) => {
      const answer = await apiRequest(
        'POST',
        `/api/extracted-data/${encodeURIComponent(field.id)}/validate`,
        { validatedValue: value },
        validateFieldResponse,
      );
      const { documentStatus, ...item } = answer;
      queryClient.setQueryData<ExtractedDataItem[]>(documentKeys.fields(document.id), (list) =>
        list?.map((f) => (f.id === item.id ? item : f)),
      );
      return documentStatus;
    },
    [queryClient, document.id],
  );

  const validate = useCallback(
    /** Resolves with the ids of the fields the server confirmed; stops at the first failure. */
    async (drafts: FieldDraft[]): Promise<string[]> => {
      const done: string[] = [];
      if (!drafts.length) return done;
      let status: string | undefined;
      if (drafts.length > 1) setProgress({ done: 0, total: drafts.length });
      try {
        for (const [index, draft] of drafts.entries()) {
          mark(draft.field.id, true);
          try {
            status = await send(draft);
            done.push(draft.field.id);
          } finally {
            mark(draft.field.id, false);
          }
          if (drafts.length > 1) setProgress({ done: index + 1, total: drafts.length });
        }
      } catch (error) {
        toastActionError(t('documents:toasts.validationFailed'), error);
      } finally {
        setProgress(null);
        await refreshAfterChange(queryClient, document.id);
      }
      if (status === 'validated' && document.status !== 'validated') {
        toast({
          title: t('documents:toasts.validatedTitle'),
          description: t('documents:toasts.validatedBody', { name: document.originalName }),
        });
      }
      return done;
    },
    [queryClient, send, document.id, document.originalName, document.status],
  );

  return { validate, pending, progress, busy: pending.size > 0 || progress !== null };
}

export function useReprocessDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(
        'POST',
        `/api/documents/${encodeURIComponent(id)}/reprocess`,
        undefined,
        documentDetail,
      ),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKeys.detail(document.id), document);
      toast({
        title: t('documents:toasts.reprocessTitle'),
        description: t('documents:toasts.reprocessBody', { name: document.originalName }),
      });
      return refreshAfterChange(queryClient, document.id);
    },
    onError: (error) => toastActionError(t('documents:toasts.reprocessFailed'), error),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Pick<DocumentDetail, 'id' | 'originalName'>) =>
      apiRequest('DELETE', `/api/documents/${encodeURIComponent(id)}`),
    onSuccess: (_answer, document) => {
      queryClient.removeQueries({ queryKey: documentKeys.detail(document.id) });
      toast({
        title: t('documents:toasts.deletedTitle'),
        description: t('documents:toasts.deletedBody', { name: document.originalName }),
      });
      return refreshAfterChange(queryClient, document.id);
    },
    onError: (error) => toastActionError(t('documents:toasts.deleteFailed'), error),
  });
}

/** Enters a value for an expected field the reader did not find (confirmed by the person). */
export function useAddField(document: Pick<DocumentDetail, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddFieldRequest) =>
      apiRequest(
        'POST',
        `/api/documents/${encodeURIComponent(document.id)}/extracted-data`,
        input,
        validateFieldResponse,
      ),
    onSuccess: ({ documentStatus: _status, ...item }) => {
      queryClient.setQueryData<ExtractedDataItem[]>(documentKeys.fields(document.id), (list) =>
        list ? [...list, item] : [item],
      );
      return refreshAfterChange(queryClient, document.id);
    },
    onError: (error) => toastActionError(t('documents:toasts.addFailed'), error),
  });
}

/** Settles a document that needs review, with the reviewer's note. */
export function useMarkReviewed(document: Pick<DocumentDetail, 'id' | 'originalName'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiRequest(
        'POST',
        `/api/documents/${encodeURIComponent(document.id)}/review`,
        { note },
        documentDetail,
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(documentKeys.detail(updated.id), updated);
      toast({
        title: t('documents:toasts.reviewedTitle'),
        description: t('documents:toasts.reviewedBody', { name: document.originalName }),
      });
      return refreshAfterChange(queryClient, updated.id);
    },
    onError: (error) => toastActionError(t('documents:toasts.reviewFailed'), error),
  });
}
