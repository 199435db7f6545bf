/**
 * The checkpoints this browser has seen, per organization, in IndexedDB: a small wrapper over the
 * raw API, so an auditor's browser remembers the log without any library.
 */
import { t } from '../../i18n/app';

export interface StoredCheckpoint {
  organizationId: string;
  origin: string;
  treeSize: number;
  /** Lowercase hex. */
  rootHash: string;
  /** The checkpoint note exactly as the server sent it. */
  note: string;
  /** ISO 8601, when this browser saw it. */
  seenAt: string;
  /** Fingerprint of the log key whose signature verified. */
  fingerprint: string;
}

const DATABASE = 'centerline-ledger';
const STORE = 'checkpoints';
const BY_ORGANIZATION = 'organizationId';

export const isCheckpointStoreAvailable = () => typeof indexedDB !== 'undefined';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () =>
      reject(request.error ?? new Error(t('ledger-watch:store.requestFailed')));
  });
}

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      // One entry per distinct checkpoint: seeing the same one again only refreshes it.
      const store = request.result.createObjectStore(STORE, {
        keyPath: ['organizationId', 'treeSize', 'rootHash'],
      });
      store.createIndex(BY_ORGANIZATION, 'organizationId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(t('ledger-watch:store.openFailed')));
    request.onblocked = () => reject(new Error(t('ledger-watch:store.blocked')));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openStore();
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error(t('ledger-watch:store.transactionFailed')));
      tx.onabort = () => reject(tx.error ?? new Error(t('ledger-watch:store.transactionAborted')));
    });
    const result = await requestResult(run(tx.objectStore(STORE)));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/** Every checkpoint kept for the organization, smallest tree first. */
export async function storedCheckpoints(organizationId: string): Promise<StoredCheckpoint[]> {
  const rows = await withStore('readonly', (store) =>
    store.index(BY_ORGANIZATION).getAll(IDBKeyRange.only(organizationId)),
  );
  return (rows as StoredCheckpoint[]).sort((a, b) => a.treeSize - b.treeSize);
}

export async function storeCheckpoint(checkpoint: StoredCheckpoint): Promise<void> {
  await withStore('readwrite', (store) => store.put(checkpoint));
}
