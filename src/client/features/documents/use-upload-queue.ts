import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
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

/** Which screen a queue belongs to: Document Import's and the audit's upload area keep their own. */
export type UploadQueueScope = 'documents' | 'audit';

let nextId = 0;

/**
 * One queue's items and requests. It lives beside the app's query client, not in a screen, so
 * a user who leaves the screen mid-upload does not cancel the request (the server may already
 * hold the file): the upload goes on, its toast says how it ended, and the queue is there again
 * on coming back. Only Remove cancels a request.
 */
class UploadQueue {
  private items: UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();

  constructor(private readonly queryClient: QueryClient) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.items;

  private set(items: UploadItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private update(id: string, patch: Partial<UploadItem>) {
    this.set(this.items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  add(files: File[]) {
    const added: UploadItem[] = files.map((file) => ({
      id: `upload-${++nextId}`,
      file,
      status: 'pending',
      progress: 0,
    }));
    this.set([...added, ...this.items]);
    for (const item of added) void this.send(item);
  }

  /** Removes an item; one still uploading is cancelled. */
  remove(id: string) {
    this.controllers.get(id)?.abort();
    this.set(this.items.filter((item) => item.id !== id));
  }

  clearFinished() {
    this.set(this.items.filter((item) => item.status === 'pending' || item.status === 'uploading'));
  }

  private async send(item: UploadItem) {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    inFlight += 1;
    syncLeaveWarning();
    this.update(item.id, { status: 'uploading', progress: 0 });
    const form = new FormData();
    form.append('file', item.file);
    try {
      const answer = (await uploadDocument(form, {
        signal: controller.signal,
        onProgress: (progress) => this.update(item.id, { progress }),
      })) as { id?: unknown } | null;
      const documentId = typeof answer?.id === 'string' ? answer.id : undefined;
      this.update(item.id, { status: 'success', progress: 100, documentId });
      toast({
        title: t('documents:upload.toast.successTitle'),
        description: t('documents:upload.toast.successBody', { name: item.file.name }),
      });
      void invalidateAfterUpload(this.queryClient);
    } catch (error) {
      if (isAbort(error)) return;
      this.update(item.id, { status: 'error', error: uploadErrorMessage(error) });
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
      this.controllers.delete(item.id);
      inFlight -= 1;
      syncLeaveWarning();
    }
  }
}

const queues = new WeakMap<QueryClient, Map<UploadQueueScope, UploadQueue>>();

function queueFor(queryClient: QueryClient, scope: UploadQueueScope): UploadQueue {
  let scopes = queues.get(queryClient);
  if (!scopes) queues.set(queryClient, (scopes = new Map()));
  let queue = scopes.get(scope);
  if (!queue) scopes.set(scope, (queue = new UploadQueue(queryClient)));
  return queue;
}

/** Closing or reloading the tab would cancel the requests: the browser asks first. */
function warnBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
}

/** Requests on their way, over every queue. */
let inFlight = 0;
let warning = false;
function syncLeaveWarning() {
  const uploading = inFlight > 0;
  if (uploading === warning) return;
  warning = uploading;
  if (uploading) window.addEventListener('beforeunload', warnBeforeLeaving);
  else window.removeEventListener('beforeunload', warnBeforeLeaving);
}

/**
 * The per-file upload queue of a screen: each accepted file is sent at once as its own
 * multipart request (field 'file'); its item moves pending -> uploading -> success or error.
 */
export function useUploadQueue(scope: UploadQueueScope = 'documents') {
  const queryClient = useQueryClient();
  const queue = useMemo(() => queueFor(queryClient, scope), [queryClient, scope]);
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot);

  const add = useCallback((files: File[]) => queue.add(files), [queue]);
  const remove = useCallback((id: string) => queue.remove(id), [queue]);
  const clearFinished = useCallback(() => queue.clearFinished(), [queue]);

  return { items, add, remove, clearFinished };
}
