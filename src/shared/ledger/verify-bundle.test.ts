import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROOF_BUNDLE_FORMAT } from '../api/ledger';
import { trainingEventLedgerData, type TrainingEvent } from '../api/training-events';
import { canonicalize } from './canonical-json';
import { hashLeaf, inclusionProof, rootFromLeafHashes } from './merkle';
import { BUNDLE_CHECKS, treeHeadSigningInput, verifyProofBundle } from './verify-bundle';

const ORG = '6f1c2f7e-8d7a-4c1e-9a53-2f0b8e6c1d11';
const utf8 = (s: string) => new TextEncoder().encode(s);

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');
  return { privateKey, raw, pem: publicKey.export({ format: 'pem', type: 'spki' }).toString() };
}

/** A real bundle for leaf 3 of a 7-leaf log, built with the shared code only. */
function makeBundle() {
  const key = keyPair();
  const record: TrainingEvent = {
    id: '0b8f8a52-1c0e-4f67-9d0e-5d1f4a3b2c10',
    studentName: 'Avery Quinn',
    licenseNumber: 'ATP-777',
    eventType: 'Recurrent',
    eventDate: '2025-01-10',
    status: 'completed',
    blockchainHash: null,
    course: 'B737 Recurrent',
    result: 'Satisfactory',
    instructor: 'Dana Fox',
    evaluator: null,
    remarks: null,
    sourceDocumentId: null,
    version: 2,
    ledgerIndex: 3,
    createdBy: 'a1',
    updatedBy: 'b2',
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-11T10:00:00.000Z',
  };
  const leaf = canonicalize({
    type: 'training_event',
    organizationId: ORG,
    recordId: record.id,
    version: 2,
    data: trainingEventLedgerData(record),
    recordedAt: record.updatedAt,
  });
  const leafHashes = Array.from({ length: 7 }, (_, i) => hashLeaf(utf8(`other ${i}`)));
  leafHashes[3] = hashLeaf(utf8(leaf));
  record.blockchainHash = leafHashes[3];
  const unsigned = {
    organizationId: ORG,
    treeSize: 7,
    rootHash: rootFromLeafHashes(leafHashes),
    timestamp: '2025-01-11T10:00:01.000Z',
  };
  const signature = sign(null, treeHeadSigningInput(unsigned), key.privateKey).toString('hex');
  const bundle = {
    format: PROOF_BUNDLE_FORMAT,
    generatedAt: '2025-01-11T10:00:02.000Z',
    record,
    leaf: { canonical: leaf, index: 3, hash: leafHashes[3] },
    proof: { treeSize: 7, auditPath: inclusionProof(leafHashes, 3) },
    head: { ...unsigned, signature, keyId: 'k1' },
    publicKey: {
      organizationId: ORG,
      keyId: 'k1',
      algorithm: 'Ed25519',
      publicKeyHex: key.raw,
      publicKeyBase64: Buffer.from(key.raw, 'hex').toString('base64'),
      spkiPem: key.pem,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  };
  return bundle;
}
type Bundle = ReturnType<typeof makeBundle>;

async function failureOf(change: (b: Bundle) => void, options = {}) {
  const bundle = makeBundle();
  change(bundle);
  const result = await verifyProofBundle(bundle, options);
  expect(result.ok).toBe(false);
  return result.failure;
}

describe('offline proof bundle verification', () => {
  it('accepts an honest bundle, reporting every check', async () => {
    const bundle = makeBundle();
    const result = await verifyProofBundle(bundle, {
      trustedPublicKeyHex: bundle.publicKey.publicKeyHex,
    });
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual([...BUNDLE_CHECKS]);
    expect(result.checks.find((c) => c.name === 'inclusion')?.message).toBe(
      `leaf 3 is in the tree of 7 leaves with root ${bundle.head.rootHash}`,
    );
  });

  it('says which part is malformed when the file is not a bundle', async () => {
    expect((await failureOf((b) => delete (b as Partial<Bundle>).head))?.message).toMatch(
      /^bundle is malformed at head:/,
    );
    const result = await verifyProofBundle('not a bundle');
    expect(result).toMatchObject({ ok: false, failure: { name: 'format' } });
  });

  it.each<[string, (b: Bundle) => void, string, string | RegExp]>([
    [
      'a record field',
      (b) => (b.record.status = 'failed'),
      'record_matches_leaf',
      'record field status is "failed" but the ledger leaf says "completed"',
    ],
    [
      'who changed it',
      (b) => (b.record.updatedBy = 'x9'),
      'record_matches_leaf',
      'record was last changed by "x9" but the leaf says "b2"',
    ],
    [
      'the record hash',
      (b) => (b.record.blockchainHash = '0'.repeat(64)),
      'record_matches_leaf',
      /^record's blockchainHash "0{64}" is not the leaf hash/,
    ],
    [
      'a leaf byte',
      (b) => (b.leaf.canonical = b.leaf.canonical.replace('Avery', 'Avory')),
      'leaf_hash',
      /^leaf bytes hash to [0-9a-f]{64}, the bundle states [0-9a-f]{64}$/,
    ],
    [
      'the leaf index',
      (b) => (b.leaf.index = 2),
      'record_matches_leaf',
      "record's ledgerIndex 3 is not the leaf index 2",
    ],
    [
      'an audit path hash',
      (b) => (b.proof.auditPath[1] = '1'.repeat(64)),
      'inclusion',
      /^audit path from leaf 3 does not lead to the signed root/,
    ],
    [
      'the proof size',
      (b) => (b.proof.treeSize = 8),
      'inclusion',
      'proof is for a tree of 8 leaves, the head has 7',
    ],
    [
      'the head time',
      (b) => (b.head.timestamp = '2025-01-12T10:00:01.000Z'),
      'head_signature',
      'the head signature does not verify with the public key',
    ],
    [
      'the signature',
      (b) => (b.head.signature = b.head.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))),
      'head_signature',
      'the head signature does not verify with the public key',
    ],
    [
      'the key',
      (b) => (b.publicKey.publicKeyHex = keyPair().raw),
      'public_key',
      'the SPKI PEM and the raw public key in the bundle are different keys',
    ],
  ])('fails precisely when %s is changed', async (_what, change, name, message) => {
    const failure = await failureOf(change);
    expect(failure?.name).toBe(name);
    if (typeof message === 'string') expect(failure?.message).toBe(message);
    else expect(failure?.message).toMatch(message);
  });

  it('fails on a leaf of another organization or record even when it hashes correctly', async () => {
    const failure = await failureOf((b) => {
      b.leaf.canonical = b.leaf.canonical.replace(ORG, ORG.replace(/^6/, '7'));
      b.leaf.hash = hashLeaf(utf8(b.leaf.canonical));
    });
    expect(failure?.name).toBe('leaf_envelope');
    expect(failure?.message).toMatch(/^leaf belongs to organization "7f1c/);
  });

  it('fails on leaf text that is not canonical', async () => {
    const failure = await failureOf((b) => {
      b.leaf.canonical = b.leaf.canonical.replace('{', '{ ');
      b.leaf.hash = hashLeaf(utf8(b.leaf.canonical));
    });
    expect(failure).toMatchObject({
      name: 'leaf_canonical',
      message: 'leaf is not RFC 8785 canonical JSON',
    });
  });

  it('fails when a whole new key re-signs a forged head, if the verifier pins the real key', async () => {
    const real = makeBundle().publicKey.publicKeyHex;
    const failure = await failureOf(() => {}, { trustedPublicKeyHex: real });
    expect(failure?.name).toBe('public_key');
    expect(failure?.message).toMatch(
      /^bundle key SHA256:([0-9a-f]{4}:){15}[0-9a-f]{4} is not one of the trusted keys: this bundle was not signed by the organization you pinned$/,
    );
  });

  it('a forged bundle signed with its own key passes the maths but is never pinned', async () => {
    const forged = makeBundle();
    const result = await verifyProofBundle(forged);
    expect(result).toMatchObject({ ok: true, pinned: false, failure: null });
    expect(result.fingerprint).toMatch(/^SHA256:/);
    expect(result.checks.find((c) => c.name === 'public_key')?.message).toMatch(
      /came with the bundle and is not pinned/,
    );
    const pinnedToItself = await verifyProofBundle(forged, {
      trustedPublicKeys: [forged.publicKey.publicKeyHex],
    });
    expect(pinnedToItself).toMatchObject({ ok: true, pinned: true });
  });
});
