import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CaptureMetadata } from '@shared/api/documents';
import type { CreateDiscrepancyRequest } from '@shared/api/maintenance';
import { UPLOAD_PATH } from '@shared/constants/uploads';

/**
 * The device's queue of field captures, kept in IndexedDB until the server has them. This module
 * runs both in the page and in the service worker (which sends the queue through Background Sync
 * when no page is open), so it imports nothing of the page: no i18n, no DOM.
 */

export type QueuedState = 'waiting' | 'uploading' | 'uploaded' | 'failed';

/** The Background Sync tag the page registers after queueing and the service worker answers. */
export const SYNC_TAG = 'centerline-captures';

/**
 * What is known of a capture the moment it is taken: the SHA-256 of the bytes to send (and of
 * the original, when a photo over the limit was resized), when, where and on what device.
 */
export interface CaptureFacts {
  id: string;
  sha256: string;
  original: { sha256: string; bytes: number } | null;
  capturedAt: string;
  location: { lat: number; lng: number } | null;
  accuracy: number | null;
  device: string;
}

/** Where an item of the queue stands, whatever it carries. */
interface QueueEntry {
  id: string;
  state: QueuedState;
  /** The server's words when it refused or failed; null when the last try did not reach it. */
  error: string | null;
  attempts: number;
  /** Not tried again before this instant (ms), after a try that did not reach the server. */
  nextAttemptAt: number;
  queuedAt: number;
}

/** A capture kept in this browser (IndexedDB) until the server has it. */
export interface QueuedCapture extends CaptureFacts, QueueEntry {
  /** Absent on captures kept before write-ups joined the queue. */
  kind?: 'capture';
  file: Blob;
  name: string;
  type: string;
  inspector: string;
  notes: string;
  documentId: string | null;
}

/** A write-up of a simulator's discrepancy log (142.59(c)(4)), kept until the server has it. */
export interface QueuedDiscrepancy extends QueueEntry {
  kind: 'discrepancy';
  deviceId: string;
  deviceName: string;
  writeUp: Omit<CreateDiscrepancyRequest, 'clientId'>;
  discrepancyId: string | null;
}

export type QueuedItem = QueuedCapture | QueuedDiscrepancy;

interface QueueSchema extends DBSchema {
  captures: { key: string; value: QueuedItem; indexes: { queuedAt: number } };
}

const DB_NAME = 'centerline-field';
/** Uploaded captures stay listed this long, then leave the device. */
const KEEP_UPLOADED_MS = 24 * 3600_000;
const MAX_BACKOFF_MS = 5 * 60_000;

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;
export function db() {
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
export function changed() {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export async function listQueue(): Promise<QueuedItem[]> {
  return (await db()).getAllFromIndex('captures', 'queuedAt');
}

export async function update(
  id: string,
  change: Partial<QueueEntry> & { documentId?: string | null; discrepancyId?: string | null },
) {
  const database = await db();
  const item = await database.get('captures', id);
  if (!item) return;
  await database.put('captures', { ...item, ...change } as QueuedItem);
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

/** An upload the server answered with an error: its status and its words. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What travels with the upload as its `metadata` part. */
export function metadataOf(item: QueuedCapture): CaptureMetadata {
  return {
    captureId: item.id,
    sha256: item.sha256,
    ...(item.original
      ? { originalSha256: item.original.sha256, originalBytes: item.original.bytes }
      : {}),
    timestamp: item.capturedAt,
    ...(item.location ? { location: item.location } : {}),
    ...(item.accuracy !== null ? { accuracy: item.accuracy } : {}),
    device: item.device,
    inspector: item.inspector,
    ...(item.notes.trim() ? { notes: item.notes.trim() } : {}),
  };
}

/**
 * A POST by fetch (the service worker has no XMLHttpRequest) that resolves with the id of what
 * the server stored, or rejects with UploadRefused for an answer that is not OK, or a TypeError
 * when no answer came.
 */
async function post(url: string, init: { body: BodyInit; json?: boolean }): Promise<string | null> {
  const res = await fetch(url, {
    method: 'POST',
    body: init.body,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(init.json ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await res.text();
  let body: { id?: string; message?: string } | null;
  try {
    body = text ? (JSON.parse(text) as { id?: string; message?: string }) : null;
  } catch {
    body = null;
  }
  if (!res.ok)
    throw new UploadRefused(res.status, body?.message ?? `${res.status} ${res.statusText}`);
  return body?.id ?? null;
}

/** Sends one item: a capture to the upload route, a write-up to its device's log. */
async function send(item: QueuedItem): Promise<Partial<QueuedItem>> {
  if (item.kind === 'discrepancy') {
    const discrepancyId = await post(`/api/maintenance/devices/${item.deviceId}/discrepancies`, {
      body: JSON.stringify({ ...item.writeUp, clientId: item.id }),
      json: true,
    });
    return { discrepancyId };
  }
  const form = new FormData();
  form.append('document', new File([item.file], item.name, { type: item.type }));
  form.append('metadata', JSON.stringify(metadataOf(item)));
  return { documentId: await post(UPLOAD_PATH, { body: form }) };
}

/**
 * Sends what waits, oldest first, one at a time: captures and discrepancy write-ups alike. Each
 * carries the id it was given on the device, so one the server already has is answered with what
 * it made, never stored twice. A refusal (413, 415,
 * 422) marks the capture failed with the server's words; a try that did not reach the server,
 * or a server error, waits (1 s, 2 s, 4 s … up to 5 min) and the queue stops until then; a
 * lapsed session stops the queue and keeps everything for after sign-in.
 */
export function drainQueue(options: { now?: boolean } = {}): Promise<DrainOutcome> {
  const now = options.now ?? false;
  // One sender at a time across the page's tabs and the service worker (Web Locks where the
  // browser has them); the capture id would make a second sending harmless, but not free.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  draining ??= (async () => {
    try {
      return locks
        ? ((await locks.request(SYNC_TAG, () => drainOnce(now))) as DrainOutcome)
        : await drainOnce(now);
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
    try {
      const made = await send(item);
      await update(item.id, { state: 'uploaded', error: null, ...made });
    } catch (error) {
      const status = error instanceof UploadRefused ? error.status : 0;
      if (status === 401) {
        await update(item.id, { state: 'waiting' });
        return 'signed-out';
      }
      if (status >= 400 && status < 500 && status !== 429) {
        await update(item.id, { state: 'failed', error: (error as Error).message });
        continue;
      }
      const attempts = item.attempts + 1;
      await update(item.id, {
        state: 'waiting',
        attempts,
        error: error instanceof UploadRefused ? error.message : null,
        nextAttemptAt: Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1)),
      });
      return 'offline';
    }
  }
  return 'done';
}
