import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerKeyList, LedgerPublicKey } from '@shared/api/ledger';
import { consistencyProof, hashLeaf, rootFromLeafHashes, EMPTY_ROOT } from '@shared/ledger/merkle';
import {
  encodeVerifierKey,
  formatCheckpointBody,
  formatNote,
  formatSignatureLine,
  keyFingerprint,
  noteKeyId,
  SIGNATURE_TYPE,
} from '@shared/ledger/note';
import type { StoredCheckpoint } from './checkpoint-store';
import { watchLedger, type WatchDeps } from './watch-ledger';

const ORG = 'org-1';
const ORIGIN = 'centerline.test/ledger/org-1';
const leaves = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => hashLeaf(new TextEncoder().encode(`${tag}-${i}`)));

/** A real Ed25519 log key, published as the server publishes it, that signs checkpoints. */
function logKey(keyId = 'k1') {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  const published = {
    keyId,
    origin: ORIGIN,
    vkey: encodeVerifierKey(ORIGIN, SIGNATURE_TYPE.ed25519, raw),
    fingerprint: keyFingerprint(raw),
  } as LedgerPublicKey;
  const checkpoint = (hashes: string[]) => {
    const text = formatCheckpointBody({
      origin: ORIGIN,
      treeSize: hashes.length,
      rootHash: hashes.length ? rootFromLeafHashes(hashes) : EMPTY_ROOT,
    });
    const signature = new Uint8Array(sign(null, Buffer.from(text), privateKey));
    const id = noteKeyId(ORIGIN, SIGNATURE_TYPE.ed25519, raw);
    return formatNote(text, [formatSignatureLine(ORIGIN, id, signature)]);
  };
  return { published, checkpoint };
}

function server(
  note: string,
  keys: LedgerPublicKey[],
  log: string[],
  stored: StoredCheckpoint[] = [],
) {
  const saved: StoredCheckpoint[] = [];
  const deps: WatchDeps = {
    fetchCheckpoint: () => Promise.resolve(note),
    fetchKeys: () =>
      Promise.resolve({ current: keys.at(-1)!, keys, vault: 'folder' } as LedgerKeyList),
    fetchConsistency: (from, to) =>
      Promise.resolve(to > log.length ? null : consistencyProof(log.slice(0, to), from)),
    load: () => Promise.resolve(stored),
    save: (c) => {
      saved.push(c);
      return Promise.resolve();
    },
    now: () => new Date('2025-06-01T12:00:00.000Z'),
  };
  return { deps, saved };
}

const kept = (hashes: string[], fingerprint: string): StoredCheckpoint => ({
  organizationId: ORG,
  origin: ORIGIN,
  treeSize: hashes.length,
  rootHash: rootFromLeafHashes(hashes),
  note: '',
  seenAt: '2025-05-01T09:00:00.000Z',
  fingerprint,
});

describe('the browser’s memory of the log', () => {
  const key = logKey();
  const log = leaves('a', 7);

  it('keeps the first checkpoint it sees, signed by the organization’s key', async () => {
    const { deps, saved } = server(key.checkpoint(log), [key.published], log);
    const watch = await watchLedger(ORG, deps);
    expect(watch).toMatchObject({ status: 'consistent', newKey: null, memory: { count: 1 } });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ treeSize: 7, fingerprint: key.published.fingerprint });
  });

  it('accepts a log that grew from the kept checkpoint, with a verified consistency proof', async () => {
    const stored = [kept(log.slice(0, 4), key.published.fingerprint)];
    const { deps, saved } = server(key.checkpoint(log), [key.published], log, stored);
    const watch = await watchLedger(ORG, deps);
    expect(watch).toMatchObject({ status: 'consistent', memory: { count: 2 } });
    expect(saved).toHaveLength(1);
  });

  it('raises the alarm, and keeps nothing, when an earlier leaf was rewritten', async () => {
    const forged = [...log];
    forged[1] = hashLeaf(new TextEncoder().encode('forged'));
    const stored = [kept(log.slice(0, 4), key.published.fingerprint)];
    const { deps, saved } = server(key.checkpoint(forged), [key.published], forged, stored);
    expect(await watchLedger(ORG, deps)).toMatchObject({
      status: 'alarm',
      kind: 'inconsistent',
      seen: { treeSize: 4 },
    });
    expect(saved).toHaveLength(0);
  });

  it('raises the alarm for another root at the same size, and for a log that went backwards', async () => {
    const forged = leaves('b', 7);
    const same = server(key.checkpoint(forged), [key.published], forged, [
      kept(log, key.published.fingerprint),
    ]);
    expect(await watchLedger(ORG, same.deps)).toMatchObject({ status: 'alarm', kind: 'fork' });
    const shorter = server(key.checkpoint(log.slice(0, 5)), [key.published], log.slice(0, 5), [
      kept(log, key.published.fingerprint),
    ]);
    expect(await watchLedger(ORG, shorter.deps)).toMatchObject({
      status: 'alarm',
      kind: 'rollback',
    });
  });

  it('raises the alarm when the server cannot prove the extension (422)', async () => {
    const { deps } = server(key.checkpoint(log), [key.published], log.slice(0, 3), [
      kept(log.slice(0, 4), key.published.fingerprint),
    ]);
    expect(await watchLedger(ORG, deps)).toMatchObject({ status: 'alarm', kind: 'inconsistent' });
  });

  it('notices a key it never saw sign for the organization, and still keeps the checkpoint', async () => {
    const rotated = logKey('k2');
    const stored = [kept(log.slice(0, 4), key.published.fingerprint)];
    const { deps, saved } = server(
      rotated.checkpoint(log),
      [key.published, rotated.published],
      log,
      stored,
    );
    expect(await watchLedger(ORG, deps)).toMatchObject({
      status: 'consistent',
      newKey: { fingerprint: rotated.published.fingerprint },
    });
    expect(saved).toHaveLength(1);
  });

  it('refuses a checkpoint no key of the organization signed', async () => {
    const stranger = logKey();
    const { deps, saved } = server(stranger.checkpoint(log), [key.published], log);
    expect(await watchLedger(ORG, deps)).toMatchObject({ status: 'alarm', kind: 'unsigned' });
    expect(saved).toHaveLength(0);
  });
});
