import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inclusionProof,
  ledgerKeyList,
  PROOF_BUNDLE_FORMAT,
  type LedgerKeyList,
  type InclusionProof,
  type LedgerPublicKey,
} from '@shared/api/ledger';
import { trainingEvent, type TrainingEvent } from '@shared/api/training-events';
import { verifyProofBundle, type BundleVerification } from '@shared/ledger/verify-bundle';
import { t } from '../../i18n/app';
import { apiRequest } from '../../lib/api';
import { TRAINING_EVENTS_KEY } from './use-training-events';

export const LEDGER_KEYS_KEY = ['/api/ledger/keys'] as const;

const fetchKeys = () => apiRequest('GET', '/api/ledger/keys', undefined, ledgerKeyList);

/**
 * The organization's published signing keys, current and retired: a bundle must carry one of
 * them (a head keeps the key that signed it when the key is rotated later).
 */
export function useLedgerKeys() {
  return useQuery({ queryKey: LEDGER_KEYS_KEY, queryFn: fetchKeys });
}

/** The raw keys a bundle may be signed with, for `trustedPublicKeys`. */
export const trustedKeysOf = (keys: LedgerKeyList) => keys.keys.map((k) => k.publicKeyHex);

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
      const keys = await queryClient.fetchQuery({ queryKey: LEDGER_KEYS_KEY, queryFn: fetchKeys });
      let bundle: unknown;
      if (canExport) {
        bundle = await apiRequest('GET', proofBundlePath(id));
      } else {
        const proof = await apiRequest(
          'GET',
          `/api/ledger/proof/inclusion/${id}`,
          undefined,
          inclusionProof,
        );
        const signer = keys.keys.find((k) => k.keyId === proof.head.keyId) ?? keys.current;
        bundle = bundleFromProof(
          await apiRequest('GET', `/api/training-events/${id}`, undefined, trainingEvent),
          proof,
          signer,
        );
      }
      const verification = await verifyProofBundle(bundle, {
        trustedPublicKeys: trustedKeysOf(keys),
      });
      return { bundle, verification };
    },
  });
}

/** Verifies a bundle file the user picked (e.g. one downloaded earlier and kept elsewhere). */
export async function verifyBundleFile(
  file: File,
  trustedPublicKeys: string[] = [],
): Promise<BundleVerification> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    const failure = {
      name: 'format' as const,
      ok: false,
      message: t('records:proof.notJson', { name: file.name }),
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
  return verifyProofBundle(json, { trustedPublicKeys });
}
