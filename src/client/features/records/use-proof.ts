import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inclusionProof,
  ledgerPublicKey,
  PROOF_BUNDLE_FORMAT,
  type InclusionProof,
  type LedgerPublicKey,
} from '@shared/api/ledger';
import { trainingEvent, type TrainingEvent } from '@shared/api/training-events';
import { verifyProofBundle, type BundleVerification } from '@shared/ledger/verify-bundle';
import { apiRequest } from '../../lib/api';
import { TRAINING_EVENTS_KEY } from './use-training-events';

export const PUBLIC_KEY_KEY = ['/api/ledger/public-key'] as const;

const fetchPublicKey = () =>
  apiRequest('GET', '/api/ledger/public-key', undefined, ledgerPublicKey);

/** The organization's published signing key, the one every bundle must carry. */
export function usePublicKey() {
  return useQuery({ queryKey: PUBLIC_KEY_KEY, queryFn: fetchPublicKey });
}

export const proofBundlePath = (id: string) => `/api/training-events/${id}/proof`;

/**
 * The bundle a Viewer would get if they could export: same record, leaf, path, head and key,
 * read from the calls their role may make (the bundle download needs the export capability).
 */
export function bundleFromProof(
  record: TrainingEvent,
  proof: InclusionProof,
  publicKey: LedgerPublicKey,
) {
  return {
    format: PROOF_BUNDLE_FORMAT,
    generatedAt: new Date().toISOString(),
    record,
    leaf: { canonical: proof.leaf, index: proof.leafIndex, hash: proof.leafHash },
    proof: { treeSize: proof.treeSize, auditPath: proof.auditPath },
    head: proof.head,
    publicKey,
  };
}

export interface CheckedBundle {
  /** The bundle as received: left unparsed so a malformed one is reported, not thrown. */
  bundle: unknown;
  verification: BundleVerification;
}

/**
 * Fetches the record's proof bundle and verifies it here, in the browser, with the same code
 * as `npm run verify-proof`: the server's word is not taken for anything. The bundle's key must
 * also be the organization's published key.
 */
export function useVerifiedProof(id: string, { canExport }: { canExport: boolean }) {
  const queryClient = useQueryClient();
  return useQuery<CheckedBundle>({
    queryKey: [...TRAINING_EVENTS_KEY, id, 'proof', { canExport }],
    queryFn: async () => {
      const publicKey = await queryClient.fetchQuery({
        queryKey: PUBLIC_KEY_KEY,
        queryFn: fetchPublicKey,
      });
      const bundle: unknown = canExport
        ? await apiRequest('GET', proofBundlePath(id))
        : bundleFromProof(
            await apiRequest('GET', `/api/training-events/${id}`, undefined, trainingEvent),
            await apiRequest('GET', `/api/ledger/proof/inclusion/${id}`, undefined, inclusionProof),
            publicKey,
          );
      const verification = await verifyProofBundle(bundle, {
        trustedPublicKeyHex: publicKey.publicKeyHex,
      });
      return { bundle, verification };
    },
  });
}

/** Verifies a bundle file the user picked (e.g. one downloaded earlier and kept elsewhere). */
export async function verifyBundleFile(
  file: File,
  trustedPublicKeyHex?: string,
): Promise<BundleVerification> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    const failure = {
      name: 'format' as const,
      ok: false,
      message: `${file.name} is not a JSON file`,
    };
    return {
      ok: false,
      checks: [failure],
      failure,
      pinned: false,
      fingerprint: null,
      cosigned: [],
    };
  }
  return verifyProofBundle(json, { trustedPublicKeyHex });
}
