/**
 * Offline verification of a proof bundle (GET /api/training-events/:id/proof): with nothing but
 * the file, recompute the leaf hash from the canonical leaf, check the record against the leaf,
 * climb the audit path to the signed root, and check the Ed25519 signature with WebCrypto.
 * Pure and async (WebCrypto is); runs in Node 20+ and in current browsers.
 *
 * Every check is reported, pass or fail, so a failure says exactly what did not hold.
 */
import { z } from 'zod';
import { PROOF_BUNDLE_FORMAT, TREE_HEAD_TYPE } from '../api/ledger';
import { LEDGER_FIELDS } from '../api/training-events';
import { canonicalize, isCanonicalJson } from './canonical-json';
import { bytesToHex, tryHexToBytes } from './hex';
import { hashLeaf, verifyInclusion } from './merkle';
import {
  encodeVerifierKey,
  keyFingerprint,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyCheckpoint,
  type VerifierKey,
} from './note';

export const BUNDLE_CHECKS = [
  'format',
  'leaf_canonical',
  'leaf_hash',
  'leaf_envelope',
  'record_matches_leaf',
  'inclusion',
  'public_key',
  'head_signature',
  'checkpoint',
] as const;
export type BundleCheckName = (typeof BUNDLE_CHECKS)[number];

export interface BundleCheck {
  name: BundleCheckName;
  ok: boolean;
  message: string;
}

export interface BundleVerification {
  /** Every check passed: the maths holds for the key the result names. */
  ok: boolean;
  checks: BundleCheck[];
  /** The first failed check, or null when all passed. */
  failure: BundleCheck | null;
  /**
   * The bundle's key is one the verifier was given (pinned). When false, `ok` proves only that
   * whoever holds the key in the bundle signed it: anyone can make such a bundle.
   */
  pinned: boolean;
  /** The fingerprint of the key in the bundle (keyFingerprint), or null when it has none. */
  fingerprint: string | null;
  /** Witnesses whose cosignature on the bundle's checkpoint verified. */
  cosigned: { name: string; timestamp: number }[];
}

export interface VerifyBundleOptions {
  /** A public key obtained independently (raw 32 bytes, hex). The bundle's own key must equal it. */
  trustedPublicKeyHex?: string;
  /** Several such keys (an organization's current and retired keys): the bundle's must be one. */
  trustedPublicKeys?: string[];
  /** Witness cosignature keys (vkeys, type 0x04) the verifier trusts. */
  witnesses?: VerifierKey[];
  /** How many of `witnesses` must have cosigned the bundle's checkpoint (0 by default). */
  quorum?: number;
  /** WebCrypto implementation; `globalThis.crypto.subtle` by default. */
  subtle?: SubtleCrypto;
}

/** The exact bytes a tree head's signature covers. */
export function treeHeadSigningInput(head: {
  organizationId: string;
  treeSize: number;
  rootHash: string;
  timestamp: string;
}): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    canonicalize({
      type: TREE_HEAD_TYPE,
      organizationId: head.organizationId,
      treeSize: head.treeSize,
      rootHash: head.rootHash,
      timestamp: head.timestamp,
    }),
  );
}

// DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410 §4); the raw key follows.
const ED25519_SPKI_PREFIX = '302a300506032b6570032100';

function spkiPemToRawHex(pem: string): string | null {
  const body = pem
    .replace(/-----BEGIN PUBLIC KEY-----|-----END PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '');
  try {
    const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    const hex = bytesToHex(der);
    return hex.startsWith(ED25519_SPKI_PREFIX) && hex.length === 88
      ? hex.slice(ED25519_SPKI_PREFIX.length)
      : null;
  } catch {
    return null;
  }
}

// Loose on purpose: the record is compared field by field below, which says more than a schema.
const bundleShape = z.object({
  format: z.literal(PROOF_BUNDLE_FORMAT),
  record: z.record(z.string(), z.unknown()),
  leaf: z.object({ canonical: z.string(), index: z.number().int().min(0), hash: z.string() }),
  proof: z.object({ treeSize: z.number().int().min(1), auditPath: z.array(z.string()) }),
  head: z.object({
    organizationId: z.string(),
    treeSize: z.number().int().min(0),
    rootHash: z.string(),
    timestamp: z.string(),
    signature: z.string(),
  }),
  publicKey: z.object({
    algorithm: z.literal('Ed25519'),
    publicKeyHex: z.string(),
    spkiPem: z.string(),
    origin: z.string().optional(),
  }),
  checkpoint: z.string().optional(),
});
type Bundle = z.infer<typeof bundleShape>;

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

