import { consistencyProof, ledgerKeyList, type LedgerKeyList } from '@shared/api/ledger';
import { verifyConsistency } from '@shared/ledger/merkle';
import { parseVerifierKey, verifyCheckpoint, type CheckpointBody } from '@shared/ledger/note';
import { ApiError, apiRequest, throwIfNotOk } from '../../lib/api';
import {
  isCheckpointStoreAvailable,
  storeCheckpoint,
  storedCheckpoints,
  type StoredCheckpoint,
} from './checkpoint-store';

/** What this browser keeps of the organization's log. */
export interface CheckpointMemory {
  count: number;
  /** The largest checkpoint kept. */
  latest: StoredCheckpoint;
}

export type LedgerWatch =
  /**
   * Nothing could be checked (no IndexedDB, network down); nothing is claimed either way. A failure
   * keeps the browser's or the network's own message.
   */
  | { status: 'unavailable'; cause: 'no-store' }
  | { status: 'unavailable'; cause: 'failed'; message: string }
  | {
      status: 'consistent';
      memory: CheckpointMemory;
      /** A key this browser never saw for the organization signed the current checkpoint. */
      newKey: { fingerprint: string; known: string[] } | null;
    }
  | {
      status: 'alarm';
      kind: 'fork' | 'rollback' | 'inconsistent' | 'unsigned';
      /** The checkpoint this browser saw that the server's log no longer contains. */
      seen: StoredCheckpoint | null;
      /** The server's checkpoint; null when no key of the organization signed it (`unsigned`). */
      current: CheckpointBody | null;
      memory: CheckpointMemory | null;
    };

export interface WatchDeps {
  fetchCheckpoint: () => Promise<string>;
  fetchKeys: () => Promise<LedgerKeyList>;
  /** Resolves to the proof, or null when the server answers 422 (it cannot prove `to`). */
  fetchConsistency: (from: number, to: number) => Promise<string[] | null>;
  load: (organizationId: string) => Promise<StoredCheckpoint[]>;
  save: (checkpoint: StoredCheckpoint) => Promise<void>;
  now: () => Date;
}

const memoryOf = (rows: StoredCheckpoint[]): CheckpointMemory | null =>
  rows.length === 0 ? null : { count: rows.length, latest: rows[rows.length - 1]! };

/**
 * Checks the server's current checkpoint against the largest one this browser kept: signed by
 * one of the organization's keys, and an extension of what was seen before (RFC 9162 §2.1.4).
 * Only a consistent checkpoint is kept, so a forged history never replaces the good memory.
 */
export async function watchLedger(organizationId: string, deps: WatchDeps): Promise<LedgerWatch> {
  const [note, keys, rows] = await Promise.all([
    deps.fetchCheckpoint(),
    deps.fetchKeys(),
    deps.load(organizationId),
  ]);
  const memory = memoryOf(rows);
  const seen = memory?.latest ?? null;

  let signer: { fingerprint: string; checkpoint: CheckpointBody } | null = null;
  for (const key of keys.keys) {
    let logKey;
    try {
      logKey = parseVerifierKey(key.vkey);
    } catch {
      continue;
    }
    const result = await verifyCheckpoint(note, { logKey, origin: key.origin });
    if (result.ok && result.checkpoint) {
      signer = { fingerprint: key.fingerprint, checkpoint: result.checkpoint };
      break;
    }
  }
  if (!signer) {
    return {
      status: 'alarm',
      kind: 'unsigned',
      seen,
      current: null,
      memory,
    };
  }
  const current = signer.checkpoint;
  const alarm = (kind: 'fork' | 'rollback' | 'inconsistent'): LedgerWatch => ({
    status: 'alarm',
    kind,
    seen,
    current,
    memory,
  });

  if (seen) {
    // Another log of the same size.
    if (seen.treeSize === current.treeSize && seen.rootHash !== current.rootHash) {
      return alarm('fork');
    }
    // The log went backwards.
    if (seen.treeSize > current.treeSize) return alarm('rollback');
    if (seen.treeSize < current.treeSize && seen.treeSize > 0) {
      const proof = await deps.fetchConsistency(seen.treeSize, current.treeSize);
      const consistent =
        proof !== null &&
        verifyConsistency(seen.treeSize, current.treeSize, seen.rootHash, current.rootHash, proof);
      // The server cannot prove that its log extends the one seen.
      if (!consistent) return alarm('inconsistent');
    }
  }

  const known = [...new Set(rows.map((r) => r.fingerprint))];
  const newKey =
    rows.length > 0 && !known.includes(signer.fingerprint)
      ? { fingerprint: signer.fingerprint, known }
      : null;
  const kept: StoredCheckpoint = {
    organizationId,
    origin: current.origin,
    treeSize: current.treeSize,
    rootHash: current.rootHash,
    note,
    seenAt: deps.now().toISOString(),
    fingerprint: signer.fingerprint,
  };
  await deps.save(kept);
  const others = rows.filter(
    (r) => !(r.treeSize === kept.treeSize && r.rootHash === kept.rootHash),
  );
  const all = [...others, kept].sort((a, b) => a.treeSize - b.treeSize);
  return { status: 'consistent', memory: memoryOf(all)!, newKey };
}

async function fetchCheckpoint(): Promise<string> {
  const res = await fetch('/api/ledger/checkpoint', {
    credentials: 'include',
    cache: 'no-store',
  });
  await throwIfNotOk(res);
  return res.text();
}

async function fetchConsistency(from: number, to: number): Promise<string[] | null> {
  try {
    const answer = await apiRequest(
      'GET',
      `/api/ledger/proof/consistency?from=${from}&to=${to}`,
      undefined,
      consistencyProof,
    );
    return answer.fromSize === from && answer.toSize === to ? answer.proof : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return null;
    throw error;
  }
}

export const browserWatchDeps: WatchDeps = {
  fetchCheckpoint,
  fetchKeys: () => apiRequest('GET', '/api/ledger/keys', undefined, ledgerKeyList),
  fetchConsistency,
  load: storedCheckpoints,
  save: storeCheckpoint,
  now: () => new Date(),
};

/** The watch as the app runs it; failures to reach the server or IndexedDB are not alarms. */
export async function watchLedgerInBrowser(organizationId: string): Promise<LedgerWatch> {
  if (!isCheckpointStoreAvailable()) {
    return { status: 'unavailable', cause: 'no-store' };
  }
  try {
    return await watchLedger(organizationId, browserWatchDeps);
  } catch (error) {
    return {
      status: 'unavailable',
      cause: 'failed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
