import { and, asc, desc, eq, gt, inArray, isNull, lt, max } from 'drizzle-orm';
import { everyPeriodOnOneNode } from '../../cluster/ticks';
import { NODE_ID } from '../../cluster/node';
import type {
  ConsistencyProof,
  InclusionProof,
  LeafType,
  SignedTreeHead,
} from '@shared/api/ledger';
import type { Database, DbOrTx } from '../../db/client';
import {
  ledgerCosignatures,
  ledgerHeads,
  ledgerKeys,
  ledgerLeaves,
  ledgerStates,
  ledgerWitnesses,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { invalid, notFound } from '../../http/errors';
import { rawRows } from './raw-query';
import { currentHead, headAtSize, signPendingHeads, toPublicKey } from './heads';
import type { LedgerSigning } from './keys';
import { checkpointNoteOf, cosignCheckpoint } from './witnesses';
import { storedConsistencyProof, storedInclusionProof } from './proofs';

// What other features write and read through: the append (in the caller's transaction), the
// data a leaf commits to for their rows, the organization's key, and the head-signing timer.
export { appendToLedger, inTransaction, lockLedger } from './append';
export { auditLogLeafData, trainingEventLeafData } from './record-data';
export { moveKeysOutOfDatabase, publicKeyOf } from './heads';
export { verifyLedger } from './verify';
export { ledgerSigning, type LedgerSigning } from './keys';
export { checkpointNoteOf, cosignJob } from './witnesses';

/** The leaf of a record's version (latest when `version` is absent), in the caller's organization. */
export async function findLeaf(
  db: Database,
  organizationId: string,
  recordId: string,
  version?: number,
) {
  const [row] = await db
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordId, recordId),
        version === undefined ? undefined : eq(ledgerLeaves.version, version),
      ),
    )
    .orderBy(desc(ledgerLeaves.version))
    .limit(1);
  return row;
}

/** Every leaf of one record, oldest version first. */
export function recordLeaves(
  db: Database,
  organizationId: string,
  recordType: LeafType,
  recordId: string,
) {
  return db
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordId, recordId),
        eq(ledgerLeaves.recordType, recordType),
      ),
    )
    .orderBy(asc(ledgerLeaves.version));
}

interface LeafWithHead {
  record_type: string;
  version: number;
  leaf: string;
  leaf_index: string | number | bigint;
  leaf_hash: string;
  visible: boolean;
  tree_size: string | number | bigint | null;
  root_hash: string | null;
  timestamp: string | null;
  signature: string | null;
  key_id: string | null;
}

/**
 * Leaf, index, audit path and a signed head covering it, in two queries: the leaf together with
 * the head signed at the log's current size (and, for a Viewer, whether the record is assigned to
 * them), then the O(log n) stored hashes of the audit path. Only when the log grew since its last
 * head is a new head signed first (see heads.ts).
 */
export async function getInclusionProof(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  recordId: string,
  version?: number,
): Promise<InclusionProof> {
  const organizationId = actor.organizationId;
  const viewer = actor.role === 'viewer';
  const params: unknown[] = [organizationId, recordId];
  if (viewer) params.push(actor.userId);
  if (version !== undefined) params.push(version);
  const visible = viewer
    ? `l.record_type = 'training_event' and exists (select 1 from training_event_assignments a
        where a.training_event_id = l.record_id and a.user_id = $3 and a.organization_id = $1)`
    : 'true';
  const rows = await rawRows<LeafWithHead>(
    db,
    `select l.record_type, l.version, l.leaf, l.leaf_index, l.leaf_hash, ${visible} as visible,
       h.tree_size, h.root_hash, h.timestamp, h.signature, h.key_id::text as key_id
     from ledger_leaves l
     left join ledger_states s on s.organization_id = l.organization_id
     left join ledger_heads h on h.organization_id = l.organization_id and h.tree_size = s.tree_size
     where l.organization_id = $1 and l.record_id = $2
       ${version === undefined ? '' : `and l.version = $${params.length}`}
     order by l.version desc
     limit 1`,
    params,
  );
  const row = rows[0];
  if (!row || !row.visible) throw notFound(version === undefined ? 'Record' : 'Record version');
  const head: SignedTreeHead =
    row.tree_size === null
      ? await currentHead(db, signing, organizationId)
      : {
          organizationId,
          treeSize: Number(row.tree_size),
          rootHash: row.root_hash!,
          timestamp: row.timestamp!,
          signature: row.signature!,
          keyId: row.key_id!,
        };
  const leafIndex = Number(row.leaf_index);
  return {
    recordType: row.record_type as LeafType,
    recordId,
    version: row.version,
    leaf: row.leaf,
    leafIndex,
    leafHash: row.leaf_hash,
    treeSize: head.treeSize,
    auditPath: await storedInclusionProof(db, organizationId, leafIndex, head.treeSize),
    head,
  };
}

