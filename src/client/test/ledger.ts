/**
 * A real ledger for proof tests: a training event's canonical leaf among others, its audit path
 * from the shared Merkle code, and a tree head signed with a fresh Ed25519 key. Nothing here is
 * a stand-in for the verifier; the screens check these answers with the real one.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { inclusionProof, ledgerPublicKey, type LedgerPublicKey } from '@shared/api/ledger';
import { trainingEventLedgerData, type TrainingEvent } from '@shared/api/training-events';
import { canonicalize } from '@shared/ledger/canonical-json';
import { hashLeaf, inclusionProof as auditPath, rootFromLeafHashes } from '@shared/ledger/merkle';
import { hexToBytes } from '@shared/ledger/hex';
import {
  encodeVerifierKey,
  formatCheckpointBody,
  formatNote,
  formatSignatureLine,
  keyFingerprint,
  noteKeyId,
  SIGNATURE_TYPE,
} from '@shared/ledger/note';
import { treeHeadSigningInput } from '@shared/ledger/verify-bundle';
import { bundleFromProof } from '../features/records/use-proof';
import { ORGANIZATION_ID, trainingEventOf } from './fixtures';

const utf8 = (s: string) => new TextEncoder().encode(s);
const ORIGIN = `test.centerline.local/ledger/${ORGANIZATION_ID}`;

/** A new organization key as GET /api/ledger/public-key publishes it, and its private half. */
export function signingKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const published: LedgerPublicKey = ledgerPublicKey.parse({
    organizationId: ORGANIZATION_ID,
    keyId: 'k1',
    algorithm: 'Ed25519',
    publicKeyHex: raw.toString('hex'),
    publicKeyBase64: raw.toString('base64'),
    spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    origin: ORIGIN,
    vkey: encodeVerifierKey(ORIGIN, SIGNATURE_TYPE.ed25519, raw),
    fingerprint: keyFingerprint(raw),
    createdAt: '2025-01-01T00:00:00.000Z',
    retiredAt: null,
  });
  return { published, privateKey };
}

/** What GET /api/ledger/keys answers for an organization with this one key. */
export function keyListOf(key: LedgerPublicKey) {
  return { current: key, keys: [key], vault: 'folder' as const };
}

/**
 * A record at leaf `leafIndex` of a log of `treeSize` leaves, with what the server answers for
 * it: the record, its inclusion proof, the published key and the export bundle.
 */
export function ledgerFor(
  overrides: Partial<TrainingEvent> = {},
  { treeSize = 5, leafIndex = 2 }: { treeSize?: number; leafIndex?: number } = {},
) {
  const key = signingKey();
  const base = trainingEventOf({ ...overrides, ledgerIndex: leafIndex });
  const leaf = canonicalize({
    type: 'training_event',
    organizationId: ORGANIZATION_ID,
    recordId: base.id,
    version: base.version,
    data: trainingEventLedgerData(base),
    recordedAt: base.updatedAt,
  });
  const leaves = Array.from({ length: treeSize }, (_, i) =>
    i === leafIndex ? hashLeaf(utf8(leaf)) : hashLeaf(utf8(`another entry ${i}`)),
  );
  const record: TrainingEvent = { ...base, blockchainHash: leaves[leafIndex]! };
  const unsigned = {
    organizationId: ORGANIZATION_ID,
    treeSize,
    rootHash: rootFromLeafHashes(leaves),
    timestamp: '2025-01-10T10:00:01.000Z',
  };
  const signature = sign(null, treeHeadSigningInput(unsigned), key.privateKey).toString('hex');
  const proof = inclusionProof.parse({
    recordType: 'training_event',
    recordId: record.id,
    version: record.version,
    leaf,
    leafIndex,
    leafHash: leaves[leafIndex],
    treeSize,
    auditPath: auditPath(leaves, leafIndex),
    head: { ...unsigned, signature, keyId: 'k1' },
  });
  // The head as the server also publishes it: a C2SP checkpoint signed by the same key.
  const text = formatCheckpointBody({ origin: ORIGIN, treeSize, rootHash: unsigned.rootHash });
  const keyId = noteKeyId(ORIGIN, SIGNATURE_TYPE.ed25519, hexToBytes(key.published.publicKeyHex));
  const checkpoint = formatNote(text, [
    formatSignatureLine(ORIGIN, keyId, sign(null, utf8(text), key.privateKey)),
  ]);
  return {
    record,
    proof,
    publicKey: key.published,
    /** What GET /api/training-events/:id/proof answers. */
    bundle: { ...bundleFromProof(record, proof, key.published), checkpoint },
  };
}
