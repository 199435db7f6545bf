import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { t } from '../../../i18n/app';
import { ApiError } from '../../../lib/api';
import { uploadDocument, uploadErrorMessage } from '../upload-document';
import { captureMetadataOf, type Capture } from './capture';

export type QueuedState = 'waiting' | 'uploading' | 'uploaded' | 'failed';

/** A capture kept in this browser (IndexedDB) until the server has it. */
export interface QueuedCapture {
  id: string;
  file: Blob;
  name: string;
  type: string;
  sha256: string;
  original: Capture['original'];
  capturedAt: string;
  location: Capture['location'];
  accuracy: number | null;
  device: string;
  inspector: string;
  notes: string;
  state: QueuedState;
  /** Why it failed (the server's message), or why the last try did not reach the server. */
  error: string | null;
  attempts: number;
  /** Not tried again before this instant (ms), after a try that did not reach the server. */
  nextAttemptAt: number;
  queuedAt: number;
  documentId: string | null;
}

interface QueueSchema extends DBSchema {
  captures: { key: string; value: QueuedCapture; indexes: { queuedAt: number } };
}

const DB_NAME = 'centerline-field';
/** Uploaded captures stay listed this long, then leave the device. */
const KEEP_UPLOADED_MS = 24 * 3600_000;
const MAX_BACKOFF_MS = 5 * 60_000;

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;
function db() {
  opened ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('captures', { keyPath: 'id' }).createIndex('queuedAt', 'queuedAt');
    },
  });
  return opened;
}

const listeners = new Set<() => void>();
/** Told whenever the queue changes, in this tab or another one. */
export function onQueueChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DB_NAME);
channel?.addEventListener('message', () => listeners.forEach((l) => l()));
function changed() {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export async function listQueue(): Promise<QueuedCapture[]> {
  return (await db()).getAllFromIndex('captures', 'queuedAt');
}

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

async function update(id: string, change: Partial<QueuedCapture>) {
  const database = await db();
  const item = await database.get('captures', id);
  if (!item) return;
  await database.put('captures', { ...item, ...change });
  changed();
}

/** A waiting or failed capture the user no longer wants sent. */
export async function removeQueued(id: string) {
  await (await db()).delete('captures', id);
  changed();
}

/** A failed capture sent again, from the start. */
export async function retryQueued(id: string) {
  await update(id, { state: 'waiting', error: null, attempts: 0, nextAttemptAt: 0 });
}

export type DrainOutcome = 'idle' | 'done' | 'offline' | 'signed-out';

let draining: Promise<DrainOutcome> | null = null;

/**
 * Sends the waiting captures, oldest first, one at a time. Each carries its capture id, so one
 * the server already has is answered with its document, never stored twice. A refusal (413, 415,
 * 422) marks the capture failed with the server's words; a try that did not reach the server,
 * or a server error, waits (1 s, 2 s, 4 s … up to 5 min) and the queue stops until then; a
 * lapsed session stops the queue and keeps everything for after sign-in.
 */
export function drainQueue(options: { now?: boolean } = {}): Promise<DrainOutcome> {
  draining ??= (async () => {
    try {
      return await drainOnce(options.now ?? false);
    } finally {
      draining = null;
    }
  })();
  return draining;
}

/** `now`: the connection just came back, or the user asked; the waits after failures are skipped. */
async function drainOnce(now: boolean): Promise<DrainOutcome> {
  const all = await listQueue();
  for (const item of all) {
    if (item.state === 'uploaded' && Date.now() - item.queuedAt > KEEP_UPLOADED_MS) {
      await removeQueued(item.id);
    }
  }
  const waiting = all.filter((i) => i.state === 'waiting' || i.state === 'uploading');
  if (waiting.length === 0) return 'idle';
  for (const item of waiting) {
    if (!now && item.nextAttemptAt > Date.now()) return 'offline';
    await update(item.id, { state: 'uploading' });
    const form = new FormData();
    form.append('document', new File([item.file], item.name, { type: item.type }));
    const metadata = captureMetadataOf(
      {
        id: item.id,
        file: new File([item.file], item.name, { type: item.type }),
        sha256: item.sha256,
        original: item.original,
        capturedAt: item.capturedAt,
        location: item.location,
        accuracy: item.accuracy,
        device: item.device,
      },
      { inspector: item.inspector, notes: item.notes },
    );
    form.append('metadata', JSON.stringify(metadata));
    try {
      const answer = (await uploadDocument(form)) as { id?: string };
      await update(item.id, { state: 'uploaded', error: null, documentId: answer.id ?? null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await update(item.id, { state: 'waiting' });
        return 'signed-out';
      }
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        await update(item.id, { state: 'failed', error: uploadErrorMessage(error) });
        continue;
      }
      const attempts = item.attempts + 1;
      await update(item.id, {
        state: 'waiting',
        attempts,
        error: uploadErrorMessage(error),
        nextAttemptAt: Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1)),
      });
      return 'offline';
    }
  }
  return 'done';
}
