import { t } from '../../../i18n/app';
import type { Capture } from './capture';
import {
  changed,
  db,
  SYNC_TAG,
  type QueuedCapture,
  type QueuedDiscrepancy,
  type QueuedItem,
} from './capture-store';

export {
  drainQueue,
  listQueue,
  onQueueChange,
  removeQueued,
  retryQueued,
  type DrainOutcome,
  type QueuedCapture,
  type QueuedDiscrepancy,
  type QueuedItem,
  type QueuedState,
} from './capture-store';

/** Keeps a capture on the device; says so in words when the browser's storage is full. */
export async function enqueue(
  capture: Capture,
  extra: { inspector: string; notes: string },
): Promise<void> {
  const item: QueuedCapture = {
    id: capture.id,
    file: capture.file,
    name: capture.file.name,
    type: capture.file.type,
    sha256: capture.sha256,
    original: capture.original,
    capturedAt: capture.capturedAt,
    location: capture.location,
    accuracy: capture.accuracy,
    device: capture.device,
    inspector: extra.inspector,
    notes: extra.notes,
    state: 'waiting',
    error: null,
    attempts: 0,
    nextAttemptAt: 0,
    queuedAt: Date.now(),
    documentId: null,
  };
  await keep(item);
}

/** Puts an item in the device's queue; says so in words when the browser's storage is full. */
async function keep(item: QueuedItem) {
  try {
    await (await db()).put('captures', item);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError') {
      throw new Error(t('documents:mobile.queue.quotaExceeded'));
    }
    throw error;
  }
  changed();
}

/**
 * Keeps a write-up of a simulator's discrepancy log on the device, under an id of its own that
 * the server honours (`clientId`), to be sent like the captures.
 */
export async function enqueueDiscrepancy(
  device: { id: string; name: string },
  writeUp: QueuedDiscrepancy['writeUp'],
): Promise<void> {
  await keep({
    kind: 'discrepancy',
    id: crypto.randomUUID(),
    deviceId: device.id,
    deviceName: device.name,
    writeUp,
    state: 'waiting',
    error: null,
    attempts: 0,
    nextAttemptAt: 0,
    queuedAt: Date.now(),
    discrepancyId: null,
  });
}

/** The part of the Background Sync API used here (not in TypeScript's DOM types). */
interface SyncRegistrar {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to send the queue through the service worker once it has a connection, even
 * if no page of Centerline is open then (Background Sync; Chromium-based browsers). Elsewhere the
 * page sends it on the next online event, every 15 s while it is open, and when the app starts.
 */
export async function requestBackgroundSend(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
  ]);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncRegistrar }) | null)
    ?.sync;
  if (!sync) return false;
  try {
    await sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
