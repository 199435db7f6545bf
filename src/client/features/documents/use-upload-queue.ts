import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { redirectToLogin } from '../../components/layout/RequireAuth';
import { toast } from '../../components/ui/use-toast';
import { t } from '../../i18n/app';
import { isUnauthorized } from '../../lib/api';
import { isAbort, uploadDocument, uploadErrorMessage } from './upload-document';
import { invalidateAfterUpload } from './use-documents';

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

/** A file in the upload panel's queue (spec §3, client only). */
export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  progress: number;
  error?: string;
  /** The stored document's id once the upload succeeded. */
  documentId?: string;
}

let nextId = 0;

/**
 * The per-file upload queue: each accepted file is sent at once as its own multipart request
 * (field 'file'); its item moves pending -> uploading -> success or error.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const upload = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { status: 'uploading', progress: 0 });
      const form = new FormData();
      form.append('file', item.file);
      try {
        const answer = (await uploadDocument(form, {
          signal: controller.signal,
          onProgress: (progress) => update(item.id, { progress }),
        })) as { id?: unknown } | null;
        const documentId = typeof answer?.id === 'string' ? answer.id : undefined;
        update(item.id, { status: 'success', progress: 100, documentId });
        toast({
          title: t('documents:upload.toast.successTitle'),
          description: t('documents:upload.toast.successBody', { name: item.file.name }),
        });
        void invalidateAfterUpload(queryClient);
      } catch (error) {
        if (isAbort(error)) return;
        update(item.id, { status: 'error', error: uploadErrorMessage(error) });
        if (isUnauthorized(error)) {
          redirectToLogin(window.location.pathname + window.location.search);
          return;
        }
        toast({
          title: t('documents:upload.toast.failedTitle'),
          description: t('documents:upload.toast.failedBody', { name: item.file.name }),
          variant: 'destructive',
        });
      } finally {
        controllers.current.delete(item.id);
      }
    },
    [queryClient, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const added: UploadItem[] = files.map((file) => ({
        id: `upload-${++nextId}`,
        file,
        status: 'pending',
        progress: 0,
      }));
      setItems((list) => [...added, ...list]);
      for (const item of added) void upload(item);
    },
    [upload],
  );

  /** Removes an item; one still uploading is cancelled. */
  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((list) =>
      list.filter((item) => item.status === 'pending' || item.status === 'uploading'),
    );
  }, []);

  return { items, add, remove, clearFinished };
}
