import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { AUTH_KEY } from '../../auth/use-auth';
import { invalidateAfterUpload } from '../use-documents';
import {
  drainQueue,
  listQueue,
  onQueueChange,
  type DrainOutcome,
  type QueuedItem,
} from './capture-queue';

const RETRY_EVERY_MS = 15_000;

/**
 * The captures kept on this device and their states, sent whenever there is a chance: when the
 * screen opens, when the browser says it is online again, after a capture is queued, and every
 * 15 s while some wait. `reachable` is false after a try that did not reach the server, whatever
 * the browser's own online flag says.
 */
export function useCaptureQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [outcome, setOutcome] = useState<DrainOutcome>('idle');
  const [storageError, setStorageError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    listQueue().then(setItems, (error: unknown) =>
      setStorageError(error instanceof Error ? error.message : String(error)),
    );
  }, []);

  const send = useCallback(
    async (options: { now?: boolean } = {}) => {
      const result = await drainQueue(options).catch(() => 'offline' as const);
      setOutcome(result);
      if (result === 'done') void invalidateAfterUpload(queryClient);
      // A lapsed session: refreshing it lets the field gate ask for sign-in; the queue stays.
      if (result === 'signed-out') void queryClient.invalidateQueries({ queryKey: AUTH_KEY });
      return result;
    },
    [queryClient],
  );

  useEffect(() => {
    refresh();
    const stop = onQueueChange(refresh);
    void send();
    const online = () => void send({ now: true });
    window.addEventListener('online', online);
    return () => {
      stop();
      window.removeEventListener('online', online);
    };
  }, [refresh, send]);

  const waiting = items.some((i) => i.state === 'waiting' || i.state === 'uploading');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void send(), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, send]);

  return {
    items,
    send,
    reachable: outcome !== 'offline',
    signedOut: outcome === 'signed-out',
    storageError,
  };
}
