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
  /** The log's origin: the first line of its checkpoints and the key's name in their signatures. */
  origin: z.string(),
  /** The C2SP signed-note verifier key (`origin+id+base64`): what witnesses and tools pin. */
  vkey: z.string(),
  /** `SHA256:` and the SHA-256 of the raw key in groups of four hex digits: what people compare. */
  fingerprint: z.string(),
  createdAt: z.string(),
  /** When a newer key took over; heads signed before still verify with this one. */
  retiredAt: z.string().nullable(),
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
  'head_key',
  'cosignature_invalid',
  'cosigned_checkpoint',
  'witness_checkpoint',
  'witness_refused',
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
  /** Witness cosignatures kept in the database, each checked against the log as it is now. */
  cosignaturesChecked: z.number().int(),
  /** Each witness asked for the latest checkpoint it cosigned, and what that showed. */
  witnesses: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['consistent', 'inconsistent', 'unreachable', 'not_cosigned']),
      treeSize: z.number().int().nullable(),
      message: z.string(),
    }),
  ),
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
  /**
   * The same head as a C2SP checkpoint (signed note) with every witness cosignature received
   * for it; absent in bundles made before checkpoints.
   */
  checkpoint: z.string().optional(),
});
export type ProofBundle = z.infer<typeof proofBundle>;

export const headHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Heads smaller than this tree size: the next page of the history. */
  beforeSize: z.coerce.number().int().min(1).optional(),
});

/** The signed heads of the log, newest first, each checked against the key that signed it. */
export const headHistory = z.object({
  heads: z.array(
    signedTreeHead.extend({
      /** The signing key's fingerprint, and whether it was retired by a rotation since. */
      fingerprint: z.string(),
      keyRetired: z.boolean(),
      /** The signature checks against that key, kept after rotation for exactly this. */
      signatureValid: z.boolean(),
      /** Witnesses that cosigned the checkpoint of this size. */
      cosignatures: z.number().int(),
    }),
  ),
  /** Heads in all, to say how much of the history the page shows. */
  total: z.number().int(),
});
export type HeadHistory = z.infer<typeof headHistory>;

export const ledgerKeyList = z.object({
  /** The key new heads are signed with. */
  current: ledgerPublicKey,
  /** Every key, oldest first, the current one included. */
  keys: z.array(ledgerPublicKey),
  /** Where private keys are kept: a key folder (files, owner-only) or sealed with a secret. */
  vault: z.enum(['folder', 'sealed']),
});
export type LedgerKeyList = z.infer<typeof ledgerKeyList>;

export const ledgerWitness = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  vkey: z.string(),
  fingerprint: z.string(),
  createdAt: z.string(),
  /** The size of the latest checkpoint this witness cosigned for the log; null before the first. */
  cosignedSize: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Set when the witness refused a checkpoint as inconsistent with one it cosigned before. */
  alarm: z.string().nullable(),
});
export type LedgerWitness = z.infer<typeof ledgerWitness>;

export const ledgerWitnessList = z.object({
  witnesses: z.array(ledgerWitness),
  /** The current head's size, to compare with each witness's cosigned size. */
  treeSize: z.number().int(),
});

export const addLedgerWitness = z.object({
  /** The witness's submission prefix: `add-checkpoint` is posted under it. */
  url: z.url({ protocol: /^https?$/, message: 'Enter an http:// or https:// address' }).max(500),
  /** The witness's cosignature verifier key (`name+id+base64`, type 0x04). */
  vkey: z.string().trim().min(1, 'Enter the witness verifier key').max(400),
});
export type AddLedgerWitness = z.infer<typeof addLedgerWitness>;

export const ledgerWitnessParams = z.object({ witnessId: z.uuid() });