/** Proof that the log of `from` leaves is a prefix of the log of `to` leaves (the latest head's by default). */
export async function getConsistencyProof(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  from: number,
  to?: number,
): Promise<ConsistencyProof> {
  const head = await currentHead(db, signing, actor.organizationId);
  const toSize = to ?? head.treeSize;
  if (toSize > head.treeSize) {
    throw invalid(`The log has ${head.treeSize} leaves; it cannot prove a tree of ${toSize}`);
  }
  if (from > toSize) throw invalid(`from (${from}) must not exceed to (${toSize})`);
  const { proof, fromRoot, toRoot } = await storedConsistencyProof(
    db,
    actor.organizationId,
    from,
    toSize,
  );
  return {
    fromSize: from,
    toSize,
    fromRoot,
    toRoot,
    proof,
    fromHead: await headAtSize(db, actor.organizationId, from),
    toHead: toSize === head.treeSize ? head : await headAtSize(db, actor.organizationId, toSize),
  };
}

/**
 * How many leaves the organization's log holds: it grows with every change to a training record
 * or the audit trail (in the same transaction), so figures computed over those can be kept until
 * it moves. One primary-key read.
 */
export async function ledgerSize(db: DbOrTx, organizationId: string): Promise<number> {
  const [state] = await db
    .select({ size: ledgerStates.treeSize })
    .from(ledgerStates)
    .where(eq(ledgerStates.organizationId, organizationId));
  return Number(state?.size ?? 0);
}

/**
 * The proof of a leaf against the latest checkpoint that witnesses cosigned and that holds it,
 * when there is one newer than the leaf, so the bundle carries their cosignatures; otherwise the
 * proof as given (against the current head).
 */
export async function preferCosignedHead(
  db: Database,
  proof: InclusionProof,
  organizationId: string,
): Promise<InclusionProof> {
  const [row] = await db
    .select({ size: max(ledgerCosignatures.treeSize) })
    .from(ledgerCosignatures)
    .where(
      and(
        eq(ledgerCosignatures.organizationId, organizationId),
        gt(ledgerCosignatures.treeSize, proof.leafIndex),
      ),
    );
  const size = row?.size === null || row?.size === undefined ? null : Number(row.size);
  if (size === null || size === proof.treeSize || size > proof.treeSize) return proof;
  const head = await headAtSize(db, organizationId, size);
  if (!head) return proof;
  return {
    ...proof,
    treeSize: size,
    auditPath: await storedInclusionProof(db, organizationId, proof.leafIndex, size),
    head,
  };
}

/** Organizations with at least one witness configured. */
async function organizationsWithWitnesses(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: ledgerWitnesses.organizationId })
    .from(ledgerWitnesses)
    .where(isNull(ledgerWitnesses.removedAt));
  return rows.map((r) => r.organizationId);
}

/**
 * Every `intervalMs`: a signed head for each organization whose log grew, then its checkpoint to
 * the witnesses that have not cosigned it (the jobs sent on demand do the same sooner). Returns a
 * stop function.
 */
