import { z } from 'zod';
import { trainingEvent } from './training-events';

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a 32-byte lowercase hex hash');

export const LEAF_TYPES = ['training_event', 'audit_log'] as const;
export type LeafType = (typeof LEAF_TYPES)[number];

/** Tag inside every signed head, so a signature over a head cannot be replayed as anything else. */
export const TREE_HEAD_TYPE = 'centerline-tree-head/v1';
export const PROOF_BUNDLE_FORMAT = 'centerline-proof-bundle/v1';

export const ledgerPublicKey = z.object({
  organizationId: z.string(),
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key (RFC 8032), lowercase hex. */
  publicKeyHex: z.string().regex(/^[0-9a-f]{64}$/),
  publicKeyBase64: z.string(),
  /** The same key as an X.509 SubjectPublicKeyInfo PEM (openssl, WebCrypto 'spki'). */
  spkiPem: z.string(),
  createdAt: z.string(),
});
export type LedgerPublicKey = z.infer<typeof ledgerPublicKey>;

/**
 * A signed tree head. The signature is Ed25519 over the UTF-8 bytes of the RFC 8785 canonical
 * JSON of {type: TREE_HEAD_TYPE, organizationId, treeSize, rootHash, timestamp}.
 */
export const signedTreeHead = z.object({
  organizationId: z.string(),
  treeSize: z.number().int().min(0),
  rootHash: hash,
  /** ISO 8601 UTC with milliseconds, exactly as signed. */
  timestamp: z.string(),
  /** Ed25519 signature, lowercase hex (64 bytes). */
  signature: z.string().regex(/^[0-9a-f]{128}$/, 'a 64-byte lowercase hex signature'),
  keyId: z.string(),
});
export type SignedTreeHead = z.infer<typeof signedTreeHead>;

export const inclusionProofParams = z.object({ recordId: z.uuid() });
export const inclusionProofQuery = z.object({
  /** A past version of the record; the latest when absent. */
  version: z.coerce.number().int().min(1).optional(),
});

export const inclusionProof = z.object({
  recordType: z.enum(LEAF_TYPES),
  recordId: z.string(),
  version: z.number().int(),
  /** The leaf: RFC 8785 canonical JSON of {type, organizationId, recordId, version, data, recordedAt}. */
  leaf: z.string(),
  leafIndex: z.number().int(),
  leafHash: hash,
  treeSize: z.number().int(),
  /** RFC 9162 §2.1.3 audit path, leaf level first. */
  auditPath: z.array(hash),
  head: signedTreeHead,
});
export type InclusionProof = z.infer<typeof inclusionProof>;

export const consistencyProofQuery = z
  .object({
    from: z.coerce.number().int().min(1),
    /** The latest signed head's size when absent. */
    to: z.coerce.number().int().min(1).optional(),
  })
  .refine((q) => q.to === undefined || q.from <= q.to, {
    message: 'from must not exceed to',
    path: ['from'],
  });

export const consistencyProof = z.object({
  fromSize: z.number().int(),
  toSize: z.number().int(),
  fromRoot: hash,
  toRoot: hash,
  /** RFC 9162 §2.1.4 consistency proof. */
  proof: z.array(hash),
  /** Signed heads at these sizes, when one was issued at exactly that size. */
  fromHead: signedTreeHead.nullable(),
  toHead: signedTreeHead.nullable(),
});
export type ConsistencyProof = z.infer<typeof consistencyProof>;

export const MISMATCH_KINDS = [
  'leaf_missing',
  'leaf_hash',
  'leaf_envelope',
  'node_hash',
  'node_missing',
  'node_extra',
  'head_root',
  'head_signature',
  'head_beyond_log',
  'state',
  'record_missing_leaf',
  'record_mismatch',
] as const;

export const ledgerMismatch = z.object({
  kind: z.enum(MISMATCH_KINDS),
  message: z.string(),
  leafIndex: z.number().int().nullable(),
  level: z.number().int().nullable(),
  nodeIndex: z.number().int().nullable(),
  treeSize: z.number().int().nullable(),
  recordId: z.string().nullable(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
});
export type LedgerMismatch = z.infer<typeof ledgerMismatch>;

export const ledgerVerification = z.object({
  ok: z.boolean(),
  treeSize: z.number().int(),
  rootHash: hash,
  leavesChecked: z.number().int(),
  nodesChecked: z.number().int(),
  headsChecked: z.number().int(),
  recordsChecked: z.number().int(),
  durationMs: z.number(),
  /** Of which checking the records (rows against leaves) took; the rest is the log itself. */
  recordsMs: z.number(),
  /** The first thing that does not recompute, in log order; null when everything does. */
  firstMismatch: ledgerMismatch.nullable(),
});
export type LedgerVerification = z.infer<typeof ledgerVerification>;

/**
 * Everything needed to check one record offline: the record as the API showed it, its canonical
 * leaf, the audit path to a signed head, and the key that signed it.
 */
export const proofBundle = z.object({
  format: z.literal(PROOF_BUNDLE_FORMAT),
  generatedAt: z.string(),
  record: trainingEvent,
  leaf: z.object({ canonical: z.string(), index: z.number().int(), hash }),
  proof: z.object({ treeSize: z.number().int(), auditPath: z.array(hash) }),
  head: signedTreeHead,
  publicKey: ledgerPublicKey,
});
export type ProofBundle = z.infer<typeof proofBundle>;
