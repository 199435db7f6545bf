import { describe, expect, it } from 'vitest';
import { verifyProofBundle } from '@shared/ledger/verify-bundle';
import { ledgerFor } from '../../test/ledger';
import { bundleFromProof, verifyBundleFile } from './use-proof';

describe('proof checks in the browser', () => {
  it('assembles, for a Viewer, a bundle the offline verifier accepts', async () => {
    const { record, proof, publicKey } = ledgerFor({}, { treeSize: 3, leafIndex: 1 });
    const result = await verifyProofBundle(bundleFromProof(record, proof, publicKey), {
      trustedPublicKeyHex: publicKey.publicKeyHex,
    });
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);
  });

  it('says which check failed when the record shown differs from its leaf', async () => {
    const { record, proof, publicKey } = ledgerFor({}, { treeSize: 3, leafIndex: 1 });
    const result = await verifyProofBundle(
      bundleFromProof({ ...record, status: 'failed' }, proof, publicKey),
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