function checkEnvelope(bundle: Bundle, leaf: Record<string, unknown>): string | null {
  if (leaf.type !== 'training_event')
    return `leaf type is ${show(leaf.type)}, not "training_event"`;
  if (leaf.organizationId !== bundle.head.organizationId) {
    return `leaf belongs to organization ${show(leaf.organizationId)}, the head to ${show(bundle.head.organizationId)}`;
  }
  if (leaf.recordId !== bundle.record.id) {
    return `leaf is for record ${show(leaf.recordId)}, the bundle's record is ${show(bundle.record.id)}`;
  }
  if (leaf.version !== bundle.record.version) {
    return `leaf is version ${show(leaf.version)}, the record says version ${show(bundle.record.version)}`;
  }
  if (typeof leaf.recordedAt !== 'string') return 'leaf has no recordedAt time';
  if (!leaf.data || typeof leaf.data !== 'object') return 'leaf has no data object';
  return null;
}

function checkRecord(bundle: Bundle, data: Record<string, unknown>, leafHash: string) {
  const { record } = bundle;
  for (const field of LEDGER_FIELDS) {
    const inRecord = record[field] ?? null;
    if (inRecord !== data[field]) {
      return `record field ${field} is ${show(inRecord)} but the ledger leaf says ${show(data[field])}`;
    }
  }
  if ((record.updatedBy ?? null) !== data.changedBy) {
    return `record was last changed by ${show(record.updatedBy)} but the leaf says ${show(data.changedBy)}`;
  }
  if (record.blockchainHash !== leafHash) {
    return `record's blockchainHash ${show(record.blockchainHash)} is not the leaf hash ${leafHash}`;
  }
  if (record.ledgerIndex !== bundle.leaf.index) {
    return `record's ledgerIndex ${show(record.ledgerIndex)} is not the leaf index ${bundle.leaf.index}`;
  }
  return null;
}

async function checkSignature(bundle: Bundle, subtle: SubtleCrypto): Promise<string | null> {
  const key = tryHexToBytes(bundle.publicKey.publicKeyHex);
  const signature = tryHexToBytes(bundle.head.signature);
  if (!signature || signature.length !== 64) return 'signature is not 64 bytes of lowercase hex';
  if (!key || key.length !== 32) return 'public key is not 32 bytes of lowercase hex';
  try {
    // Copies: WebCrypto's types want an ArrayBuffer-backed view, not any ArrayBufferLike.
    const imported = await subtle.importKey(
      'raw',
      new Uint8Array(key),
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    const valid = await subtle.verify(
      { name: 'Ed25519' },
      imported,
      new Uint8Array(signature),
      treeHeadSigningInput(bundle.head),
    );
    return valid ? null : 'the head signature does not verify with the public key';
  } catch (error) {
    return `the signature could not be checked: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Verifies a parsed bundle (any JSON value); never throws for bad input. */
export async function verifyProofBundle(
  input: unknown,
  options: VerifyBundleOptions = {},
): Promise<BundleVerification> {
  const checks: BundleCheck[] = [];
  const add = (name: BundleCheckName, problem: string | null, okMessage: string) =>
    checks.push({ name, ok: problem === null, message: problem ?? okMessage });
  const trusted = [
    ...(options.trustedPublicKeys ?? []),
    ...(options.trustedPublicKeyHex === undefined ? [] : [options.trustedPublicKeyHex]),
  ].map((k) => k.trim().toLowerCase());
  let pinned = false;
  let fingerprint: string | null = null;
  let cosigned: BundleVerification['cosigned'] = [];
  const done = (): BundleVerification => {
    const failure = checks.find((c) => !c.ok) ?? null;
    const ok = failure === null && checks.length === BUNDLE_CHECKS.length;
    return { ok, checks, failure, pinned: ok && pinned, fingerprint, cosigned };
  };

  const parsed = bundleShape.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    add(
      'format',
      `bundle is malformed at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
      '',
    );
    return done();
  }
  const bundle = parsed.data;
  add('format', null, `bundle format ${PROOF_BUNDLE_FORMAT}`);

  const canonical = bundle.leaf.canonical;
  add(
    'leaf_canonical',
    isCanonicalJson(canonical) ? null : 'leaf is not RFC 8785 canonical JSON',
    'leaf is RFC 8785 canonical JSON',
  );

  const leafHash = hashLeaf(new TextEncoder().encode(canonical));
  add(
    'leaf_hash',
    leafHash === bundle.leaf.hash
      ? null
      : `leaf bytes hash to ${leafHash}, the bundle states ${bundle.leaf.hash}`,
    `leaf hash ${leafHash}`,
  );

  let leaf: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(canonical);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      leaf = value as Record<string, unknown>;
    }
  } catch {
    // Reported by leaf_canonical; the envelope check below then fails too.
  }
  const envelopeProblem = checkEnvelope(bundle, leaf);
  add('leaf_envelope', envelopeProblem, `leaf is version ${show(leaf.version)} of this record`);
  add(
    'record_matches_leaf',
    envelopeProblem
      ? 'not checked: the leaf envelope is wrong'
      : checkRecord(bundle, leaf.data as Record<string, unknown>, leafHash),
    'every ledger field of the record equals the leaf',
  );

  const { treeSize, auditPath } = bundle.proof;
  let inclusionProblem: string | null = null;
  if (treeSize !== bundle.head.treeSize) {
    inclusionProblem = `proof is for a tree of ${treeSize} leaves, the head has ${bundle.head.treeSize}`;
  } else if (
    !verifyInclusion(leafHash, bundle.leaf.index, treeSize, auditPath, bundle.head.rootHash)
  ) {
    inclusionProblem = `audit path from leaf ${bundle.leaf.index} does not lead to the signed root ${bundle.head.rootHash}`;
  }
  add(
    'inclusion',
    inclusionProblem,
    `leaf ${bundle.leaf.index} is in the tree of ${treeSize} leaves with root ${bundle.head.rootHash}`,
  );

  const { publicKeyHex, spkiPem } = bundle.publicKey;
  const rawKey = tryHexToBytes(publicKeyHex);
  fingerprint = rawKey?.length === 32 ? keyFingerprint(rawKey) : null;
  let keyProblem: string | null = null;
  if (spkiPemToRawHex(spkiPem) !== publicKeyHex) {
    keyProblem = 'the SPKI PEM and the raw public key in the bundle are different keys';
  } else if (trusted.length > 0 && !trusted.includes(publicKeyHex)) {
    keyProblem = `bundle key ${fingerprint} is not one of the trusted keys: this bundle was not signed by the organization you pinned`;
  }
  pinned = keyProblem === null && trusted.length > 0;
  add(
    'public_key',
    keyProblem,
    pinned
      ? `bundle key is a trusted key (${fingerprint})`
      : `key ${fingerprint} came with the bundle and is not pinned: anyone can sign with a key of their own`,
  );

  const subtle = options.subtle ?? globalThis.crypto?.subtle;
  add(
    'head_signature',
    subtle ? await checkSignature(bundle, subtle) : 'WebCrypto is not available here',
    `head of ${bundle.head.treeSize} leaves signed at ${bundle.head.timestamp}`,
  );

  const checkpoint = await checkCheckpoint(bundle, rawKey, options, subtle);
  cosigned = checkpoint.cosigned;
  add('checkpoint', checkpoint.problem, checkpoint.message);
  return done();
}