export function startLedgerTimers(
  db: Database,
  signing: LedgerSigning,
  onError: (error: unknown) => void,
  intervalMs: number,
): () => void {
  // Once per period across every node: heads are signed and checkpoints cosigned by one of them.
  return everyPeriodOnOneNode(
    db,
    'ledger-heads',
    intervalMs,
    NODE_ID,
    async () => {
      await signPendingHeads(db, signing, (error) => onError(error));
      for (const organizationId of await organizationsWithWitnesses(db)) {
        await cosignCheckpoint(db, signing, organizationId).catch(onError);
      }
    },
    onError,
  );
}

/** The head of this size as a checkpoint note with its cosignatures, and the key that signed it. */
export async function checkpointOfHead(db: Database, organizationId: string, treeSize: number) {
  const [head] = await db
    .select()
    .from(ledgerHeads)
    .where(and(eq(ledgerHeads.organizationId, organizationId), eq(ledgerHeads.treeSize, treeSize)));
  if (!head) throw new Error(`no signed head of size ${treeSize}`);
  const [key] = await db.select().from(ledgerKeys).where(eq(ledgerKeys.id, head.keyId));
  if (!key) throw new Error(`ledger key ${head.keyId} is missing`);
  return { note: await checkpointNoteOf(db, head), publicKey: toPublicKey(key) };
}

/** The current checkpoint and the key that signed it, for reports (reports/pdf.ts). */
export async function ledgerAnchor(db: Database, signing: LedgerSigning, organizationId: string) {
  const head = await currentHead(db, signing, organizationId);
  const { note, publicKey } = await checkpointOfHead(db, organizationId, head.treeSize);
  return {
    fingerprint: publicKey.fingerprint,
    origin: publicKey.origin,
    vkey: publicKey.vkey,
    publicKeyHex: publicKey.publicKeyHex,
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    checkpoint: note,
    cosignatures:
      note
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('\u2014 ')).length - 1,
  };
}

export interface RecordProof {
  recordId: string;
  version: number;
  leaf: string;
  leafIndex: number;
  leafHash: string;
  auditPath: string[];
}

/**
 * The head a set of proofs is made against: the latest, signed now if the log grew since its
 * last head, as a checkpoint with the key that signed it. Taken after the records were read, so
 * it covers every version they show.
 */
export async function proofHead(db: Database, signing: LedgerSigning, organizationId: string) {
  const head = await currentHead(db, signing, organizationId);
  const { note, publicKey } = await checkpointOfHead(db, organizationId, head.treeSize);
  return { head, checkpoint: note, publicKey };
}

/**
 * The leaves of these training-record versions and their audit paths to the tree of `treeSize`
 * (proof archives and Audit reports): one query for the leaves, then the O(log n) stored hashes
 * of each path. A version the tree does not hold yet is left out; the caller says so.
 */
export async function recordProofs(
  db: Database,
  organizationId: string,
  versions: { recordId: string; version: number }[],
  treeSize: number,
): Promise<Map<string, RecordProof>> {
  const proofs = new Map<string, RecordProof>();
  if (versions.length === 0) return proofs;
  const wanted = new Map(versions.map((v) => [v.recordId, v.version]));
  const rows = await db
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordType, 'training_event'),
        inArray(ledgerLeaves.recordId, [...wanted.keys()]),
        lt(ledgerLeaves.leafIndex, treeSize),
      ),
    );
  for (const row of rows) {
    if (wanted.get(row.recordId) !== row.version) continue;
    const leafIndex = Number(row.leafIndex);
    proofs.set(row.recordId, {
      recordId: row.recordId,
      version: row.version,
      leaf: row.leaf,
      leafIndex,
      leafHash: row.leafHash,
      auditPath: await storedInclusionProof(db, organizationId, leafIndex, treeSize),
    });
  }
  return proofs;
}
