import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InclusionProof, LedgerPublicKey } from '@shared/api/ledger';
import { trainingEventLedgerData, type TrainingEvent } from '@shared/api/training-events';
import { canonicalize } from '@shared/ledger/canonical-json';
import { hashLeaf, inclusionProof, rootFromLeafHashes } from '@shared/ledger/merkle';
import { treeHeadSigningInput, verifyProofBundle } from '@shared/ledger/verify-bundle';
import { bundleFromProof, verifyBundleFile } from './use-proof';

const ORG = '6f1c2f7e-8d7a-4c1e-9a53-2f0b8e6c1d11';
const utf8 = (s: string) => new TextEncoder().encode(s);
const subtle = webcrypto.subtle as SubtleCrypto;

/** What a Viewer's browser receives: the record, its inclusion proof and the published key. */
function viewerAnswers() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const key: LedgerPublicKey = {
    organizationId: ORG,
    keyId: 'k1',
    algorithm: 'Ed25519',
    publicKeyHex: raw.toString('hex'),
    publicKeyBase64: raw.toString('base64'),
    spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    createdAt: '2025-01-01T00:00:00.000Z',
  };
  const record: TrainingEvent = {
    id: '0b8f8a52-1c0e-4f67-9d0e-5d1f4a3b2c10',
    studentName: 'Avery Quinn',
    licenseNumber: 'ATP-777',
    eventType: 'Recurrent',
    eventDate: '2025-01-10',
    status: 'completed',
    blockchainHash: null,
    course: null,
    result: 'Satisfactory',
    instructor: 'Dana Fox',
    evaluator: null,
    remarks: null,
    sourceDocumentId: null,
    version: 1,
    ledgerIndex: 1,
    createdBy: 'u1',
    updatedBy: 'u1',
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
  };
  const leaf = canonicalize({
    type: 'training_event',
    organizationId: ORG,
    recordId: record.id,
    version: 1,
    data: trainingEventLedgerData(record),
    recordedAt: record.updatedAt,
  });
  const leaves = [hashLeaf(utf8('a')), hashLeaf(utf8(leaf)), hashLeaf(utf8('c'))];
  record.blockchainHash = leaves[1]!;
  const unsigned = {
    organizationId: ORG,
    treeSize: 3,
    rootHash: rootFromLeafHashes(leaves),
    timestamp: '2025-01-10T10:00:01.000Z',
  };
  const signature = sign(null, treeHeadSigningInput(unsigned), privateKey).toString('hex');
  const proof: InclusionProof = {
    recordType: 'training_event',
    recordId: record.id,
    version: 1,
    leaf,
    leafIndex: 1,
    leafHash: leaves[1]!,
    treeSize: 3,
    auditPath: inclusionProof(leaves, 1),
    head: { ...unsigned, signature, keyId: 'k1' },
  };
  return { record, proof, key };
}

describe('proof checks in the browser', () => {
  it('assembles, for a Viewer, a bundle the offline verifier accepts', async () => {
    const { record, proof, key } = viewerAnswers();
    const result = await verifyProofBundle(bundleFromProof(record, proof, key), {
      trustedPublicKeyHex: key.publicKeyHex,
      subtle,
    });
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);
  });

  it('says which check failed when the record shown differs from its leaf', async () => {
    const { record, proof, key } = viewerAnswers();
    const result = await verifyProofBundle(
      bundleFromProof({ ...record, status: 'failed' }, proof, key),
      { subtle },
    );
    expect(result.ok).toBe(false);
    expect(result.failure).toEqual({
      name: 'record_matches_leaf',
      ok: false,
      message: 'record field status is "failed" but the ledger leaf says "completed"',
    });
  });

  it('reports a picked file that is not JSON as a format failure', async () => {
    const result = await verifyBundleFile(new File(['not json'], 'proof.json'));
    expect(result.ok).toBe(false);
    expect(result.failure?.message).toBe('proof.json is not a JSON file');
  });
});