/**
 * The head again as a C2SP checkpoint: same size and root, signed by the same key under the
 * log's origin, with the quorum of witness cosignatures the verifier asks for.
 */
async function checkCheckpoint(
  bundle: Bundle,
  rawKey: Uint8Array | null,
  options: VerifyBundleOptions,
  subtle: SubtleCrypto | undefined,
): Promise<{ problem: string | null; message: string; cosigned: BundleVerification['cosigned'] }> {
  const quorum = options.quorum ?? 0;
  const none = { cosigned: [] };
  if (bundle.checkpoint === undefined) {
    return quorum > 0
      ? {
          ...none,
          problem: `the bundle carries no checkpoint, so no witness cosignature`,
          message: '',
        }
      : {
          ...none,
          problem: null,
          message: 'no checkpoint in this bundle (made before checkpoints)',
        };
  }
  if (!subtle) return { ...none, problem: 'WebCrypto is not available here', message: '' };
  if (!rawKey || rawKey.length !== 32 || !bundle.publicKey.origin) {
    return { ...none, problem: 'the bundle names no log origin for its checkpoint', message: '' };
  }
  let logKey: VerifierKey;
  try {
    logKey = parseVerifierKey(
      encodeVerifierKey(bundle.publicKey.origin, SIGNATURE_TYPE.ed25519, rawKey),
    );
  } catch (error) {
    return { ...none, problem: `the log origin is not valid: ${String(error)}`, message: '' };
  }
  const result = await verifyCheckpoint(bundle.checkpoint, {
    logKey,
    witnesses: options.witnesses ?? [],
    quorum,
    origin: bundle.publicKey.origin,
    subtle,
  });
  if (!result.ok || !result.checkpoint) {
    return { cosigned: result.cosigned, problem: `checkpoint: ${result.problem}`, message: '' };
  }
  const { treeSize, rootHash } = result.checkpoint;
  if (treeSize !== bundle.head.treeSize || rootHash !== bundle.head.rootHash) {
    return {
      ...none,
      problem: `the checkpoint is of ${treeSize} leaves with root ${rootHash}, not the head's`,
      message: '',
    };
  }
  const witnessed =
    (options.witnesses ?? []).length === 0
      ? `${parseNote(bundle.checkpoint).signatures.length - 1} witness cosignatures present, none checked (no witness keys given)`
      : `cosigned by ${result.cosigned.map((c) => c.name).join(', ') || 'no trusted witness'}`;
  return {
    cosigned: result.cosigned,
    problem: null,
    message: `checkpoint of ${treeSize} leaves signed under ${bundle.publicKey.origin}; ${witnessed}`,
  };
}
